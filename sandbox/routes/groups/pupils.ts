import { PUPIL_MOVE_FLAG } from '../../../core/domain/constants.js';
/**
 * Pupils of a group. `POST .../pupils` with `move` 0 (the default) assigns: the pupils join the group and
 * keep their other groups. With `move` 1 it moves: the pupils leave every other group of the school
 * (the group's own parent excepted, since a sub-group's pupils belong to its parent), then join.
 * Joining a sub-group also joins its parent; leaving a group also leaves its sub-groups.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { notFound, parseIds, pathId, toId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import { findGroup, findPupil } from '../../domain/schools/find.js';
import { groupPupils, groupWithCounts, withAncestors, withDescendants } from '../../domain/groups/groups.js';
import { pupilsByIds } from '../../domain/pupils/pupil-queries.js';
import type { GroupRow } from '../../domain/schools/rows.js';
import { serializePupil } from '../../domain/schools/serialize.js';
import { all, placeholders, run } from '../../kit/sql.js';
import { reply } from '../../kit/reply.js';

function groupOf(ctx: HandlerContext): GroupRow {
  return findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
}

function pupilIdsOf(ctx: HandlerContext, group: GroupRow, value: unknown, path: string): number[] {
  const ids = parseIds(value, path);
  if (ids === '*') return [];
  const { missing } = pupilsByIds(ctx.db, ctx.user, ids, group.school_id);
  if (missing.length > 0) throw notFound('Pupil', missing.join(', '));
  return ids;
}

function addPupils(ctx: HandlerContext): HandlerResult {
  const group = groupOf(ctx);
  const ids = pupilIdsOf(ctx, group, ctx.input['pupils'], 'pupils');
  const move = ctx.input['move'] === PUPIL_MOVE_FLAG.move;
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
      run(ctx.db, `DELETE FROM group_pupils WHERE user_id IN (${placeholders(ids.length)}) AND group_id IN (${placeholders(others.length)})`, ...ids, ...others);
    }
    movedFrom = others;
  }
  const now = ctx.now().toISOString();
  let added = 0;
  for (const groupId of keep) {
    for (const id of ids) {
      const result = run(ctx.db, 'INSERT OR IGNORE INTO group_pupils (group_id, user_id, added_at) VALUES (?, ?, ?)', groupId, id, now);
      if (groupId === group.id) added += result.changes;
    }
  }
  ctx.countWrite();
  logEvent(ctx, group.school_id, move ? 'groups.pupils_moved' : 'groups.pupils_assigned', { id: group.id, pupils: ids, from: movedFrom });
  return reply(ctx, 'group', groupWithCounts(ctx.db, group), { added, moved_from: movedFrom, pupils: groupPupils(ctx.db, group.id).map((p) => serializePupil(p)) });
}

/** Takes pupils out of the group and its sub-groups; 404 when one of them is not in the group. */
function removePupils(ctx: HandlerContext, group: GroupRow, ids: readonly number[]): HandlerResult {
  const members = new Set(groupPupils(ctx.db, group.id).map((p) => p.id));
  const outside = ids.filter((id) => !members.has(id));
  if (outside.length > 0) throw notFound(`Pupil ${outside.join(', ')} in group`, group.id);
  const groups = withDescendants(ctx.db, group.id);
  run(ctx.db, `DELETE FROM group_pupils WHERE user_id IN (${placeholders(ids.length)}) AND group_id IN (${placeholders(groups.length)})`, ...ids, ...groups);
  ctx.countWrite();
  logEvent(ctx, group.school_id, 'groups.pupils_removed', { id: group.id, pupils: ids });
  return reply(ctx, 'group', groupWithCounts(ctx.db, group), { removed: ids.length, pupils: groupPupils(ctx.db, group.id).map((p) => serializePupil(p)) });
}

export const groupPupilHandlers = {
  'POST users/me/school/groups/{id}/pupils': addPupils,
  'DELETE users/me/school/groups/{id}/pupils': (ctx) => {
    const group = groupOf(ctx);
    const pupil = findPupil(ctx.db, ctx.user, toId(ctx.input['pupilId'], 'Pupil'), group.school_id);
    return removePupils(ctx, group, [pupil.id]);
  },
  'GET users/me/school/groups/{id}/pupils': (ctx) => {
    const pupils = groupPupils(ctx.db, groupOf(ctx).id).map((p) => serializePupil(p));
    return reply(ctx, 'pupils', pupils, { total: pupils.length });
  },
  'POST users/me/school/groups/{id}/pupils/remove': (ctx) => {
    const group = groupOf(ctx);
    // pupils, pupilIds or ids (the entry leaves them open: one call, three spellings), each read by pupilIdsOf.
    const key = ctx.input['pupils'] !== undefined ? 'pupils' : ctx.input['pupilIds'] !== undefined ? 'pupilIds' : 'ids';
    return removePupils(ctx, group, pupilIdsOf(ctx, group, ctx.input[key], key));
  },
} satisfies PartialHandlerMap;
