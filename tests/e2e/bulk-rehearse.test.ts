import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '../../cli/bulk/results-file.js';
import { copyDatabase } from '../../sandbox/db/copy.js';
import { openDatabase } from '../../sandbox/db/database.js';
import type { Row } from '../../sandbox/db/rows.js';
import { one, oneValue } from '../../sandbox/kit/sql.js';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

// A rehearsal applies a saved plan to a throw-away copy of a sandbox database and says what production
// would do. Production is played by a sandbox on a file database; the rehearsal's FILE is what `edshed
// sandbox import` makes of the plan's schools (the mark-paid plan), or a copy of the whole database.
// Whatever the rehearsal does, production's write counter stays where it was, FILE keeps its bytes, and
// applying the plan to production afterwards gives every item the outcome the rehearsal gave it.

/** FILE for a rehearsal: a consistent copy of production's whole database, taken while production serves it. */
async function copyOfProduction(productionDb: string, file: string): Promise<string> {
  await copyDatabase(productionDb, file);
  return file;
}

type Invoice = Pick<Row<'invoices'>, 'id' | 'number' | 'school_id' | 'state' | 'total' | 'currency'>;

interface Writes {
  readonly total: number;
  readonly writes: readonly { route: string; target: string; count: number }[];
}

async function writes(production: SandboxProcess): Promise<Writes> {
  const answer = await production.edshed(['api', 'GET', '__sandbox/writes']);
  expect(answer.exitCode).toBe(0);
  return JSON.parse(String(answer.stdout)) as Writes;
}

/** A database file's bytes, as a hash, and the files of its name beside it (-wal, -shm): what a rehearsal must leave as it found them. */
function fingerprint(file: string): { hash: string; files: string[] } {
  const name = basename(file);
  return {
    hash: createHash('sha256').update(readFileSync(file)).digest('hex'),
    files: readdirSync(dirname(file))
      .filter((f) => f.startsWith(name))
      .sort(),
  };
}

interface Rehearsal {
  readonly command: string;
  readonly items: {
    index: number;
    line: number;
    target_id: number | null;
    path: string;
    outcome: string;
    http_status: number | null;
    message: string;
  }[];
  readonly totals: Record<string, number>;
  readonly changes: {
    readonly invoices: {
      id: number;
      before: { state: string; total: number; currency: string } | null;
      after: { state: string; total: number; currency: string } | null;
    }[];
    readonly subscriptions: {
      id: number;
      before: { school_id: number; state: string } | null;
      after: { school_id: number; state: string } | null;
    }[];
  };
}

type ResultRow = Record<(typeof RESULT_COLUMNS)[number], string>;

function resultsOf(file: string): { header: string; rows: ResultRow[] } {
  const text = readFileSync(file, 'utf8');
  return { header: text.split('\n')[0] ?? '', rows: parse(text, { columns: true }) as ResultRow[] };
}

/** A results row without its request id (each server numbers its own requests). */
const outcome = ({ request_id: _id, ...rest }: ResultRow) => rest;

/** Production on a file database, signed in; the folder holds the files and the rehearsals' temporary folders (TMPDIR). */
async function startProduction(
  seed: 'demo' | 'large',
): Promise<{ production: SandboxProcess; dir: string; db: string; temp: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-rehearse-e2e-'));
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  const db = join(dir, 'production.db');
  const production = await startSandboxProcess(['--db', db, '--seed', seed], { dir, env: { TMPDIR: temp } });
  const login = await production.edshed(
    ['login', '--api-url', production.url, '-u', 'superuser', '--password-stdin'],
    'sandbox\n',
  );
  expect(login.exitCode).toBe(0);
  return { production, dir, db, temp };
}

