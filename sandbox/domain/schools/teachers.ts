import type { Db } from '../../kit/sql.js';
import type { UserRow } from './rows.js';
import { serializeTeacher } from './serialize.js';
import { all } from '../../kit/sql.js';
import type { Teacher } from '../../../core/shapes/types.js';

/**
 * Active teachers of a school with their admin flag there: those whose current school it is and those
 * who are members through school_memberships.
 *
 * @example
 * schoolTeachers(db, 1).map((t) => t.username) // ['admin', 'teacher', ...]
 */
export function schoolTeachers(db: Db, schoolId: number): { row: UserRow; admin: boolean }[] {
  const rows = all<UserRow & { member_admin: number | null }>(
    db,
    `SELECT u.*, m.admin AS member_admin FROM users u
     LEFT JOIN school_memberships m ON m.user_id = u.id AND m.school_id = ?
     WHERE u.kind = 'teacher' AND u.deleted_at IS NULL AND (u.school_id = ? OR m.user_id IS NOT NULL)
     ORDER BY u.last_name, u.first_name, u.id`,
    schoolId,
    schoolId,
  );
  return rows.map(({ member_admin, ...row }) => ({
    row,
    admin: row.school_id === schoolId ? row.admin === 1 : member_admin === 1,
  }));
}

/**
 * A teacher as a school sees them.
 *
 * @example
 * serializeSchoolTeacher(db, 1, 3) // { id: 3, username: 'teacher', admin: false, ... }
 */
export function serializeSchoolTeacher(db: Db, schoolId: number, teacherId: number): Teacher | undefined {
  const found = schoolTeachers(db, schoolId).find((t) => t.row.id === teacherId);
  return found ? serializeTeacher(found.row, found.admin) : undefined;
}
