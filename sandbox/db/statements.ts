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