describe('bulk rehearse: a mark-paid plan over open and already-paid invoices', () => {
  let production: SandboxProcess;
  let dir: string;
  let temp: string;
  let file: string;
  let plan: string;
  let schools: number[];
  let planned: Invoice[];
  let open: number[];
  let paid: number[];
  beforeAll(async () => {
    ({ production, dir, temp } = await startProduction('demo'));
    const invoices = async (state: string) =>
      (
        JSON.parse(
          String((await production.edshed(['invoices', 'list', '--state', state, '--take', '100', '--json'])).stdout),
        ) as { invoices: Invoice[] }
      ).invoices;
    // The chosen schools are those of three open invoices; the plan's paid invoices are of the same schools.
    const opened = (await invoices('open')).slice(0, 3);
    schools = [...new Set(opened.map((i) => i.school_id))].sort((a, b) => a - b);
    const settled = (await invoices('paid')).filter((i) => schools.includes(i.school_id)).slice(0, 2);
    open = opened.map((i) => i.id);
    paid = settled.map((i) => i.id);
    planned = [...opened, ...settled];
    const csv = join(dir, 'payments.csv');
    plan = join(dir, 'plan.json');
    writeFileSync(csv, `id\n${[...open, ...paid].join('\n')}\n`);
    const today = new Date().toISOString().slice(0, 10);
    const dry = await production.edshed([
      'invoices',
      'mark-paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--date',
      today,
      '--dry-run',
      '--plan',
      plan,
    ]);
    expect(dry.exitCode).toBe(0);
    file = join(dir, 'production-copy.db');
    const imported = await production.edshed([
      'sandbox',
      'import',
      ...schools.flatMap((id) => ['--school', String(id)]),
      '--db',
      file,
    ]);
    expect(imported.exitCode, String(imported.stderr)).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await production.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("imports the plan's invoices under production's ids, with their billing facts", () => {
    // Read from a duplicate: opening FILE itself would add its -wal beside it.
    const duplicate = join(dir, 'duplicate.db');
    copyFileSync(file, duplicate);
    const copy = openDatabase(duplicate);
    try {
      const rows = planned.map((i) =>
        one<Invoice>(copy, 'SELECT id, number, school_id, state, total, currency FROM invoices WHERE id = ?', i.id),
      );
      expect(rows).toEqual(
        planned.map(({ id, number, school_id, state, total, currency }) => ({
          id,
          number,
          school_id,
          state,
          total,
          currency,
        })),
      );
      // Nothing of a school not chosen.
      expect(
        oneValue<number>(copy, `SELECT COUNT(*) FROM invoices WHERE school_id NOT IN (${schools.join(', ')})`),
      ).toBe(0);
    } finally {
      copy.close();
      rmSync(duplicate);
    }
  });

  it('reports each item (done, refused with the API reason), the totals and the invoices changed; production and FILE untouched', async () => {
    expect(open).toHaveLength(3);
    expect(paid).toHaveLength(2);
    const before = await writes(production);
    const bytes = fingerprint(file);
    const results = join(dir, 'rehearsal.csv');
    const rehearsal = await production.edshed(['bulk', 'rehearse', plan, '--db', file, '--results', results, '--json']);
    // Some items would not be done: exit 3, as bulk apply's run would end.
    expect(rehearsal.exitCode).toBe(3);
    expect(rehearsal.stderr).toContain(`the plan's real target (profile default, ${production.url}) is not contacted`);
    const report = JSON.parse(String(rehearsal.stdout)) as Rehearsal;
    expect(report.command).toBe('invoices mark-paid');
    expect(report.items.map((item) => [item.target_id, item.outcome])).toEqual([
      ...open.map((id) => [id, 'done']),
      ...paid.map((id) => [id, 'refused']),
    ]);
    for (const item of report.items.slice(open.length)) {
      expect(item.http_status).toBe(409);
      expect(item.message).toContain(`Invoice ${item.target_id} is paid`);
    }
    expect(report.totals).toEqual({ done: 3, refused: 2, drift: 0, 'set aside': 0, failed: 0 });
    expect(report.changes.invoices.map((change) => [change.id, change.before?.state, change.after?.state])).toEqual(
      [...open].sort((a, b) => a - b).map((id) => [id, 'open', 'paid']),
    );
    expect(report.changes.subscriptions).toEqual([]);
    expect(resultsOf(results).header).toBe(RESULT_COLUMNS.join(','));
    expect(resultsOf(results).rows.map((row) => row.status)).toEqual(['done', 'done', 'done', 'failed', 'failed']);

    expect(await writes(production)).toEqual(before);
    expect(fingerprint(file)).toEqual(bytes);
    // The copy and the rehearsal's own profile and journal are gone.
    expect(readdirSync(temp)).toEqual([]);
    // The user's own runs know nothing of it.
    expect(String((await production.edshed(['runs', 'list'])).stdout)).not.toContain('invoices mark-paid');
  });

  it('rehearses again with the same outcome (FILE was left as it was), as text', async () => {
    const before = await writes(production);
    const again = await production.edshed(['bulk', 'rehearse', plan, '--db', file]);
    expect(again.exitCode).toBe(3);
    expect(again.stdout).toContain('Outcomes: 3 done, 2 refused of 5');
    expect(again.stdout).toMatch(/Invoices changed: 3\n {2}open → paid: 3, /);
    expect(again.stdout).toContain(`line 5: superuser/invoices/${paid[0]}/paid: refused (409 `);
    expect(again.stdout).toContain('Subscriptions changed: none');
    expect(await writes(production)).toEqual(before);
  });

  it('stops on Ctrl-C with exit 130, removing its copy, production untouched', async () => {
    const before = await writes(production);
    const child = production.edshed(['bulk', 'rehearse', plan, '--db', file, '--rate', '0.5']);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('is not contacted')) resolve();
      });
    });
    child.kill('SIGINT');
    const stopped = await child;
    expect(stopped.exitCode).toBe(130);
    expect(String(stopped.stderr)).toContain('the rehearsal stopped: interrupted; nothing was sent to production');
    expect(readdirSync(temp)).toEqual([]);
    expect(await writes(production)).toEqual(before);
  });

  it('applied to production afterwards, gives every item the outcome the rehearsal gave it', async () => {
    const rehearsed = join(dir, 'rehearsed-again.ndjson');
    const applied = join(dir, 'applied.ndjson');
    expect((await production.edshed(['bulk', 'rehearse', plan, '--db', file, '--results', rehearsed])).exitCode).toBe(
      3,
    );
    const run = await production.edshed(['bulk', 'apply', plan, '--yes', '--results', applied]);
    expect(run.exitCode).toBe(3);
    const lines = (path: string) =>
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((line) => outcome(JSON.parse(line) as ResultRow));
    expect(lines(applied)).toEqual(lines(rehearsed));
    expect(lines(applied).map((row) => row.status)).toEqual(['done', 'done', 'done', 'failed', 'failed']);
    const counts = new Map(
      (await writes(production)).writes
        .filter((w) => w.route === 'POST superuser/invoices/{id}/paid')
        .map((w) => [w.target, w.count]),
    );
    for (const id of open) expect(counts.get(`superuser/invoices/${id}/paid`)).toBe(1);
  });
});

