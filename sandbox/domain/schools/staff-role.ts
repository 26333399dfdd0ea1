/** A teacher's staff role in one school (a superuser call): admin or plain teacher. */
import { DomainError } from '../errors.js';
import { findRow } from '../../kit/reach.js';
import { run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/** The staff roles a teacher can hold in a school. */
export type StaffRole = 'admin' | 'teacher';

const MEMBER_SQL =
  'SELECT u.id, u.kind FROM users u WHERE u.id = ? AND u.deleted_at IS NULL AND (u.school_id = ? OR EXISTS (SELECT 1 FROM school_memberships m WHERE m.user_id = u.id AND m.school_id = ?))';

/**
 * Gives user `userId`, a teacher of (or member of) school `schoolId`, the staff role `role` there;
 * 404 for a user not of the school, invalid for one who is not a teacher.
 *
 * @example
 * setStaffRole(db, 1, 3, 'admin');
 */
export function setStaffRole(db: Db, schoolId: number, userId: number, role: StaffRole): void {
  const user = findRow<Pick<Row<'users'>, 'id' | 'kind'>>(db, 'User', MEMBER_SQL, userId, schoolId, schoolId);
  if (user.kind !== 'teacher')
    throw new DomainError('invalid', `User ${userId} is a ${user.kind}; only teachers take a staff role`, {
      errors: [{ path: 'role', message: 'not a teacher' }],
    });
  const admin = role === 'admin' ? 1 : 0;
  run(db, 'UPDATE school_memberships SET admin = ? WHERE user_id = ? AND school_id = ?', admin, userId, schoolId);
  run(db, 'UPDATE users SET admin = ? WHERE id = ? AND school_id = ?', admin, userId, schoolId);
}
