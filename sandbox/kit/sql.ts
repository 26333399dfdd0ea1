import type Database from 'better-sqlite3';
import type { Db } from '../db/driver.js';
import { statement } from '../db/fast/statements.js';

/** The database handle every handler and domain module takes (defined once, in the database layer). */
export type { Db };

/**
 * A prepared statement for `sql`, compiled once per database and reused (sandbox/db/fast/statements.ts):
 * handlers run on every request, and preparing the same text each time costs more than running it.
 *
 * @example
 * const row = prepared(db, 'SELECT * FROM schools WHERE id = ?').get(1);
 */
export function prepared(db: Db, sql: string): Database.Statement {
  return statement(db, sql);
}

/**
 * Runs `sql` and returns the first row, typed by the caller: a table's `Row<'table'>` (sandbox/db/rows.ts), or a `Pick` of it.
 *
 * @example
 * const school = one<Row<'schools'>>(db, 'SELECT * FROM schools WHERE id = ?', id);
 */
export function one<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  return prepared(db, sql).get(...params) as T | undefined;
}

/**
 * Runs `sql` and returns every row.
 *
 * @example
 * const groups = all<Row<'school_groups'>>(db, 'SELECT * FROM school_groups WHERE school_id = ?', 1);
 */
export function all<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  return prepared(db, sql).all(...params) as T[];
}

/**
 * Runs `sql` and returns the first column of its first row (a count, an id, a name), typed by the caller.
 *
 * @example
 * const unpaid = oneValue<number>(db, "SELECT COUNT(*) FROM invoices WHERE school_id = ? AND state = 'open'", 1);
 */
export function oneValue<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  return prepared(db, sql)
    .pluck()
    .get(...params) as T | undefined;
}

/**
 * Runs `sql` and returns the first column of every row (ids, usually).
 *
 * @example
 * const ids = allValues<number>(db, 'SELECT id FROM schools WHERE deleted_at IS NULL ORDER BY id');
 */
export function allValues<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  return prepared(db, sql)
    .pluck()
    .all(...params) as T[];
}

/**
 * Runs `sql` and returns every row as an array of its values in column order (CSV exports, checksums).
 *
 * @example
 * const rows = allArrays(db, 'SELECT id, recipient, status FROM email_logs ORDER BY id'); // [[1, 'a@school.test', 'sent'], ...]
 */
export function allArrays<T extends unknown[]>(db: Db, sql: string, ...params: unknown[]): T[] {
  return prepared(db, sql)
    .raw()
    .all(...params) as T[];
}

/**
 * Runs a write and returns the changes and the new row id.
 *
 * @example
 * const { lastInsertRowid } = run(db, 'INSERT INTO school_groups (...) VALUES (...)', ...values);
 */
export function run(db: Db, sql: string, ...params: unknown[]): Database.RunResult {
  return prepared(db, sql).run(...params);
}

/**
 * `?, ?, ?` for an IN list of `count` values (at least one, so `IN ()` never happens).
 *
 * @example
 * placeholders(3) // '?, ?, ?'
 */
export function placeholders(count: number): string {
  return Array.from({ length: Math.max(count, 1) }, () => '?').join(', ');
}

/**
 * A constant list of values as an SQL IN list of quoted literals, so a state list in SQL is written from
 * core's one definition rather than re-typed (the values are constants, never input).
 *
 * @example
 * `... WHERE state IN ${sqlList(UNPAID_INVOICE_STATES)}` // "... WHERE state IN ('open', 'promised')"
 */
export function sqlList(values: readonly string[]): string {
  return `(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`;
}