describe('bulk rehearse: a moves plan and a reconcile plan, on the large seed', () => {
  let production: SandboxProcess;
  let dir: string;
  let db: string;
  // The large seed takes a while to build on a busy machine.
  beforeAll(async () => {
    ({ production, dir, db } = await startProduction('large'));
  }, 120_000);
  afterAll(async () => {
    await production.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the drift and the moves by school, and moves nothing in production', async () => {
    const listed = JSON.parse(
      String((await production.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout),
    ) as Record<string, unknown>;
    const to = 2;
    const subs = (Object.values(listed).find(Array.isArray) as { id: number; school_id: number; state: string }[])
      .filter((s) => s.state === 'active' && s.school_id !== to)
      .slice(0, 3);
    expect(subs).toHaveLength(3);
    const csv = join(dir, 'moves.csv');
    const plan = join(dir, 'moves-plan.json');
    writeFileSync(csv, `id\n${subs.map((s) => s.id).join('\n')}\n`);
    expect(
      (
        await production.edshed([
          'subscriptions',
          'move',
          '--from',
          csv,
          '--to',
          String(to),
          '--dry-run',
          '--plan',
          plan,
        ])
      ).exitCode,
    ).toBe(0);
    const [changed, ...moved] = subs;
    expect(
      (await production.edshed(['subscriptions', 'cancel-at-expiry', String(changed?.id), '--yes'])).exitCode,
    ).toBe(0);
    const file = await copyOfProduction(db, join(dir, 'copy.db'));
    const before = await writes(production);
    const rehearsal = await production.edshed(['bulk', 'rehearse', plan, '--db', file, '--json']);
    expect(rehearsal.exitCode).toBe(3);
    const report = JSON.parse(String(rehearsal.stdout)) as Rehearsal;
    expect(report.items.map((item) => [item.target_id, item.outcome])).toEqual(
      subs.map((s) => [s.id, s === changed ? 'drift' : 'done']),
    );
    expect(report.items[0]?.message).toMatch(/^drift: was active, now \w+/);
    expect(report.totals).toMatchObject({ done: 2, drift: 1 });
    expect(
      report.changes.subscriptions.map((change) => [change.id, change.before?.school_id, change.after?.school_id]),
    ).toEqual(moved.map((s) => [s.id, s.school_id, to]));
    const text = await production.edshed(['bulk', 'rehearse', plan, '--db', file]);
    expect(text.exitCode).toBe(3);
    expect(text.stdout).toMatch(/line 2: .*: drift \(was active, now \w+\)/);
    expect(text.stdout).toContain('Subscriptions changed: 2');
    for (const s of moved)
      expect(text.stdout).toContain(`    subscription ${s.id}: school ${s.school_id} → school ${to}`);
    expect(await writes(production)).toEqual(before);
  });
  it("a reconcile plan: marks the confident lines' invoices paid on the copy, and nothing in production", async () => {
    const statement = join(dir, 'statement.csv');
    expect(
      (await production.edshed(['sandbox', 'statement', '--seed', '3', '--lines', '12', '--out', statement])).exitCode,
    ).toBe(0);
    const planFile = join(dir, 'reconcile-plan.json');
    const planned = await production.edshed(['invoices', 'reconcile', statement, '--plan', planFile, '--json']);
    expect(planned.exitCode, String(planned.stderr)).toBe(0);
    const ids = (JSON.parse(String(planned.stdout)) as { items: { target_id: number }[] }).items.map(
      (item) => item.target_id,
    );
    expect(ids.length).toBeGreaterThan(0);
    const file = await copyOfProduction(db, join(dir, 'reconcile-copy.db'));
    const before = await writes(production);
    const rehearsal = await production.edshed(['bulk', 'rehearse', planFile, '--db', file, '--json']);
    expect(rehearsal.exitCode, String(rehearsal.stderr)).toBe(0);
    const report = JSON.parse(String(rehearsal.stdout)) as Rehearsal;
    expect(report.command).toBe('invoices mark paid');
    expect(report.totals).toMatchObject({ done: ids.length, refused: 0, drift: 0, failed: 0 });
    expect(report.changes.invoices.map((change) => [change.id, change.after?.state])).toEqual(
      [...new Set(ids)].sort((a, b) => a - b).map((id) => [id, 'paid']),
    );
    expect(await writes(production)).toEqual(before);
  });
});

describe('bulk rehearse: local checks exit 2 before anything starts', () => {
  let production: SandboxProcess;
  let dir: string;
  let temp: string;
  let db: string;
  let plan: string;
  beforeAll(async () => {
    ({ production, dir, temp, db } = await startProduction('demo'));
    const csv = join(dir, 'payments.csv');
    plan = join(dir, 'plan.json');
    writeFileSync(csv, 'id,date\n8,2026-11-02\n');
    expect(
      (
        await production.edshed([
          'invoices',
          'mark-paid',
          '--from',
          csv,
          '--method',
          'bacs',
          '--dry-run',
          '--plan',
          plan,
        ])
      ).exitCode,
    ).toBe(0);
  });
  afterAll(async () => {
    await production.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a missing FILE, a file that is no database, a plan that is no plan and a --results path it cannot write', async () => {
    const before = await writes(production);
    const file = await copyOfProduction(db, join(dir, 'copy.db'));
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database\n');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, readFileSync(plan, 'utf8').replace('"version": 1', '"version": "one"'));
    const cases: [string[], RegExp][] = [
      [
        ['bulk', 'rehearse', plan, '--db', join(dir, 'missing.db')],
        /--db .*missing\.db: no such file; nothing was sent/,
      ],
      [['bulk', 'rehearse', plan, '--db', text], /--db .*notes\.txt: not a database/],
      [['bulk', 'rehearse', broken, '--db', file], /broken\.json: not a valid plan \(version/],
      [['bulk', 'rehearse', join(dir, 'none.json'), '--db', file], /none\.json: cannot read the plan/],
      [['bulk', 'rehearse', plan, '--db', file, '--results', join(dir, 'out.txt')], /--results/],
      [
        ['bulk', 'rehearse', plan, '--db', file, '--results', join(dir, 'no-such-folder', 'out.csv')],
        /--results .*out\.csv: cannot write there/,
      ],
      [['bulk', 'rehearse', plan], /--db/],
    ];
    for (const [args, message] of cases) {
      const run = await production.edshed(args);
      expect({ args, exit: run.exitCode }).toEqual({ args, exit: 2 });
      expect(String(run.stderr)).toMatch(message);
    }
    expect(readdirSync(temp)).toEqual([]);
    expect(await writes(production)).toEqual(before);
  });

  it('teaches in --help', async () => {
    const help = await production.edshed(['bulk', 'rehearse', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('--db <file>');
    expect(help.stdout).toContain('edshed bulk rehearse plan.json --db production-copy.db');
    expect(help.stdout).toMatch(/nothing is sent to the plan's real target/);
  });
});
