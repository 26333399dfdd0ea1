import type { SessionUser } from '../../kit/handler.js';
import { findReachable, findRow, type Purpose } from '../../kit/reach.js';
import { allValues, type Db } from '../../kit/sql.js';
import type { GroupRow, SchoolRow, UserRow } from './rows.js';

/**
 * Row finders: thin typed wrappers over the kit's one finder (`findReachable`, sandbox/kit/reach.ts), which
 * answers 404 for a missing row and for a row of a school the caller does not reach under the one access
 * policy, so a caller cannot tell another school's row from no row. `inSchool` asks, besides, that the row
 * belong to that school (a pupil added to a group of school 2 must be of school 2).
 */

/**
 * A school that has not been deleted.
 *
 * @example
 * const school = findSchool(db, 1);
 */
export function findSchool(db: Db, id: number): SchoolRow {
  return findRow<SchoolRow>(db, 'School', SCHOOL_SQL, id);
}

const SCHOOL_SQL = 'SELECT * FROM schools WHERE id = ? AND deleted_at IS NULL';

/**
 * A school that has not been deleted and whose rows `user` reaches for `purpose` (404 as for a missing one).
 *
 * @example
 * const school = findReachableSchool(ctx.db, ctx.user, 1, 'billing');
 */
export function findReachableSchool(
  db: Db,
  user: SessionUser | null,
  id: number,
  purpose: Purpose = 'school',
): SchoolRow {
  return findReachable<SchoolRow>(db, user, 'School', SCHOOL_SQL, id, { purpose, schoolOf: (school) => school.id });
}

/**
 * An active pupil of a school `user` reaches (and of `inSchool` when given).
 *
 * @example
 * const pupil = findPupil(ctx.db, ctx.user, 12);
 * const member = findPupil(db, user, 12, group.school_id);
 */
export function findPupil(db: Db, user: SessionUser | null, id: number, inSchool?: number): UserRow {
  return findReachable<UserRow>(
    db,
    user,
    'Pupil',
    "SELECT * FROM users WHERE id = ? AND kind = 'pupil' AND deleted_at IS NULL",
    id,
    { inSchool },
  );
}

/**
 * An active teacher of a school `user` reaches (and of `inSchool` when given): their own school or one
 * they are a member of through school_memberships.
 *
 * @example
 * const teacher = findTeacher(db, user, 3, 1);
 */
export function findTeacher(db: Db, user: SessionUser | null, id: number, inSchool?: number): UserRow {
  return findReachable<UserRow>(
    db,
    user,
    'Teacher',
    "SELECT * FROM users WHERE id = ? AND kind = 'teacher' AND deleted_at IS NULL",
    id,
    {
      inSchool,
      alsoIn: (teacher) =>
        allValues<number>(db, 'SELECT school_id FROM school_memberships WHERE user_id = ?', teacher.id),
    },
  );
}

/**
 * A group or sub-group of a school `user` reaches (and of `inSchool` when given).
 *
 * @example
 * const group = findGroup(db, ctx.user, 4);
 */
export function findGroup(db: Db, user: SessionUser | null, id: number, inSchool?: number): GroupRow {
  return findReachable<GroupRow>(db, user, 'Group', 'SELECT * FROM school_groups WHERE id = ?', id, { inSchool });
}
