/**
 * Sessions kept in memory per connection, so that looking a token up on every request costs a map read
 * instead of a join of tokens and users. A kept session is valid while the `sessions` counter of
 * `cache_versions` (read-models.ts) is unchanged: triggers bump it on any change to a token or to the user
 * columns a session carries, and the next lookup after such a change reads the database again.
 */
import type { Db } from '../driver.js';
import type { SessionUser } from '../../kit/handler.js';
import { statement } from './statements.js';

const VERSION_SQL = "SELECT version FROM cache_versions WHERE name = 'sessions'";

/** Sessions kept per connection; past this many tokens the cache starts again (a bound, not an expected size). */
const MAX_CACHED = 10_000;

/** A session as read from the database: its user and when it expires (ms since the epoch). */
export interface KeptSession {
  readonly user: SessionUser;
  readonly expires: number;
}

const caches = new WeakMap<Db, Map<string, { readonly version: number; readonly session: KeptSession }>>();

/**
 * The session of `token`: the kept one while no token or session user changed since it was read, else
 * `read()` (kept when found; an unknown token is not kept).
 *
 * @example
 * const found = cachedSession(db, token, () => readSession(db, token));
 */
export function cachedSession(db: Db, token: string, read: () => KeptSession | null): KeptSession | null {
  const version = (statement(db, VERSION_SQL).pluck().get() as number | undefined) ?? 0;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const cached = cache.get(token);
  if (cached && cached.version === version) return cached.session;
  const found = read();
  if (!found) {
    cache.delete(token);
    return null;
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(token, { version, session: found });
  return found;
}
