/**
 * Homework sets ("multi" homework): several pieces set together for a group. The rules are the domain's
 * (domain/homework/homework-sets.ts).
 */
import { HOMEWORK_SET_FIELDS, NEW_HOMEWORK_FIELDS } from '../../../core/endpoints/homework.js';
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { checkAll } from '../../kit/check-all.js';
import { callerSchoolId } from '../../kit/reach.js';
import { invalid, parseFields, parseIds, pathId, toId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import { findGroup } from '../../domain/schools/find.js';
import { fieldsIn, homeworkByIds, serializeHomework, type HomeworkFields } from '../../domain/homework/homework.js';
import {
  createHomeworkSet,
  deleteHomeworkSets,
  detachHomework,
  findHomeworkSet,
  schoolHomeworkSets,
  serializeHomeworkSet,
  setCompetence,
  updateHomeworkSet,
} from '../../domain/homework/homework-sets.js';
import { reply } from '../../kit/reply.js';

/** The most homework one set may hold. */
const MAX_PIECES = 50;

/** The set's `homework` list: 1 to MAX_PIECES items, each new homework; every bad item's keys are reported together. */
function pieces(value: unknown): HomeworkFields[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_PIECES) {
    throw invalid('homework', `expected a list of 1 to ${MAX_PIECES} homework, each with a title`);
  }
  return checkAll(...value.map((item: unknown, i) => () => parseFields(NEW_HOMEWORK_FIELDS, item, `homework.${i}`)));
}

const create: RouteHandler<'POST homework/multi'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const body = fieldsIn(ctx.input, 'homework_set');
  const [fields, homework] = checkAll(
    () => parseFields(HOMEWORK_SET_FIELDS, body),
    () => pieces(body['homework']),
  );
  const setId = createHomeworkSet(ctx, schoolId, fields, homework);
  ctx.countWrite();
  logEvent(ctx, schoolId, 'homework_sets.created', { id: setId });
  return reply(ctx, 'homework_set', serializeHomeworkSet(ctx.db, findHomeworkSet(ctx.db, ctx.user, setId)), {}, 201);
};

const update: RouteHandler<'PUT homework/multi/{id}'> = (ctx) => {
  const set = findHomeworkSet(ctx.db, ctx.user, pathId(ctx, 'Homework set'));
  updateHomeworkSet(ctx, set, ctx.input);
  ctx.countWrite();
  return reply(ctx, 'homework_set', serializeHomeworkSet(ctx.db, findHomeworkSet(ctx.db, ctx.user, set.id)));
};

export const homeworkMultiHandlers = {
  'GET homework/multi': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const groupId =
      ctx.input['group_id'] === undefined
        ? null
        : findGroup(ctx.db, ctx.user, toId(ctx.input['group_id'], 'Group'), schoolId).id;
    const sets = schoolHomeworkSets(ctx.db, schoolId, groupId).map((r) => serializeHomeworkSet(ctx.db, r));
    return reply(ctx, 'homework_sets', sets, { total: sets.length });
  },
  'POST homework/multi': create,
  'PUT homework/multi/{id}': update,
  'PATCH homework/multi/detach': (ctx) => {
    const ids = parseIds(ctx.input['ids'], 'ids');
    const rows = homeworkByIds(ctx.db, ctx.user, ids === '*' ? [] : ids);
    detachHomework(ctx, rows);
    ctx.countWrite();
    return reply(ctx, 'detached', rows.length, {
      homework: rows.map((r) => serializeHomework(ctx.db, { ...r, set_id: null })),
    });
  },
  'DELETE homework/multi': (ctx) => {
    const ids = parseIds(ctx.input['ids'], 'ids');
    const sets = (ids === '*' ? [] : ids).map((id) => findHomeworkSet(ctx.db, ctx.user, id));
    const pieceCount = deleteHomeworkSets(ctx, sets);
    ctx.countWrite();
    return reply(ctx, 'deleted', sets.length, { homework_deleted: pieceCount });
  },
  'GET homework/multi/{id}/competence': (ctx) => {
    const set = findHomeworkSet(ctx.db, ctx.user, pathId(ctx, 'Homework set'));
    const { pupils, summary } = setCompetence(ctx.db, set);
    return reply(ctx, 'homework_set_id', set.id, { pupils, summary });
  },
} satisfies PartialHandlerMap;
