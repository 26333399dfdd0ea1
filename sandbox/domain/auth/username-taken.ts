/** Whether a username, email or school username is taken (pupil and sign-up forms check before saving). */
import { one, type Db } from '../../kit/sql.js';

/** Which name a check asks about. */
export type NameKey = 'username' | 'email' | 'school_username';

/**
 * Whether an active user has `value` as their `key` (any case); a school username is looked for in
 * `schoolId` only, when given.
 *
 * @example
 * nameTaken(db, 'email', 'ann@school.test', null); // true
 */
export function nameTaken(db: Db, key: NameKey, value: string, schoolId: number | null): boolean {
  if (key === 'school_username') {
    return (
      one(
        db,
        `SELECT 1 FROM users WHERE school_username = ? COLLATE NOCASE AND deleted_at IS NULL${schoolId === null ? '' : ' AND school_id = ?'}`,
        ...(schoolId === null ? [value] : [value, schoolId]),
      ) !== undefined
    );
  }
  return one(db, `SELECT 1 FROM users WHERE ${key} = ? COLLATE NOCASE AND deleted_at IS NULL`, value) !== undefined;
}
