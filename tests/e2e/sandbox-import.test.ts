import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../sandbox/db/database.js';
import { brokenReferences } from '../../sandbox/db/copy/write-copy.js';
import { allValues, oneValue } from '../../sandbox/kit/sql.js';
import {
  CHOSEN,
  MARKER,
  dump,
  startImportProduction,
  type ImportManifest,
  type ImportProduction,
} from '../helpers/sandbox-import.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// What an import makes of the chosen schools: no marker and nothing of another school but the declared
// stubs, production's facts served by a sandbox of the copy's own, the same content for the same key (429s
// waited out), and a refresh of only the chosen schools. What it refuses, and how it stops:
// sandbox-import-stops.test.ts.
let dir: string;
let production: SandboxProcess;
let token: string;
let outsideTeacher: number;
let api: ImportProduction['api'];
let importInto: ImportProduction['importInto'];
let firstImport: ImportProduction['firstImport'];

beforeAll(async () => {
  ({ dir, production, token, outsideTeacher, api, importInto, firstImport } = await startImportProduction());
}, 120_000);

afterAll(async () => {
  await production?.stop();
});

describe('edshed sandbox import', () => {
  let copy: string;
  let manifest: ImportManifest;

  beforeAll(async () => {
    copy = join(dir, 'copy.db');
    manifest = await firstImport(copy);
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
});
