import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { RESULT_COLUMNS } from '../../cli/bulk/results-file.js';
import { copyDatabase } from '../../sandbox/db/copy.js';
import type { Row } from '../../sandbox/db/rows.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

// Shared by the black-box tests of `bulk rehearse`. A rehearsal applies a saved plan to a throw-away copy
// of a sandbox database and says what production would do. Production is played by a sandbox on a file
// database; the rehearsal's FILE is what `edshed sandbox import` makes of the plan's schools, or a copy of
// the whole database. Whatever the rehearsal does, production's write counter stays where it was and FILE
// keeps its bytes.

/**
 * FILE for a rehearsal: a consistent copy of production's whole database, taken while production serves it.
 *
 * @example
 * const file = await copyOfProduction(db, join(dir, 'copy.db'));
 */
export async function copyOfProduction(productionDb: string, file: string): Promise<string> {
  await copyDatabase(productionDb, file);
  return file;
}

export type Invoice = Pick<Row<'invoices'>, 'id' | 'number' | 'school_id' | 'state' | 'total' | 'currency'>;

export interface Writes {
  readonly total: number;
  readonly writes: readonly { route: string; target: string; count: number }[];
}

/**
 * Production's write counter, total and by route and target.
 *
 * @example
 * const before = await writes(production);
 */
export async function writes(production: SandboxProcess): Promise<Writes> {
  const answer = await production.edshed(['api', 'GET', '__sandbox/writes']);
  expect(answer.exitCode).toBe(0);
  return JSON.parse(String(answer.stdout)) as Writes;
}

/**
 * A database file's bytes, as a hash, and the files of its name beside it (-wal, -shm): what a rehearsal
 * must leave as it found them.
 *
 * @example
 * const bytes = fingerprint(file);
 */
export function fingerprint(file: string): { hash: string; files: string[] } {
  const name = basename(file);
  return {
    hash: createHash('sha256').update(readFileSync(file)).digest('hex'),
    files: readdirSync(dirname(file))
      .filter((f) => f.startsWith(name))
      .sort(),
  };
}

/** The report `bulk rehearse --json` prints. */
export interface Rehearsal {
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

export type ResultRow = Record<(typeof RESULT_COLUMNS)[number], string>;

/**
 * A CSV results file: its header line and its rows.
 *
 * @example
 * resultsOf(results).rows.map((row) => row.status);
 */
export function resultsOf(file: string): { header: string; rows: ResultRow[] } {
  const text = readFileSync(file, 'utf8');
  return { header: text.split('\n')[0] ?? '', rows: parse(text, { columns: true }) as ResultRow[] };
}

/** A results row without its request id (each server numbers its own requests). */
export const outcome = ({ request_id: _id, ...rest }: ResultRow) => rest;

/** Production for a rehearsal, and where its files are. */
export interface Production {
  readonly production: SandboxProcess;
  /** The folder of the files, and of `temp`. */
  readonly dir: string;
  /** Production's database file. */
  readonly db: string;
  /** The rehearsals' temporary folder (their TMPDIR): empty once a rehearsal ends. */
  readonly temp: string;
}

/**
 * Production on a file database, signed in as the superuser.
 *
 * @example
 * const { production, dir, temp } = await startProduction('demo');
 */
export async function startProduction(seed: 'demo' | 'large'): Promise<Production> {
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

/**
 * Stops production and removes its folder (the `dir` it was started with).
 *
 * @example
 * afterAll(() => stopProduction(production));
 */
export async function stopProduction(production: SandboxProcess): Promise<void> {
  await production.stop();
  rmSync(production.dir, { recursive: true, force: true });
}
