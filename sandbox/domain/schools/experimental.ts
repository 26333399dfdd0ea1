/** Experimental-feature toggles for sets of a school's users (everyone, its teachers or pupils, one user, a group's members). */
import { all, placeholders, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import type { DomainContext } from '../context.js';
import { logEvent } from './events.js';
import { schoolTeachers } from './teachers.js';

/**
 * Switches experimental features on or off for users `ids` of school `schoolId`, logging it under `scope`.
 *
 * @example
 * setExperimental(ctx, 1, [4, 5], 'pupils', true);
 */
export function setExperimental(
  ctx: DomainContext,
  schoolId: number,
  ids: readonly number[],
  scope: string,
  enabled: boolean,
): void {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    run(
      ctx.db,
      `UPDATE users SET experimental = ? WHERE id IN (${placeholders(chunk.length)})`,
      enabled ? 1 : 0,
      ...chunk,
    );
  }
  logEvent(ctx, schoolId, 'experimental.set', { scope, enabled, count: ids.length });
}

/**
 * The ids of school `schoolId`'s active pupils.
 *
 * @example
 * schoolPupilIds(db, 1); // [4, 5, 6]
 */
export function schoolPupilIds(db: Db, schoolId: number): number[] {
  return all<Pick<Row<'users'>, 'id'>>(
    db,
    "SELECT id FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL",
    schoolId,
  ).map((r) => r.id);
}

/**
 * The ids of school `schoolId`'s teachers.
 *
 * @example
 * schoolTeacherIds(db, 1); // [2, 3]
 */
export function schoolTeacherIds(db: Db, schoolId: number): number[] {
  return schoolTeachers(db, schoolId).map((t) => t.row.id);
}

/**
 * The ids of group `groupId`'s pupils or teachers.
 *
 * @example
 * groupMemberIds(db, 'group_pupils', 7); // [4, 5]
 */
export function groupMemberIds(db: Db, table: 'group_pupils' | 'group_teachers', groupId: number): number[] {
  return all<{ user_id: number }>(db, `SELECT user_id FROM ${table} WHERE group_id = ?`, groupId).map((r) => r.user_id);
}
