import type { Db } from '../../kit/sql.js';
import { notFound } from '../errors.js';
import { one } from '../../kit/sql.js';
import type { GroupRow, SchoolRow, UserRow } from './rows.js';

/**
 * Row finders that answer 404 for a missing row and for a row outside `schoolId` (null: any school),
 * so a caller cannot tell another school's row from no row.
 */

/**
 * A school that has not been deleted.
 *
 * @example
 * const school = findSchool(db, 1);
 */
export function findSchool(db: Db, id: number): SchoolRow {
  const school = one<SchoolRow>(db, 'SELECT * FROM schools WHERE id = ? AND deleted_at IS NULL', id);
  if (!school) throw notFound('School', id);
  return school;
}

/**
 * An active pupil of the school.
 *
 * @example
 * const pupil = findPupil(ctx.db, 12, rowScope(ctx));
 */
export function findPupil(db: Db, id: number, schoolId: number | null): UserRow {
  const pupil = one<UserRow>(db, "SELECT * FROM users WHERE id = ? AND kind = 'pupil' AND deleted_at IS NULL", id);
  if (!pupil || pupil.school_id === null || (schoolId !== null && pupil.school_id !== schoolId)) throw notFound('Pupil', id);
  return pupil;
}

/**
 * An active teacher of the school (members through school_memberships count too).
 *
 * @example
 * const teacher = findTeacher(db, 3, 1);
 */
export function findTeacher(db: Db, id: number, schoolId: number | null): UserRow {
  const teacher = one<UserRow>(db, "SELECT * FROM users WHERE id = ? AND kind = 'teacher' AND deleted_at IS NULL", id);
  if (!teacher) throw notFound('Teacher', id);
  if (schoolId !== null && teacher.school_id !== schoolId) {
    const member = one<{ user_id: number }>(db, 'SELECT user_id FROM school_memberships WHERE user_id = ? AND school_id = ?', id, schoolId);
    if (!member) throw notFound('Teacher', id);
  }
  return teacher;
}

/**
 * A group or sub-group of the school.
 *
 * @example
 * const group = findGroup(db, 4, rowScope(ctx));
 */
export function findGroup(db: Db, id: number, schoolId: number | null): GroupRow {
  const group = one<GroupRow>(db, 'SELECT * FROM school_groups WHERE id = ?', id);
  if (!group || (schoolId !== null && group.school_id !== schoolId)) throw notFound('Group', id);
  return group;
}
