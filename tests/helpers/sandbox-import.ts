import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect } from 'vitest';
import { openDatabase, type Db } from '../../sandbox/db/database.js';
import { seed } from '../../sandbox/db/seed/index.js';
import { all, allValues, oneValue } from '../../sandbox/kit/sql.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

// Shared by the black-box tests of `edshed sandbox import`. Production is played by a second sandbox
// (large seed) on a file, with markers planted in every personal field of the chosen schools; the copies
// are read back as files and through a sandbox of their own.

/** The schools every import here copies. */
export const CHOSEN = [1, 2, 10];
/** The planted marker: no copy may hold it. */
export const MARKER = /zqx/i;

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

/**
 * Every row of every table of a database file (but those of `besides`), as text, in a fixed order.
 *
 * @example
 * expect(dump(again)).toBe(dump(copy));
 */
export function dump(path: string, besides: readonly string[] = []): string {
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
export const temps = (file: string) =>
  readdirSync(dirname(file)).filter((name) => name.startsWith(`${basename(file)}.import-`));

/** What `sandbox import --json` prints. */
export interface ImportManifest {
  stubs: { table: string; id: number }[];
  schools: { id: number }[];
  tables: Record<string, number>;
  not_copied: { table: string; why: string }[];
}

/** Production with the markers planted, and how a test reads it and imports from it. */
export interface ImportProduction {
  /** A folder for the copies. */
  readonly dir: string;
  readonly production: SandboxProcess;
  /** The superuser's token at production. */
  readonly token: string;
  /** The teacher of another school planted in a group of school 1. */
  readonly outsideTeacher: number;
  /** A GET's JSON answer, with production's token unless another key is given. */
  api(base: string, path: string, key?: string): Promise<Record<string, unknown>>;
  /** `edshed sandbox import --json` of the chosen schools into `db`, from production (or `via`). */
  importInto(db: string, more?: readonly string[], via?: string): ReturnType<SandboxProcess['edshed']>;
  /** Imports the chosen schools into `file`, which must succeed and leave production's write counter where it was. */
  firstImport(file: string): Promise<ImportManifest>;
}

/**
 * Seeds production's file (large seed), plants the markers, starts production on it and signs in.
 *
 * @example
 * ({ dir, production, token, importInto, firstImport } = await startImportProduction());
 */
export async function startImportProduction(): Promise<ImportProduction> {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-import-'));
  const file = join(dir, 'production.db');
  const db = openDatabase(file);
  seed(db, { size: 'large' });
  plantMarkers(db);
  const outsideTeacher =
    oneValue<number>(db, "SELECT MIN(id) FROM users WHERE school_id = 5 AND kind = 'teacher'") ?? 0;
  db.close();
  const production = await startSandboxProcess(['--db', file, '--rate-limit', '100000']);
  const signIn = await fetch(new URL('auth', production.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superuser', password: 'sandbox' }),
  });
  const token = String(((await signIn.json()) as { token: string }).token);
  const api = async (base: string, path: string, key = token): Promise<Record<string, unknown>> => {
    const answer = await fetch(new URL(path, base), { headers: { 'x-token': key } });
    return (await answer.json()) as Record<string, unknown>;
  };
  const writes = async (): Promise<unknown> => (await api(production.url, '__sandbox/writes'))['total'];
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
  const firstImport = async (copy: string): Promise<ImportManifest> => {
    const before = await writes();
    const run = await importInto(copy);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    // Reading is all it did: production's write counter has not moved.
    expect(await writes()).toBe(before);
    return JSON.parse(String(run.stdout)) as ImportManifest;
  };
  return { dir, production, token, outsideTeacher, api, importInto, firstImport };
}
