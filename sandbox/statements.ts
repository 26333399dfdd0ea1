import type { Statement } from 'better-sqlite3';
import type { SandboxDb } from './db/database.js';

const MAX_CACHED = 1000;
const caches = new WeakMap<SandboxDb, Map<string, Statement>>();

/**
 * A prepared statement, compiled once per connection and SQL text. Preparing costs more than running a
 * simple query, so the request path reuses statements instead of preparing them on every call.
 *
 * @example
 * statement(db, 'SELECT * FROM users WHERE id = ?').get(3);
 */
export function statement(db: SandboxDb, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) {
    // Filters make some SQL texts vary with the request; a bounded cache cannot grow without end.
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(sql, (prepared = db.prepare(sql)));
  }
  return prepared;
}
