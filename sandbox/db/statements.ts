import type { Statement } from 'better-sqlite3';
import type { Db } from './driver.js';

const MAX_CACHED = 1000;
const caches = new WeakMap<Db, Map<string, Statement>>();
/** Each caching view and the connection behind it. */
const views = new WeakMap<Db, Db>();
const viewOf = new WeakMap<Db, Db>();

/**
 * `pluck()` and `raw()` stay set on a statement; a cached statement goes back to plain rows before it is
 * handed out again, so each caller sees what a freshly prepared statement would give.
 */
function plain(prepared: Statement): Statement {
  if (prepared.reader) prepared.raw(false).pluck(false).expand(false);
  return prepared;
}

/**
 * A prepared statement, compiled once per connection and SQL text. Preparing costs more than running a
 * simple query, so the request path reuses statements instead of preparing them on every call.
 *
 * @example
 * statement(db, 'SELECT * FROM users WHERE id = ?').get(3);
 */
export function statement(db: Db, sql: string): Statement {
  const connection = views.get(db) ?? db;
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) {
    // Filters make some SQL texts vary with the request; a bounded cache cannot grow without end.
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(sql, (prepared = connection.prepare(sql)));
    return prepared;
  }
  return plain(prepared);
}

/**
 * The connection as handlers see it: the same database, whose `prepare` hands out the cached statement of
 * each SQL text (see `statement`) instead of compiling it again, so the many `db.prepare(...)` calls of
 * the handlers cost a map lookup on the request path. Statements come back without `pluck` or `raw`;
 * nobody may `bind()` one (a bound statement stays bound).
 *
 * @example
 * const ctx = { db: cachingDb(state.db), ... };
 * ctx.db.prepare('SELECT * FROM invoices WHERE id = ?').get(12); // compiled on the first call only
 */
export function cachingDb(db: Db): Db {
  const connection = views.get(db) ?? db;
  let view = viewOf.get(connection);
  if (!view) {
    // The prototype chain keeps every other method and getter of the connection working on the view.
    const created = Object.create(connection) as Db;
    created.prepare = ((sql: string) => statement(connection, sql)) as Db['prepare'];
    views.set(created, connection);
    viewOf.set(connection, created);
    view = created;
  }
  return view;
}

type RowMaker = (values: readonly unknown[]) => unknown;

const rowMakers = new WeakMap<Statement, { readonly width: number; readonly make: RowMaker }>();

/**
 * A function building one row object from its values, assigning the columns in order (a repeated name
 * keeps its first position and its last value, as in better-sqlite3's own rows). Not an object literal
 * compiled per statement: a little faster, but with it a burst of invoice pages raised the sandbox's peak
 * memory from about 155 to 270-285 MiB (measured; V8 pretenuring the rows is the likely cause).
 */
function rowMaker(names: readonly string[]): RowMaker {
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c += 1) row[names[c] as string] = values[c];
    return row;
  };
}

/**
 * Every row of a query as an object, like `statement.all(...params)`, read faster on Node 20: there
 * better-sqlite3 builds each row object through V8's slow API path, one property and one internalized key
 * at a time, which costs more than the query; reading raw value arrays and building the objects here
 * takes about two thirds of the time for a page of wide rows. Same objects: the same keys in the same order.
 *
 * @example
 * const pupils = allRows<Row<'users'>>(statement(db, 'SELECT * FROM users WHERE school_id = ?'), 1);
 */
export function allRows<T>(prepared: Statement, ...params: unknown[]): T[] {
  if (!prepared.reader) return prepared.all(...params) as T[];
  let raw: unknown[][];
  try {
    raw = prepared.raw(true).all(...params) as unknown[][];
  } finally {
    prepared.raw(false);
  }
  return raw.length === 0 ? [] : (raw.map(makerFor(prepared, raw[0] as unknown[])) as T[]);
}

/**
 * The first row of a query as an object, like `statement.get(...params)`, built the way `allRows` builds
 * rows (for a wide row, such as an invoice's 36 columns, about half the time of `get`).
 *
 * @example
 * const invoice = oneRow<Row<'invoices'>>(statement(db, 'SELECT * FROM invoices WHERE id = ?'), 12);
 */
export function oneRow<T>(prepared: Statement, ...params: unknown[]): T | undefined {
  let raw: unknown[] | undefined;
  try {
    raw = prepared.raw(true).get(...params) as unknown[] | undefined;
  } finally {
    prepared.raw(false);
  }
  return raw === undefined ? undefined : (makerFor(prepared, raw)(raw) as T);
}

function makerFor(prepared: Statement, sample: readonly unknown[]): RowMaker {
  let maker = rowMakers.get(prepared);
  // A schema change recompiles a statement, and `SELECT *` may then have other columns.
  if (!maker || sample.length !== maker.width) {
    const names = prepared.columns().map((column) => column.name);
    maker = { width: names.length, make: rowMaker(names) };
    rowMakers.set(prepared, maker);
  }
  return maker.make;
}
