/**
 * Changes to a school's groups: create (one level of sub-groups), edit, delete, their teachers, their
 * pupils' stages, and pupil membership. `POST .../pupils` with move assigns and moves: moving takes the
 * pupils out of every other group of the school (the group's own parents excepted), then they join.
 * Joining a sub-group also joins its parent; leaving a group also leaves its sub-groups.
 */
import type { DomainContext } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { groupDataOf } from './group-fields.js';
import { assertFreeName, groupPupils, withAncestors, withDescendants } from './groups.js';
import { findTeacher } from '../schools/find.js';
import { jsonObject } from '../../kit/json-columns.js';
import { callerSchoolId, requireUser } from '../../kit/reach.js';
import type { GroupRow } from '../schools/rows.js';
import { all, placeholders, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { MAX_NUMBER_STAGE, MAX_SPELLING_STAGE } from '../../../core/domain/constants.js';

/** A group's display settings as checked by the table, with its open year key. */
export type GroupFields = {
  name: string;
  colour?: string | undefined;
  description?: string | undefined;
  year?: string | number | undefined;
};

/**
 * A new group of the school, under `parent` if given (409 for a sub-group of a sub-group or a name its
 * siblings have); returns its id.
 *
 * @example
 * const id = createGroup(ctx, 1, null, { name: 'Year 3 Oak' });
 */
export function createGroup(
  ctx: DomainContext,
  schoolId: number,
  parent: GroupRow | null,
  fields: GroupFields,
): number {
  if (parent && parent.parent_id !== null) {
    throw new DomainError(
      'conflict',
      `Group ${parent.id} is a sub-group of group ${parent.parent_id}; sub-groups cannot have sub-groups`,
    );
  }
  assertFreeName(ctx.db, schoolId, parent?.id ?? null, fields.name, null);
  const now = ctx.now().toISOString();
  const { lastInsertRowid } = run(
    ctx.db,
    'INSERT INTO school_groups (school_id, parent_id, name, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    schoolId,
    parent?.id ?? null,
    fields.name,
    JSON.stringify(groupDataOf(fields)),
    now,
    now,
  );
  return Number(lastInsertRowid);
}

/**
 * Writes the sent fields over the group's (409 for a name its siblings have).
 *
 * @example
 * updateGroup(ctx, group, { name: 'Year 4 Oak' });
 */
export function updateGroup(ctx: DomainContext, group: GroupRow, fields: Partial<GroupFields>): void {
  if (fields.name !== undefined) assertFreeName(ctx.db, group.school_id, group.parent_id, fields.name, group.id);
  run(
    ctx.db,
    'UPDATE school_groups SET name = ?, data = ?, updated_at = ? WHERE id = ?',
    fields.name ?? group.name,
    JSON.stringify({ ...jsonObject(group.data), ...groupDataOf(fields) }),
    ctx.now().toISOString(),
    group.id,
  );
}

/**
 * Deletes a group.
 *
 * @example
 * deleteGroup(db, 4);
 */
export function deleteGroup(db: Db, groupId: number): void {
  run(db, 'DELETE FROM school_groups WHERE id = ?', groupId);
}

/**
 * Deletes every group of the school; returns how many there were.
 *
 * @example
 * deleteSchoolGroups(db, 1) // 6
 */
export function deleteSchoolGroups(db: Db, schoolId: number): number {
  const count = all<Pick<Row<'school_groups'>, 'id'>>(
    db,
    'SELECT id FROM school_groups WHERE school_id = ?',
    schoolId,
  ).length;
  run(db, 'DELETE FROM school_groups WHERE school_id = ?', schoolId);
  return count;
}

/**
 * The caller's school's groups (or `schoolId`'s, a school a superuser named), by name; `subgroupsLast` puts
 * top-level groups first.
 *
 * @example
 * schoolGroups(ctx, false).map((g) => g.name)
 */
export function schoolGroups(
  ctx: DomainContext,
  subgroupsLast: boolean,
  schoolId: number = callerSchoolId(ctx),
): GroupRow[] {
  const order = subgroupsLast ? 'parent_id IS NOT NULL, name, id' : 'name, id';
  return all<GroupRow>(ctx.db, `SELECT * FROM school_groups WHERE school_id = ? ORDER BY ${order}`, schoolId);
}

/**
 * The groups the caller is in: a pupil's classes, or the groups a teacher teaches.
 *
 * @example
 * callerGroups(ctx).length
 */
export function callerGroups(ctx: DomainContext): GroupRow[] {
  const user = requireUser(ctx);
  const table = user.kind === 'pupil' ? 'group_pupils' : 'group_teachers';
  return all<GroupRow>(
    ctx.db,
    `SELECT g.* FROM ${table} m JOIN school_groups g ON g.id = m.group_id WHERE m.user_id = ? ORDER BY g.name, g.id`,
    user.id,
  );
}

/**
 * The sub-groups of a group, by name.
 *
 * @example
 * subGroups(db, 4).length
 */
export function subGroups(db: Db, groupId: number): GroupRow[] {
  return all<GroupRow>(db, 'SELECT * FROM school_groups WHERE parent_id = ? ORDER BY name, id', groupId);
}

/**
 * The stage most pupils of a group are on, moved up one for next year (null for an empty group).
 *
 * @example
 * predictedStage([2, 2, 3], 9) // 3
 */
export function predictedStage(stages: readonly (number | null)[], max: number): number | null {
  const counts = new Map<number, number>();
  for (const stage of stages) if (stage !== null) counts.set(stage, (counts.get(stage) ?? 0) + 1);
  const [mode] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [];
  return mode === undefined ? null : Math.min(mode + 1, max);
}

/**
 * The spelling and number stages predicted for the group's pupils next year.
 *
 * @example
 * predictedStages(db, 4) // { predicted_stage_spelling: 3, predicted_stage_number: null }
 */
export function predictedStages(
  db: Db,
  groupId: number,
): { predicted_stage_spelling: number | null; predicted_stage_number: number | null } {
  const pupils = groupPupils(db, groupId);
  return {
    predicted_stage_spelling: predictedStage(
      pupils.map((p) => p.stage_spelling),
      MAX_SPELLING_STAGE,
    ),
    predicted_stage_number: predictedStage(
      pupils.map((p) => p.stage_number),
      MAX_NUMBER_STAGE,
    ),
  };
}

/**
 * Puts every pupil of the group on `stage` (its range is the table's); returns how many pupils.
 *
 * @example
 * setGroupStage(db, 4, 'stage_spelling', 3) // 28
 */
export function setGroupStage(
  db: Db,
  groupId: number,
  column: 'stage_spelling' | 'stage_number',
  stage: number,
): number {
  const ids = groupPupils(db, groupId).map((p) => p.id);
  if (ids.length > 0)
    run(db, `UPDATE users SET ${column} = ? WHERE id IN (${placeholders(ids.length)})`, stage, ...ids);
  return ids.length;
}

/**
 * Makes the teachers of the school named by `ids` the group's teachers, in place of those it had.
 *
 * @example
 * setGroupTeachers(ctx, group, [3, 5]);
 */
export function setGroupTeachers(ctx: DomainContext, group: GroupRow, ids: readonly number[]): void {
  const teachers = ids.map((id) => findTeacher(ctx.db, ctx.user, id, group.school_id));
  run(ctx.db, 'DELETE FROM group_teachers WHERE group_id = ?', group.id);
  const now = ctx.now().toISOString();
  for (const t of teachers)
    run(ctx.db, 'INSERT INTO group_teachers (group_id, user_id, added_at) VALUES (?, ?, ?)', group.id, t.id, now);
}

/**
 * Takes a teacher off the group (404 when they were not its teacher).
 *
 * @example
 * removeGroupTeacher(db, group, 3);
 */
export function removeGroupTeacher(db: Db, group: GroupRow, teacherId: number): void {
  const result = run(db, 'DELETE FROM group_teachers WHERE group_id = ? AND user_id = ?', group.id, teacherId);
  if (result.changes === 0) throw notFound(`Teacher ${teacherId} of group`, group.id);
}

/**
 * Puts pupils in the group and its parents; with `move`, takes them out of the school's other groups
 * first. Returns how many joined the group itself and the groups they left.
 *
 * @example
 * addGroupPupils(ctx, group, [4, 9], true) // { added: 2, movedFrom: [3] }
 */
export function addGroupPupils(
  ctx: DomainContext,
  group: GroupRow,
  ids: readonly number[],
  move: boolean,
): { added: number; movedFrom: number[] } {
  const keep = withAncestors(ctx.db, group);
  let movedFrom: number[] = [];
  if (move) {
    const others = all<{ group_id: number }>(
      ctx.db,
      `SELECT DISTINCT gp.group_id FROM group_pupils gp JOIN school_groups g ON g.id = gp.group_id
       WHERE g.school_id = ? AND gp.user_id IN (${placeholders(ids.length)}) AND gp.group_id NOT IN (${placeholders(keep.length)})`,
      group.school_id,
      ...ids,
      ...keep,
    ).map((r) => r.group_id);
    if (others.length > 0) {
      run(
        ctx.db,
        `DELETE FROM group_pupils WHERE user_id IN (${placeholders(ids.length)}) AND group_id IN (${placeholders(others.length)})`,
        ...ids,
        ...others,
      );
    }
    movedFrom = others;
  }
  const now = ctx.now().toISOString();
  let added = 0;
  for (const groupId of keep) {
    for (const id of ids) {
      const result = run(
        ctx.db,
        'INSERT OR IGNORE INTO group_pupils (group_id, user_id, added_at) VALUES (?, ?, ?)',
        groupId,
        id,
        now,
      );
      if (groupId === group.id) added += result.changes;
    }
  }
  return { added, movedFrom };
}

/**
 * Takes pupils out of the group and its sub-groups; 404 when one of them is not in the group.
 *
 * @example
 * removeGroupPupils(db, group, [4]);
 */
export function removeGroupPupils(db: Db, group: GroupRow, ids: readonly number[]): void {
  const members = new Set(groupPupils(db, group.id).map((p) => p.id));
  const outside = ids.filter((id) => !members.has(id));
  if (outside.length > 0) throw notFound(`Pupil ${outside.join(', ')} in group`, group.id);
  const groups = withDescendants(db, group.id);
  run(
    db,
    `DELETE FROM group_pupils WHERE user_id IN (${placeholders(ids.length)}) AND group_id IN (${placeholders(groups.length)})`,
    ...ids,
    ...groups,
  );
}
