import { z } from 'zod';
import { one, oneValue, type Db } from '../kit/sql.js';
import type { SessionUser } from '../kit/handler.js';
import { tokenHash } from '../domain/auth/tokens.js';

const sessionRow = z.object({
  id: z.number().int(),
  username: z.string(),
  superuser: z.number(),
  employee: z.number(),
  kind: z.string(),
  school_id: z.number().int().nullable(),
  admin: z.number(),
  district_id: z.number().int().nullable(),
  imitator_id: z.number().int().nullable(),
  expires_at: z.string(),
});

const SESSION_SQL = `
SELECT u.id, u.username, u.superuser, u.employee, u.kind, u.school_id, u.admin, u.district_id,
       t.imitator_id, t.expires_at
FROM tokens t JOIN users u ON u.id = t.user_id
WHERE t.token_hash = ? AND u.deleted_at IS NULL`;

const VERSION_SQL = "SELECT version FROM cache_versions WHERE name = 'sessions'";

/** Sessions kept per connection; past this many tokens the cache starts again (a bound, not an expected size). */
const MAX_CACHED = 10_000;

interface Cached {
  readonly version: number;
  readonly user: SessionUser;
  readonly expires: number;
}

const caches = new WeakMap<Db, Map<string, Cached>>();

/**
 * Finds the live session of a token: null when unknown, expired or the user is deleted.
 *
 * A session found is kept in memory with the `sessions` counter of `cache_versions`, which triggers bump
 * on any change to a token or to the user columns a session carries (sandbox/db/read-models): the next lookup after
 * such a change reads the database again. Unknown tokens are not kept.
 *
 * @example
 * const user = lookupSession(db, request.headers['x-token'], new Date());
 */
export function lookupSession(db: Db, token: string, now: Date): SessionUser | null {
  const version = oneValue<number>(db, VERSION_SQL) ?? 0;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const cached = cache.get(token);
  if (cached && cached.version === version) return cached.expires > now.getTime() ? cached.user : null;
  const found = readSession(db, token);
  if (!found) {
    cache.delete(token);
    return null;
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(token, { version, ...found });
  return found.expires > now.getTime() ? found.user : null;
}

function readSession(db: Db, token: string): { user: SessionUser; expires: number } | null {
  const found = one<unknown>(db, SESSION_SQL, tokenHash(token));
  if (found === undefined) return null;
  const row = sessionRow.parse(found);
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    superuser: row.superuser === 1,
    employee: row.employee === 1,
    kind: row.kind,
    schoolId: row.school_id,
    admin: row.admin === 1,
    districtId: row.district_id,
    imitatedBy: row.imitator_id,
    token,
  };
  return { user, expires: Date.parse(row.expires_at) };
}
