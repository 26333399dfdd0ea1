/**
 * Groups (classes) of the caller's school: CRUD, sub-groups, teachers and stages. Pupil membership
 * (assign vs move) is in routes/groups/pupils.ts, reports in routes/groups/reports.ts.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { callerSchoolId, chosenSchoolId } from '../kit/reach.js';
import { notFound, parseField, parseIds, pathId, toId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import { findGroup } from '../domain/schools/find.js';
import { groupYear } from '../domain/groups/group-fields.js';
import { groupPupils, groupTeachers, groupWithCounts, requireGroupTeacher } from '../domain/groups/groups.js';
import {
  callerGroups,
  createGroup,
  deleteGroup,
  deleteSchoolGroups,
  predictedStages,
  removeGroupTeacher,
  schoolGroups,
  setGroupStage,
  setGroupTeachers,
  subGroups,
  updateGroup,
  type GroupFields,
} from '../domain/groups/group-writes.js';
import type { GroupRow } from '../domain/schools/rows.js';
import { serializePupil, serializeTeacher } from '../domain/schools/serialize.js';
import { groupPupilHandlers } from './groups/pupils.js';
import { groupReportHandlers } from './groups/reports.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

function groupOf(ctx: HandlerContext, param = 'id'): GroupRow {
  return findGroup(ctx.db, ctx.user, pathId(ctx, 'Group', param));
}

function withYear<T extends object>(ctx: HandlerContext, fields: T): T & { year: string | number | undefined } {
  return { ...fields, year: parseField('year', groupYear, ctx.input['year']) };
}

function create(ctx: HandlerContext, schoolId: number, parent: GroupRow | null, fields: GroupFields): HandlerResult {
  const id = createGroup(ctx, schoolId, parent, fields);
  ctx.countWrite();
  logEvent(ctx, schoolId, 'groups.created', { id, parent_id: parent?.id ?? null });
  return reply(ctx, 'group', groupWithCounts(ctx.db, findGroup(ctx.db, ctx.user, id)), {}, 201);
}

function listGroups(ctx: HandlerContext, includeSubgroups: boolean): Record<string, unknown>[] {
  const rows = schoolGroups(ctx, false);
  const top = rows.filter((g) => g.parent_id === null);
  return top.map((g) => ({
    ...groupWithCounts(ctx.db, g),
    ...(includeSubgroups
      ? { subgroups: rows.filter((s) => s.parent_id === g.id).map((s) => groupWithCounts(ctx.db, s)) }
      : {}),
  }));
}

function setStage(ctx: HandlerContext, column: 'stage_spelling' | 'stage_number', stage: number): HandlerResult {
  const group = groupOf(ctx);
  requireGroupTeacher(ctx, group, 'set stages');
  const count = setGroupStage(ctx.db, group.id, column, stage);
  ctx.countWrite();
  logEvent(ctx, group.school_id, 'groups.stage_set', { id: group.id, [column]: stage });
  return reply(ctx, 'updated', count, { [column]: stage });
}

const groupCrudHandlers = {
  'GET users/me/school/groups': (ctx) => {
    const groups = listGroups(ctx, ctx.input['includeSubgroups'] === true);
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'POST users/me/school/groups': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const fields = withYear(ctx, ctx.input);
    const parent = fields.parent_id ? findGroup(ctx.db, ctx.user, fields.parent_id, schoolId) : null;
    return create(ctx, schoolId, parent, fields);
  },
  'GET users/me/school/groups/{id}': (ctx) => {
    const group = groupOf(ctx);
    return reply(ctx, 'group', {
      ...groupWithCounts(ctx.db, group),
      teacher_ids: groupTeachers(ctx.db, group.id).map((t) => t.id),
    });
  },
  'PUT users/me/school/groups/{id}': (ctx) => {
    const group = groupOf(ctx);
    const fields = withYear(ctx, ctx.input);
    updateGroup(ctx, group, fields);
    ctx.countWrite();
    return reply(ctx, 'group', groupWithCounts(ctx.db, findGroup(ctx.db, ctx.user, group.id)));
  },
  'DELETE users/me/school/groups/{id}': (ctx) => {
    const group = groupOf(ctx);
    deleteGroup(ctx.db, group.id);
    ctx.countWrite();
    logEvent(ctx, group.school_id, 'groups.deleted', { id: group.id });
    return reply(ctx, 'deleted', true, { id: group.id });
  },
  'GET users/me/school/groups/all': (ctx) => {
    const predict = ctx.input['predictStage'] === true;
    const groups = schoolGroups(ctx, true, chosenSchoolId(ctx, ctx.input['schoolId'])).map((g) => {
      const json = groupWithCounts(ctx.db, g);
      return predict ? { ...json, ...predictedStages(ctx.db, g.id) } : json;
    });
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'DELETE users/me/school/groups': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const count = deleteSchoolGroups(ctx.db, schoolId);
    ctx.countWrite();
    logEvent(ctx, schoolId, 'groups.deleted_all', { count });
    return reply(ctx, 'deleted', count);
  },
  'GET users/me/groups': (ctx) => {
    const groups = callerGroups(ctx).map((g) => groupWithCounts(ctx.db, g));
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'PUT users/me/school/groups/{id}/teachers': (ctx) => {
    const group = groupOf(ctx);
    const ids = parseIds(ctx.input['teachers'], 'teachers');
    setGroupTeachers(ctx, group, ids === '*' ? [] : ids);
    ctx.countWrite();
    return reply(
      ctx,
      'teachers',
      groupTeachers(ctx.db, group.id).map((t) => serializeTeacher(t)),
    );
  },
  'DELETE users/me/school/groups/{id}/teachers': (ctx) => {
    const group = groupOf(ctx);
    const teacherId = toId(ctx.input['teacherId'], 'Teacher');
    removeGroupTeacher(ctx.db, group, teacherId);
    ctx.countWrite();
    return reply(
      ctx,
      'teachers',
      groupTeachers(ctx.db, group.id).map((t) => serializeTeacher(t)),
    );
  },
  'GET users/me/school/groups/{id}/teachers': (ctx) => {
    const teachers = groupTeachers(ctx.db, groupOf(ctx).id).map((t) => serializeTeacher(t));
    return reply(ctx, 'teachers', teachers, { total: teachers.length });
  },
  'GET users/me/school/groups/{id}/groups': (ctx) => {
    const group = groupOf(ctx);
    const groups = subGroups(ctx.db, group.id).map((g) => groupWithCounts(ctx.db, g));
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'POST users/me/school/groups/{id}/groups': (ctx) => {
    const parent = groupOf(ctx);
    requireGroupTeacher(ctx, parent, 'add sub-groups');
    return create(ctx, parent.school_id, parent, { name: ctx.input.name });
  },
  'GET users/me/school/groups/{id}/groups/{sub}/pupils': (ctx) => {
    const group = groupOf(ctx);
    const sub = groupOf(ctx, 'sub');
    if (sub.parent_id !== group.id) throw notFound(`Sub-group ${sub.id} of group`, group.id);
    const pupils = groupPupils(ctx.db, sub.id).map((p) => serializePupil(p));
    return reply(ctx, 'pupils', pupils, { total: pupils.length });
  },
  'PUT users/me/school/groups/{id}/pupils/setnumberstage': (ctx) =>
    setStage(ctx, 'stage_number', ctx.input.stage_number),
  'PUT users/me/school/groups/{id}/pupils/setspellingstage': (ctx) =>
    setStage(ctx, 'stage_spelling', ctx.input.stage_spelling),
} satisfies PartialHandlerMap;

export const groupsHandlers = defineRoutes('groups', {
  ...groupCrudHandlers,
  ...groupPupilHandlers,
  ...groupReportHandlers,
});
