import type { Statement } from 'better-sqlite3';
import type { Db } from '../driver.js';

const MAX_CACHED = 1000;
const caches = new WeakMap<Db, Map<string, Statement>>();

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
 * simple query, so the request path reuses statements instead of preparing them on every call (measured:
 * without it the sandbox spent 2 to 3 times the CPU on a write, bench/README.md). Every query of the
 * request path goes through here, by the kit's helpers (sandbox/kit/sql.ts). Statements come back without
 * `pluck` or `raw`; nobody may `bind()` one (a bound statement stays bound).
 *
 * @example
 * statement(db, 'SELECT * FROM users WHERE id = ?').get(3);
 */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) {
    // Filters make some SQL texts vary with the request; a bounded cache cannot grow without end.
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  }
  return plain(prepared);
}
