import { PUPIL_MOVE_FLAG } from '../../../core/domain/constants.js';
/**
 * Pupils of a group. `POST .../pupils` with `move` 0 (the default) assigns: the pupils join the group and
 * keep their other groups. With `move` 1 it moves (the rules: domain/groups/group-writes.ts).
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { notFound, parseIds, pathId, toId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import { findGroup, findPupil } from '../../domain/schools/find.js';
import { groupPupils, groupWithCounts } from '../../domain/groups/groups.js';
import { addGroupPupils, removeGroupPupils } from '../../domain/groups/group-writes.js';
import { pupilsByIds } from '../../domain/pupils/pupil-queries.js';
import type { GroupRow } from '../../domain/schools/rows.js';
import { serializePupil } from '../../domain/schools/serialize.js';
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
  const { added, movedFrom } = addGroupPupils(ctx, group, ids, move);
  ctx.countWrite();
  logEvent(ctx, group.school_id, move ? 'groups.pupils_moved' : 'groups.pupils_assigned', {
    id: group.id,
    pupils: ids,
    from: movedFrom,
  });
  return reply(ctx, 'group', groupWithCounts(ctx.db, group), {
    added,
    moved_from: movedFrom,
    pupils: groupPupils(ctx.db, group.id).map((p) => serializePupil(p)),
  });
}

function removePupils(ctx: HandlerContext, group: GroupRow, ids: readonly number[]): HandlerResult {
  removeGroupPupils(ctx.db, group, ids);
  ctx.countWrite();
  logEvent(ctx, group.school_id, 'groups.pupils_removed', { id: group.id, pupils: ids });
  return reply(ctx, 'group', groupWithCounts(ctx.db, group), {
    removed: ids.length,
    pupils: groupPupils(ctx.db, group.id).map((p) => serializePupil(p)),
  });
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
