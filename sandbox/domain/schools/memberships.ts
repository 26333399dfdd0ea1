import type { Db } from '../../kit/sql.js';
import { all, one, run } from '../../kit/sql.js';
import type { SchoolRow } from './rows.js';

// The membership row with its admin flag, made or updated: a school's members are the rows of this table.
function upsertMembership(db: Db, userId: number, schoolId: number, admin: boolean, now: string): void {
  run(
    db,
    `INSERT INTO school_memberships (user_id, school_id, admin, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, school_id) DO UPDATE SET admin = excluded.admin`,
    userId,
    schoolId,
    admin ? 1 : 0,
    now,
  );
}

/**
 * A teacher's schools: the rows of school_memberships plus the school on the user row (accounts created
 * by the core seed or sign-up may have only the latter).
 *
 * @example
 * schoolsOf(db, userId) // [{ school: {...}, admin: true }]
 */
export function schoolsOf(db: Db, userId: number): { school: SchoolRow; admin: boolean }[] {
  const rows = all<SchoolRow & { member_admin: number }>(
    db,
    `SELECT s.*, m.admin AS member_admin FROM school_memberships m JOIN schools s ON s.id = m.school_id
     WHERE m.user_id = ? AND s.deleted_at IS NULL
     UNION
     SELECT s.*, u.admin AS member_admin FROM users u JOIN schools s ON s.id = u.school_id
     WHERE u.id = ? AND s.deleted_at IS NULL AND NOT EXISTS
       (SELECT 1 FROM school_memberships m WHERE m.user_id = u.id AND m.school_id = u.school_id)
     ORDER BY id`,
    userId,
    userId,
  );
  return rows.map(({ member_admin, ...school }) => ({ school, admin: member_admin === 1 }));
}

/**
 * Whether the user is a member of the school (either way of recording it).
 *
 * @example
 * isMember(db, 3, 1) // true
 */
export function isMember(db: Db, userId: number, schoolId: number): boolean {
  return (
    one(db, 'SELECT 1 AS x FROM school_memberships WHERE user_id = ? AND school_id = ?', userId, schoolId) !==
      undefined || one(db, 'SELECT 1 AS x FROM users WHERE id = ? AND school_id = ?', userId, schoolId) !== undefined
  );
}

/**
 * Adds (or updates) a membership and makes the school the user's current one.
 *
 * @example
 * joinSchool(db, userId, schoolId, { admin: true, now });
 */
export function joinSchool(db: Db, userId: number, schoolId: number, options: { admin: boolean; now: string }): void {
  upsertMembership(db, userId, schoolId, options.admin, options.now);
  run(db, 'UPDATE users SET school_id = ?, admin = ? WHERE id = ?', schoolId, options.admin ? 1 : 0, userId);
}

/**
 * Sets a teacher's admin flag in a school: on the membership row and, when it is their current school,
 * on the user row the session is built from.
 *
 * @example
 * setAdmin(db, teacherId, 1, true, now);
 */
export function setAdmin(db: Db, userId: number, schoolId: number, admin: boolean, now: string): void {
  upsertMembership(db, userId, schoolId, admin, now);
  run(db, 'UPDATE users SET admin = ? WHERE id = ? AND school_id = ?', admin ? 1 : 0, userId, schoolId);
}

/**
 * How many admins the school has (a school keeps at least one).
 *
 * @example
 * if (adminCount(db, 1) <= 1) throw new DomainError('conflict', '...');
 */
export function adminCount(db: Db, schoolId: number): number {
  const row = one<{ n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM users u WHERE u.deleted_at IS NULL AND u.kind = 'teacher' AND (
       (u.school_id = ? AND u.admin = 1) OR
       EXISTS (SELECT 1 FROM school_memberships m WHERE m.user_id = u.id AND m.school_id = ? AND m.admin = 1
               AND (u.school_id IS NULL OR u.school_id <> m.school_id)))`,
    schoolId,
    schoolId,
  );
  return row?.n ?? 0;
}
