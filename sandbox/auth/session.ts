import { z } from 'zod';
import type { SandboxDb } from '../db/database.js';
import type { SessionUser } from '../handler.js';
import { statement } from '../statements.js';

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
WHERE t.token = ? AND u.deleted_at IS NULL`;

/**
 * Finds the live session of a token: null when unknown, expired or the user is deleted.
 *
 * @example
 * const user = lookupSession(db, request.headers['x-token'], new Date());
 */
export function lookupSession(db: SandboxDb, token: string, now: Date): SessionUser | null {
  const found: unknown = statement(db, SESSION_SQL).get(token);
  if (found === undefined) return null;
  const row = sessionRow.parse(found);
  if (Date.parse(row.expires_at) <= now.getTime()) return null;
  return {
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
}
