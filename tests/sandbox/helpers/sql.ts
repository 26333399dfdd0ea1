/**
 * SQL for tests that arrange or read state: the sandbox kit's helpers (`one`, `all`, `run`, `oneValue`...
 * in sandbox/kit/sql.ts), plus two that fail loudly where a test counts on a row being there.
 */
import type { Db } from '../../../sandbox/db/database.js';
import { one, oneValue } from '../../../sandbox/kit/sql.js';

/**
 * The first row `sql` finds, or a thrown error naming the query: a missing row is a broken fixture, not a
 * value to assert on (use the kit's `one` for a row that may be missing).
 *
 * @example
 * const { id } = rowOf<{ id: number }>(db, 'SELECT id FROM users WHERE username = ?', 'teacher');
 */
export function rowOf<T>(db: Db, sql: string, ...params: unknown[]): T {
  const row = one<T>(db, sql, ...params);
  if (row === undefined) throw new Error(`no row for ${sql} (${JSON.stringify(params)})`);
  return row;
}

/**
 * The first column of the first row `sql` finds (a count, an id, a state), or a thrown error naming the
 * query (use the kit's `oneValue` for a value that may be missing).
 *
 * @example
 * const paid = scalarOf<number>(db, "SELECT COUNT(*) FROM invoices WHERE state = 'paid'");
 */
export function scalarOf<T>(db: Db, sql: string, ...params: unknown[]): T {
  const value = oneValue<T>(db, sql, ...params);
  if (value === undefined) throw new Error(`no row for ${sql} (${JSON.stringify(params)})`);
  return value;
}
