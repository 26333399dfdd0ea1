/**
 * Homework of the caller's school: CRUD, bulk delete, who it is set for (pupils, groups, co-teachers).
 * Only its teachers (owner, co-teachers, teachers of its groups) or a school admin change it. Results are
 * in routes/homework/data.ts, homework sets in routes/homework/multi.ts.
 */
import { HOMEWORK_FIELDS, NEW_HOMEWORK_FIELDS } from '../../core/endpoints/homework.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { checkAll } from '../kit/check-all.js';
import { callerSchoolId } from '../kit/reach.js';
import { parseFields, parseIds, pathId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import { findGroup } from '../domain/schools/find.js';
import {
  fieldsIn,
  findHomework,
  homeworkByIds,
  serializeHomework,
  requireHomeworkTeacher,
} from '../domain/homework/homework.js';
import {
  addCoTeacher,
  assignPupils,
  deleteHomework,
  insertHomework,
  pupilIdsFrom,
  removeCoTeacher,
  setForGroup,
  unassignPupils,
  updateHomework,
} from '../domain/homework/homework-write.js';
import { diagnosticSkills, groupHomework, visibleHomework } from '../domain/homework/homework-lists.js';
import type { HomeworkRow } from '../domain/schools/rows.js';
import { homeworkDataHandlers } from './homework/data.js';
import { homeworkMultiHandlers } from './homework/multi.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

function homeworkOf(ctx: HandlerContext, param = 'id'): HomeworkRow {
  return findHomework(ctx.db, ctx.user, pathId(ctx, 'Homework', param));
}

function writable(ctx: HandlerContext, param = 'id'): HomeworkRow {
  const row = homeworkOf(ctx, param);
  requireHomeworkTeacher(ctx, row);
  return row;
}

/** The homework as it now is, after a change to it. */
function changed(ctx: HandlerContext, row: HomeworkRow): HandlerResult {
  ctx.countWrite();
  return reply(ctx, 'homework', serializeHomework(ctx.db, findHomework(ctx.db, ctx.user, row.id)));
}

const create: RouteHandler<'POST homework'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const [fields, pupilIds] = checkAll(
    () => parseFields(NEW_HOMEWORK_FIELDS, fieldsIn(ctx.input, 'homework')),
    () => pupilIdsFrom(ctx, schoolId, ctx.input),
  );
  const id = insertHomework(ctx, schoolId, fields, {
    setId: null,
    groupId: ctx.input.group_id ?? null,
    pupilIds,
    portal: ctx.input.isNewEdShedPortal === 1,
  });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'homework.created', { id });
  return reply(ctx, 'homework', serializeHomework(ctx.db, findHomework(ctx.db, ctx.user, id)), {}, 201);
};

function update(ctx: HandlerContext): HandlerResult {
  const row = writable(ctx);
  updateHomework(ctx, row, parseFields(HOMEWORK_FIELDS, fieldsIn(ctx.input, 'homework')));
  return changed(ctx, row);
}

const homeworkCrudHandlers = {
  'GET homework': (ctx) => {
    const homework = visibleHomework(ctx).map((row) => serializeHomework(ctx.db, row));
    return reply(ctx, 'homework', homework, { total: homework.length });
  },
  'POST homework': create,
  'GET homework/{id}': (ctx) => reply(ctx, 'homework', serializeHomework(ctx.db, homeworkOf(ctx))),
  'PUT homework/{id}': update,
  'DELETE homework/{id}': (ctx) => {
    const row = writable(ctx);
    deleteHomework(ctx, [row]);
    ctx.countWrite();
    logEvent(ctx, row.school_id, 'homework.deleted', { ids: [row.id] });
    return reply(ctx, 'deleted', 1, { ids: [row.id] });
  },
  'DELETE homework': (ctx) => {
    const ids = parseIds(ctx.input['ids'], 'ids');
    const rows = homeworkByIds(ctx.db, ctx.user, ids === '*' ? [] : ids);
    deleteHomework(ctx, rows);
    ctx.countWrite();
    logEvent(ctx, callerSchoolId(ctx), 'homework.deleted', { ids: rows.map((r) => r.id) });
    return reply(ctx, 'deleted', rows.length, { ids: rows.map((r) => r.id) });
  },
  'POST homework/{id}/pupils': (ctx) => {
    const row = writable(ctx);
    assignPupils(ctx, row, pupilIdsFrom(ctx, row.school_id, ctx.input));
    return changed(ctx, row);
  },
  'DELETE homework/{id}/pupils': (ctx) => {
    const row = writable(ctx);
    unassignPupils(ctx, row, pupilIdsFrom(ctx, row.school_id, ctx.input));
    return changed(ctx, row);
  },
  'PUT homework/{id}/group/{gid}': (ctx) => {
    const row = writable(ctx);
    setForGroup(ctx, row, pathId(ctx, 'Group', 'gid'), true);
    return changed(ctx, row);
  },
  'DELETE homework/{id}/group/{gid}': (ctx) => {
    const row = writable(ctx);
    setForGroup(ctx, row, pathId(ctx, 'Group', 'gid'), false);
    return changed(ctx, row);
  },
  'POST homework/{id}/teachers/{tid}': (ctx) => {
    const row = writable(ctx);
    addCoTeacher(ctx, row, pathId(ctx, 'Teacher', 'tid'));
    return changed(ctx, row);
  },
  'DELETE homework/{id}/teachers/{tid}': (ctx) => {
    const row = writable(ctx);
    removeCoTeacher(ctx, row, pathId(ctx, 'Teacher', 'tid'));
    return changed(ctx, row);
  },
  'GET homework/group/{id}': (ctx) => {
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
    const homework = groupHomework(ctx.db, group.id, false).map((r) => serializeHomework(ctx.db, r));
    return reply(ctx, 'homework', homework, { total: homework.length });
  },
  'GET spelling_diagnostic_skills': (ctx) => {
    const skills = diagnosticSkills(ctx.db);
    return reply(ctx, 'skills', skills, { total: skills.length });
  },
} satisfies PartialHandlerMap;

export const homeworkHandlers = defineRoutes('homework', {
  ...homeworkCrudHandlers,
  ...homeworkDataHandlers,
  ...homeworkMultiHandlers,
});
