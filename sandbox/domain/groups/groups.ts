import type { Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import type { DomainContext } from '../context.js';
import { requireUser, superuserMay } from '../../kit/reach.js';
import type { GroupRow, UserRow } from '../schools/rows.js';
import { serializeGroup } from '../schools/serialize.js';
import { all, one } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/**
 * A group with its pupil, teacher and sub-group counts.
 *
 * @example
 * groupWithCounts(db, group) // { id, name, pupil_count: 10, teacher_count: 1, subgroup_count: 1, ... }
 */
export function groupWithCounts(db: Db, group: GroupRow): Record<string, unknown> {
  const counts = one<{ pupils: number; teachers: number; subgroups: number }>(
    db,
    `SELECT (SELECT COUNT(*) FROM group_pupils gp JOIN users u ON u.id = gp.user_id WHERE gp.group_id = ? AND u.deleted_at IS NULL) AS pupils,
            (SELECT COUNT(*) FROM group_teachers WHERE group_id = ?) AS teachers,
            (SELECT COUNT(*) FROM school_groups WHERE parent_id = ?) AS subgroups`,
    group.id,
    group.id,
    group.id,
  );
  return serializeGroup(group, counts ?? { pupils: 0, teachers: 0, subgroups: 0 });
}

/**
 * The group and the groups above it (a sub-group's pupils are members of its parent too).
 *
 * @example
 * withAncestors(db, subGroup) // [subGroup.id, parentId]
 */
export function withAncestors(db: Db, group: GroupRow): number[] {
  const ids = [group.id];
  let parent = group.parent_id;
  while (parent !== null && !ids.includes(parent)) {
    ids.push(parent);
    parent =
      one<Pick<Row<'school_groups'>, 'parent_id'>>(db, 'SELECT parent_id FROM school_groups WHERE id = ?', parent)
        ?.parent_id ?? null;
  }
  return ids;
}

/**
 * The group and every group below it.
 *
 * @example
 * withDescendants(db, classId) // [classId, subGroupId]
 */
export function withDescendants(db: Db, groupId: number): number[] {
  const rows = all<{ id: number }>(
    db,
    `WITH RECURSIVE tree(id) AS (SELECT ? UNION SELECT g.id FROM school_groups g JOIN tree t ON g.parent_id = t.id) SELECT id FROM tree`,
    groupId,
  );
  return rows.map((r) => r.id);
}

/**
 * Active pupils of a group, by name.
 *
 * @example
 * groupPupils(db, 4).map((p) => p.id)
 */
export function groupPupils(db: Db, groupId: number): UserRow[] {
  return all<UserRow>(
    db,
    `SELECT u.* FROM group_pupils gp JOIN users u ON u.id = gp.user_id
     WHERE gp.group_id = ? AND u.deleted_at IS NULL ORDER BY u.last_name, u.first_name, u.id`,
    groupId,
  );
}

/**
 * Teachers of a group.
 *
 * @example
 * groupTeachers(db, 4).map((t) => t.username)
 */
export function groupTeachers(db: Db, groupId: number): UserRow[] {
  return all<UserRow>(
    db,
    `SELECT u.* FROM group_teachers gt JOIN users u ON u.id = gt.user_id
     WHERE gt.group_id = ? AND u.deleted_at IS NULL ORDER BY u.last_name, u.first_name, u.id`,
    groupId,
  );
}

/**
 * Whether the user teaches the group or a group above it.
 *
 * @example
 * teachesGroup(db, user.id, group) // true for the class teacher
 */
export function teachesGroup(db: Db, userId: number, group: GroupRow): boolean {
  const ids = withAncestors(db, group);
  return ids.some(
    (id) => one(db, 'SELECT 1 AS x FROM group_teachers WHERE group_id = ? AND user_id = ?', id, userId) !== undefined,
  );
}

/**
 * 403 unless the caller is a school admin or teaches the group: teachers change their own classes.
 *
 * @example
 * requireGroupTeacher(ctx, group, 'set stages');
 */
export function requireGroupTeacher(ctx: DomainContext, group: GroupRow, action: string): void {
  const user = requireUser(ctx);
  if (superuserMay(user, 'act as school staff') || user.admin || teachesGroup(ctx.db, user.id, group)) return;
  throw new DomainError('forbidden', `Only a teacher of group ${group.id} or a school admin can ${action}`);
}

/**
 * 409 when a sibling group already has the name (names are compared without case).
 *
 * @example
 * assertFreeName(db, 1, null, 'Year 3 Oak', null); // 409 when taken
 */
export function assertFreeName(
  db: Db,
  schoolId: number,
  parentId: number | null,
  name: string,
  exceptId: number | null,
): void {
  const clash = one<{ id: number }>(
    db,
    `SELECT id FROM school_groups WHERE school_id = ? AND parent_id IS ? AND lower(name) = lower(?) AND id IS NOT ?`,
    schoolId,
    parentId,
    name,
    exceptId,
  );
  if (clash)
    throw new DomainError(
      'conflict',
      `Group ${clash.id} is already named ${name}${parentId === null ? '' : ` in group ${parentId}`}`,
    );
}
