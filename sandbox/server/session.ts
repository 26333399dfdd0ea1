import { z } from 'zod';
import { one, type Db } from '../kit/sql.js';
import { cachedSession } from '../db/fast/session-cache.js';
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

/**
 * Finds the live session of a token: null when unknown, expired or the user is deleted. The session read
 * is kept in memory until a token or a session user changes (sandbox/db/fast/session-cache.ts).
 *
 * @example
 * const user = lookupSession(db, request.headers['x-token'], new Date());
 */
export function lookupSession(db: Db, token: string, now: Date): SessionUser | null {
  const found = cachedSession(db, token, () => readSession(db, token));
  return found !== null && found.expires > now.getTime() ? found.user : null;
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
