import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../sandbox/db/database.js';
import { seed } from '../../sandbox/db/seed/index.js';
import { brokenReferences } from '../../sandbox/db/copy/write-copy.js';
import { all, allValues, oneValue } from '../../sandbox/kit/sql.js';
import { countingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startSandboxProcess, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Production is played by a second sandbox (large seed) on a file, with markers planted in every
// personal field of the chosen schools; the copies are read back as files and through a sandbox of their own.
const CHOSEN = [1, 2, 10];
const MARKER = /zqx/i;
let dir: string;
let production: SandboxProcess;
let token: string;
let proxy: CountingProxy;
/** The teacher of another school planted in a group of school 1. */
let outsideTeacher: number;

/** Plants a marker in each personal field of the chosen schools, and references outside them. */
function plantMarkers(db: Db): void {
  const chosen = CHOSEN.join(', ');
  db.exec(`
    UPDATE users SET first_name = 'ZqxFirst' || id, last_name = 'ZqxLast' || id, display_name = 'ZqxShown ' || id, username = 'zqxuser' || id,
      email = 'zqxmail' || id || '@school.example', school_username = CASE WHEN school_username IS NULL THEN NULL ELSE 'zqxsu' || id END
      WHERE school_id IN (${chosen});
    UPDATE addresses SET address = json_object('lines', json_array('ZqxStreet ' || id), 'town', 'ZqxTown', 'postcode', 'ZQX 1AB', 'country', 'GB') WHERE school_id IN (${chosen});
    UPDATE school_groups SET name = 'ZqxGroup ' || id, data = json_set(data, '$.description', 'ZqxNote about ' || id) WHERE school_id IN (${chosen});
    UPDATE invoices SET description = 'ZqxNote invoice ' || id WHERE school_id IN (${chosen});
    UPDATE sales_people SET name = 'Zqx Sales ' || id;
    UPDATE cancellations SET reason = 'ZqxReason ' || id WHERE school_id IN (${chosen});
    INSERT INTO group_teachers (group_id, user_id, added_at)
      SELECT (SELECT MIN(id) FROM school_groups WHERE school_id = 1), (SELECT MIN(id) FROM users WHERE school_id = 5 AND kind = 'teacher'), '2026-09-01T09:00:00.000Z';
    UPDATE subscriptions SET moved_from_school_id = 7 WHERE id = (SELECT MIN(id) FROM subscriptions WHERE school_id = 10);
    INSERT INTO payment_methods (school_id, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at)
      VALUES (1, 'pm_zqx_live_token', 'mastercard', '5454', 11, 2031, 1, '2026-09-01T09:00:00.000Z'), (2, 'pm_zqx_other', 'visa', '1881', 3, 2030, 0, '2026-09-01T09:00:00.000Z');
    INSERT INTO invoice_credits (invoice_id, kind, amount, currency, reason, created_at)
      SELECT id, 'credit', 150, currency, 'ZqxCredit for ' || id, '2026-09-02T09:00:00.000Z' FROM invoices WHERE id = (SELECT MIN(id) FROM invoices WHERE school_id = 2);
  `);
}

const api = async (base: string, path: string, key = token): Promise<Record<string, unknown>> => {
  const answer = await fetch(new URL(path, base), { headers: { 'x-token': key } });
  return (await answer.json()) as Record<string, unknown>;
};
const writes = async (): Promise<unknown> => (await api(production.url, '__sandbox/writes'))['total'];

/** Every row of every table of a database file (but those of `besides`), as text, in a fixed order. */
function dump(path: string, besides: readonly string[] = []): string {
  const db = openDatabase(path);
  try {
    const tables = allValues<string>(
      db,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    ).filter((t) => !besides.includes(t));
    // Some tables have no rowid: each table's rows sorted as text.
    return JSON.stringify(
      tables.map((t) => [
        t,
        all(db, `SELECT * FROM "${t}"`)
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

/** The import's temporary files beside `file` (`FILE.import-PID.tmp` and its -wal, -shm). */
const temps = (file: string) =>
  readdirSync(dirname(file)).filter((name) => name.startsWith(`${basename(file)}.import-`));

const importInto = (db: string, more: readonly string[] = [], via = production.url) =>
  production.edshed([
    'sandbox',
    'import',
    ...CHOSEN.flatMap((id) => ['--school', String(id)]),
    '--db',
    db,
    '--json',
    '--api-url',
    via,
    '--token',
    token,
    ...more,
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'edshed-import-'));
  const file = join(dir, 'production.db');
  const db = openDatabase(file);
  seed(db, { size: 'large' });
  plantMarkers(db);
  outsideTeacher = oneValue<number>(db, "SELECT MIN(id) FROM users WHERE school_id = 5 AND kind = 'teacher'") ?? 0;
  db.close();
  production = await startSandboxProcess(['--db', file, '--rate-limit', '100000']);
  const signIn = await fetch(new URL('auth', production.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superuser', password: 'sandbox' }),
  });
  token = String(((await signIn.json()) as { token: string }).token);
  proxy = await countingProxy(production.url, {
    rewrite: (route, body) => {
      if (route !== 'GET /subscriptions/invoices') return body;
      const reply = body as { invoices: Record<string, unknown>[] };
      return { ...reply, invoices: reply.invoices.map((invoice) => ({ ...invoice, bank_account: '12345678' })) };
    },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await production?.stop();
});

describe('edshed sandbox import', () => {
  let copy: string;
  let manifest: {
    stubs: { table: string; id: number }[];
    schools: { id: number }[];
    tables: Record<string, number>;
    not_copied: { table: string; why: string }[];
  };

  beforeAll(async () => {
    copy = join(dir, 'copy.db');
    const before = await writes();
    const run = await importInto(copy);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    manifest = JSON.parse(String(run.stdout)) as typeof manifest;
    // Reading is all it did: production's write counter has not moved.
    expect(await writes()).toBe(before);
  }, 120_000);

  it('leaves no marker, production email or username in the files, and no email that can be delivered', () => {
    for (const file of [copy, `${copy}-wal`])
      if (existsSync(file)) expect(MARKER.test(readFileSync(file).toString('latin1')), file).toBe(false);
    const db = openDatabase(copy);
    try {
      const emails = allValues<string>(db, 'SELECT email FROM users WHERE email IS NOT NULL');
      expect(emails.length).toBeGreaterThan(3);
      expect(emails.filter((e) => !e.endsWith('.invalid'))).toEqual([]);
      expect(brokenReferences(db)).toEqual([]);
      // Nothing of another school but the declared stubs.
      const stubbed = (table: string) => manifest.stubs.filter((s) => s.table === table).map((s) => s.id);
      const outside = (sql: string, table: string) =>
        allValues<number>(db, sql).filter((id) => !stubbed(table).includes(id));
      const chosen = CHOSEN.join(', ');
      expect(outside(`SELECT id FROM schools WHERE id NOT IN (${chosen})`, 'schools')).toEqual([]);
      expect(
        outside(
          `SELECT id FROM users WHERE (school_id IS NULL OR school_id NOT IN (${chosen})) AND username <> 'superuser'`,
          'users',
        ),
      ).toEqual([]);
      expect(outside(`SELECT id FROM subscriptions WHERE school_id NOT IN (${chosen})`, 'subscriptions')).toEqual([]);
      expect(oneValue<number>(db, `SELECT COUNT(*) FROM invoices WHERE school_id NOT IN (${chosen})`)).toBe(0);
      expect(stubbed('users')).toContain(outsideTeacher);
      expect(stubbed('schools')).toEqual([7]);
      // Saved cards are sandbox test cards: no production token or digits.
      expect(
        allValues<string>(db, "SELECT provider_ref || ' ' || last4 FROM payment_methods ORDER BY id").filter(
          (card) => !/^pm_card_(visa 4242|mastercard 4444|amex 8431)$/.test(card),
        ),
      ).toEqual([]);
      expect(manifest.tables['invoice_credits']).toBe(oneValue<number>(db, 'SELECT COUNT(*) FROM invoice_credits'));
      // What no GET route gives is declared, and the copy holds none of it.
      expect(manifest.not_copied.map((n) => n.table)).toEqual(
        expect.arrayContaining(['subscription_members', 'district_allocations']),
      );
      for (const table of manifest.not_copied.map((n) => n.table))
        expect(oneValue<number>(db, `SELECT COUNT(*) FROM ${table}`), table).toBe(0);
    } finally {
      db.close();
    }
  });

  it("holds, for each chosen school, production's counts and invoices by state, served by a sandbox of its own", async () => {
    // A duplicate is served: signing in to it writes a session, and the copy itself stays as imported.
    const servedFile = join(dir, 'served.db');
    copyFileSync(copy, servedFile);
    const served = await startSignedInSandbox('superuser', ['--db', servedFile]);
    try {
      const copyToken = String(
        (
          (await (
            await fetch(new URL('auth', served.url), {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{"username":"superuser","password":"sandbox"}',
            })
          ).json()) as { token: string }
        ).token,
      );
      const facts = async (base: string, key: string, id: number) => {
        const { school } = (await api(base, `schools/${id}`, key)) as { school: Record<string, unknown> };
        const total = async (path: string) => (await api(base, path, key))['total'];
        const byState: Record<string, unknown> = {};
        for (const state of ['open', 'promised', 'paid', 'void', 'uncollectable', 'refunded'])
          byState[state] = await total(`subscriptions/invoices?school_id=${id}&state=${state}&take=1`);
        const invoices: { id: number; shareable_id: string }[] = [];
        for (let skip = 0; ; skip += 100) {
          const page = (await api(base, `subscriptions/invoices?school_id=${id}&take=100&skip=${skip}`, key))[
            'invoices'
          ] as { id: number; shareable_id: string }[];
          invoices.push(...page);
          if (page.length < 100) break;
        }
        const credits: unknown[] = [];
        for (const invoice of invoices) {
          const shared = (await api(base, `subscriptions/invoices/${invoice.shareable_id}`, key))['invoice'] as {
            credits: { kind: string; amount: number; currency: string; created_at: string }[];
          };
          for (const c of shared.credits) credits.push([invoice.id, c.kind, c.amount, c.currency, c.created_at]);
        }
        const cards = (
          (await api(base, `schools/${id}/paymentMethods`, key))['paymentMethods'] as Record<string, unknown>[]
        ).map((m) => [m['id'], m['brand'], m['is_default'], m['exp_month'], m['exp_year']]);
        return {
          credits,
          cards,
          pupils: school['pupil_count'],
          teachers: school['teacher_count'],
          groups: school['group_count'],
          subscriptions: await total(`schoolsubscriptions?school_id=${id}&take=1`),
          invoices: await total(`subscriptions/invoices?school_id=${id}&take=1`),
          byState,
        };
      };
      const all: { credits: unknown[]; cards: unknown[] }[] = [];
      for (const id of CHOSEN) {
        const theirs = await facts(production.url, token, id);
        expect(await facts(served.url, copyToken, id), `school ${id}`).toEqual(theirs);
        all.push(theirs);
      }
      // There was something to copy: the seed's refunds and the planted credit, the planted cards.
      expect(all.flatMap((f) => f.credits).length).toBeGreaterThan(0);
      expect(all.flatMap((f) => f.cards).length).toBeGreaterThanOrEqual(2);
    } finally {
      await served.stop();
    }
  }, 60_000);

  it('gives identical content for the same key, other pseudonyms for another key', async () => {
    const again = join(dir, 'again.db');
    expect((await importInto(again)).exitCode).toBe(0);
    expect(dump(again)).toBe(dump(copy));
    const keyFile = join(dir, 'other.key');
    writeFileSync(keyFile, `${'ab'.repeat(32)}\n`, { mode: 0o600 });
    const other = join(dir, 'other.db');
    expect((await importInto(other, ['--key', keyFile])).exitCode).toBe(0);
    const names = (file: string) => {
      const db = openDatabase(file);
      try {
        return allValues<string>(db, "SELECT username FROM users WHERE username <> 'superuser' ORDER BY id");
      } finally {
        db.close();
      }
    };
    const [mine, theirs] = [names(copy), names(other)];
    expect(theirs).toHaveLength(mine.length);
    expect(theirs.filter((name, i) => name === mine[i])).toEqual([]);
  }, 120_000);

  it('waits out the 429s production answers (Retry-After), showing each wait, and makes the same copy', async () => {
    // Production's own fault injection: a seeded share of its answers are 429 with Retry-After: 1.
    const faults = async (spec: string) => {
      const answer = await fetch(new URL('__sandbox/faults', production.url), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults: spec }),
      });
      expect(answer.status).toBe(200);
    };
    const limited = join(dir, 'limited.db');
    await faults('429=0.05,seed=4');
    let run: Awaited<ReturnType<typeof importInto>>;
    try {
      run = await importInto(limited);
    } finally {
      await faults('');
    }
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const waits =
      String(run.stderr).match(/request \d+: rate limited \(429\); waiting 1\.0 s, then sending it again/g) ?? [];
    expect(waits.length, String(run.stderr)).toBeGreaterThan(0);
    expect(dump(limited)).toBe(dump(copy));
  }, 120_000);

  it('refreshes the chosen schools in place: an unchanged source gives the same content', async () => {
    // The session cache's version counts every change to users up, and only up (sandbox/db/fast): the rows are what must not change.
    const before = dump(copy, ['cache_versions']);
    const run = await production.edshed([
      'sandbox',
      'import',
      '--school',
      '10',
      '--db',
      copy,
      '--refresh',
      '--api-url',
      production.url,
      '--token',
      token,
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(dump(copy, ['cache_versions'])).toBe(before);
  }, 60_000);

  it('refreshes only the chosen schools: a change in production shows in them, not in the others', async () => {
    const openOf = async (school: number) =>
      (
        (await api(production.url, `subscriptions/invoices?school_id=${school}&state=open&take=1`))['invoices'] as {
          id: number;
        }[]
      )[0]?.id;
    const [inTen, inOne] = [await openOf(10), await openOf(1)];
    if (inTen === undefined || inOne === undefined) throw new Error('the seed has an open invoice in schools 1 and 10');
    const today = new Date().toISOString().slice(0, 10);
    for (const id of [inTen, inOne]) {
      const paid = await fetch(new URL(`superuser/invoices/${id}/paid`, production.url), {
        method: 'POST',
        headers: { 'x-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'bacs', date: today }),
      });
      expect(paid.status).toBe(200);
    }
    const run = await production.edshed([
      'sandbox',
      'import',
      '--school',
      '10',
      '--db',
      copy,
      '--refresh',
      '--api-url',
      production.url,
      '--token',
      token,
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const db = openDatabase(copy);
    try {
      const state = (id: number) => oneValue<string>(db, 'SELECT state FROM invoices WHERE id = ?', id);
      expect([state(inTen), state(inOne)]).toEqual(['paid', 'open']);
      expect(brokenReferences(db)).toEqual([]);
    } finally {
      db.close();
    }
  }, 60_000);

  it('fails on a field its manifest does not know, naming it, and writes nothing', async () => {
    const db = join(dir, 'unknown.db');
    const run = await importInto(db, [], proxy.url);
    expect(run.exitCode).toBe(1);
    expect(String(run.stderr)).toMatch(/field "bank_account" of a invoice is not in the import manifest/);
    expect(existsSync(db)).toBe(false);
    expect(temps(db)).toEqual([]);
  }, 60_000);

  it('checks everything local before the first request (exit 2)', async () => {
    proxy.reset();
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a database\n');
    const cases: string[][] = [
      ['--school', '1', '--db', copy],
      ['--school', '1', '--db', join(dir, 'none.db'), '--refresh'],
      ['--school', '1', '--db', join(dir, 'no-such-folder', 'x.db')],
      ['--school', 'one', '--db', join(dir, 'x.db')],
      ['--school', '1', '--school', '1', '--db', join(dir, 'x.db')],
      ['--db', join(dir, 'x.db')],
      ['--school', '1', '--db', join(dir, 'x.db'), '--key', join(dir, 'no.key')],
      // A refresh of a file that is no database: found making the temporary copy, before the first request.
      ['--school', '1', '--db', notes, '--refresh'],
    ];
    for (const args of cases) {
      const run = await production.edshed(['sandbox', 'import', ...args, '--api-url', proxy.url, '--token', token]);
      expect(run.exitCode, `${args.join(' ')}: ${String(run.stderr)}`).toBe(2);
      expect(String(run.stderr)).toMatch(/nothing was sent/);
    }
    expect([...proxy.counts().keys()]).toEqual([]);
    expect(readFileSync(notes, 'utf8')).toBe('not a database\n');
    expect(temps(notes)).toEqual([]);
  }, 60_000);

  describe('stopped mid-import (a reply held by the proxy)', () => {
    /** A proxy that holds the first request for a group's pupils until released, saying when it has it. */
    async function holdingProxy() {
      let reached: () => void = () => undefined;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (reached = resolve));
      const freed = new Promise<void>((resolve) => (release = resolve));
      const holding = await countingProxy(production.url, {
        hold: (route, n) => {
          if (route !== 'GET /users/me/school/groups/{id}/pupils' || n !== 1) return undefined;
          reached();
          return freed;
        },
      });
      return { holding, held, release };
    }

    it('Ctrl-C: exit 130, the temporary copy removed, no FILE made', async () => {
      const { holding, held, release } = await holdingProxy();
      const file = join(dir, 'interrupted.db');
      try {
        const child = importInto(file, [], holding.url);
        await held;
        // The copy's temporary file is there while it reads: that is what Ctrl-C must not leave behind.
        expect(temps(file)).toContain(`${basename(file)}.import-${String(child.pid)}.tmp`);
        child.kill('SIGINT');
        const stopped = await child;
        expect(stopped.exitCode).toBe(130);
        expect(String(stopped.stderr)).toContain(
          `sandbox import stopped (interrupted): ${file} was not made, and the temporary copy is removed`,
        );
        expect(temps(file)).toEqual([]);
        expect(existsSync(file)).toBe(false);
      } finally {
        release();
        await holding.close();
      }
    }, 60_000);

    it('killed (SIGTERM) during a refresh: FILE keeps its bytes, the temporary copy removed', async () => {
      const { holding, held, release } = await holdingProxy();
      const file = join(dir, 'kept.db');
      copyFileSync(copy, file);
      const bytes = createHash('sha256').update(readFileSync(file)).digest('hex');
      try {
        const child = importInto(file, ['--refresh'], holding.url);
        await held;
        expect(temps(file)).toContain(`${basename(file)}.import-${String(child.pid)}.tmp`);
        child.kill('SIGTERM');
        const stopped = await child;
        expect(stopped.exitCode).toBe(143);
        expect(temps(file)).toEqual([]);
        expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(bytes);
      } finally {
        release();
        await holding.close();
      }
    }, 60_000);
  });
});
