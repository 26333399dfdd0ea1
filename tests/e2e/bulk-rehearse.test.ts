import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '../../cli/bulk/results-file.js';
import { openDatabase } from '../../sandbox/db/database.js';
import { one, oneValue } from '../../sandbox/kit/sql.js';
import {
  fingerprint,
  outcome,
  resultsOf,
  startProduction,
  stopProduction,
  writes,
  type Invoice,
  type Rehearsal,
  type ResultRow,
} from '../helpers/rehearse.js';
import type { SandboxProcess } from '../helpers/sandbox-process.js';

// A mark-paid plan rehearsed on what `edshed sandbox import` makes of the plan's schools: production's write
// counter stays where it was, FILE keeps its bytes, and applying the plan to production afterwards gives every
// item the outcome the rehearsal gave it. Other plans: bulk-rehearse-large.test.ts; local checks:
// bulk-rehearse-checks.test.ts.

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
  afterAll(() => stopProduction(production));

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
    // Wrapped at 80 columns (stderr is no terminal here): read as one line.
    expect(String(rehearsal.stderr).replace(/\s+/g, ' ')).toContain(
      `the plan's real target (profile default, ${production.url}) is not contacted`,
    );
    // (The closing error line is the CLI's, as every command's: not wrapped.)
    const notes = String(rehearsal.stderr)
      .split('\n')
      .filter((line) => !line.startsWith('edshed: '));
    expect(notes.filter((line) => line.length > 80)).toEqual([]);
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
    expect(
      String(again.stdout)
        .split('\n')
        .filter((line) => line.length > 80),
    ).toEqual([]);
    expect(await writes(production)).toEqual(before);
  });

  it('stops on Ctrl-C with exit 130, removing its copy, production untouched', async () => {
    const before = await writes(production);
    const child = production.edshed(['bulk', 'rehearse', plan, '--db', file, '--rate', '0.5']);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.replace(/\s+/g, ' ').includes('is not contacted')) resolve();
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
