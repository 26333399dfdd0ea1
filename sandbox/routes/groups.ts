/**
 * Groups (classes) of the caller's school: CRUD, sub-groups, teachers and stages. Pupil membership
 * (assign vs move) is in routes/groups/pupils.ts, reports in routes/groups/reports.ts.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { callerSchoolId, chosenSchoolId, requireUser } from '../kit/reach.js';
import { notFound, parseField, parseIds, pathId, toId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import { findGroup, findTeacher } from '../domain/schools/find.js';
import { groupDataOf, groupYear } from '../domain/groups/group-fields.js';
import { assertFreeName, groupPupils, groupTeachers, groupWithCounts, requireGroupTeacher } from '../domain/groups/groups.js';
import { jsonObject } from '../kit/json-columns.js';
import type { GroupRow } from '../domain/schools/rows.js';
import { serializePupil, serializeTeacher } from '../domain/schools/serialize.js';
import { all, placeholders, run } from '../kit/sql.js';
import { MAX_NUMBER_STAGE, MAX_SPELLING_STAGE } from '../../core/domain/constants.js';
import { groupPupilHandlers } from './groups/pupils.js';
import { groupReportHandlers } from './groups/reports.js';
import { defineRoutes } from './areas.js';
import type { Row } from '../db/rows.js';
import { reply } from '../kit/reply.js';

function groupOf(ctx: HandlerContext, param = 'id'): GroupRow {
  return findGroup(ctx.db, ctx.user, pathId(ctx, 'Group', param));
}

/** A group's display settings as checked by the table, with its open year key. */
type GroupFields = { name: string; colour?: string | undefined; description?: string | undefined; year?: string | number | undefined };

function withYear<T extends object>(ctx: HandlerContext, fields: T): T & { year: string | number | undefined } {
  return { ...fields, year: parseField('year', groupYear, ctx.input['year']) };
}

function createGroup(ctx: HandlerContext, schoolId: number, parent: GroupRow | null, fields: GroupFields): HandlerResult {
  if (parent && parent.parent_id !== null) {
    throw new HttpError(409, 'Conflict', `Group ${parent.id} is a sub-group of group ${parent.parent_id}; sub-groups cannot have sub-groups`);
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
  ctx.countWrite();
  logEvent(ctx, schoolId, 'groups.created', { id: Number(lastInsertRowid), parent_id: parent?.id ?? null });
  return reply(ctx, 'group', groupWithCounts(ctx.db, findGroup(ctx.db, ctx.user, Number(lastInsertRowid))), {}, 201);
}

function listGroups(ctx: HandlerContext, includeSubgroups: boolean): Record<string, unknown>[] {
  const rows = all<GroupRow>(ctx.db, 'SELECT * FROM school_groups WHERE school_id = ? ORDER BY name, id', callerSchoolId(ctx));
  const top = rows.filter((g) => g.parent_id === null);
  return top.map((g) => ({
    ...groupWithCounts(ctx.db, g),
    ...(includeSubgroups ? { subgroups: rows.filter((s) => s.parent_id === g.id).map((s) => groupWithCounts(ctx.db, s)) } : {}),
  }));
}

/** The stage most pupils of a group are on, moved up one for next year (null for an empty group). */
function predictedStage(stages: readonly (number | null)[], max: number): number | null {
  const counts = new Map<number, number>();
  for (const stage of stages) if (stage !== null) counts.set(stage, (counts.get(stage) ?? 0) + 1);
  const [mode] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [];
  return mode === undefined ? null : Math.min(mode + 1, max);
}

// The stage's range is the table's (the entry's field spec), checked before the handler runs.
function setStage(ctx: HandlerContext, column: 'stage_spelling' | 'stage_number', stage: number): HandlerResult {
  const group = groupOf(ctx);
  requireGroupTeacher(ctx, group, 'set stages');
  const ids = groupPupils(ctx.db, group.id).map((p) => p.id);
  if (ids.length > 0) run(ctx.db, `UPDATE users SET ${column} = ? WHERE id IN (${placeholders(ids.length)})`, stage, ...ids);
  ctx.countWrite();
  logEvent(ctx, group.school_id, 'groups.stage_set', { id: group.id, [column]: stage });
  return reply(ctx, 'updated', ids.length, { [column]: stage });
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
    return createGroup(ctx, schoolId, parent, fields);
  },
  'GET users/me/school/groups/{id}': (ctx) => {
    const group = groupOf(ctx);
    return reply(ctx, 'group', { ...groupWithCounts(ctx.db, group), teacher_ids: groupTeachers(ctx.db, group.id).map((t) => t.id) });
  },
  'PUT users/me/school/groups/{id}': (ctx) => {
    const group = groupOf(ctx);
    const fields = withYear(ctx, ctx.input);
    if (fields.name !== undefined) assertFreeName(ctx.db, group.school_id, group.parent_id, fields.name, group.id);
    run(
      ctx.db,
      'UPDATE school_groups SET name = ?, data = ?, updated_at = ? WHERE id = ?',
      fields.name ?? group.name,
      JSON.stringify({ ...jsonObject(group.data), ...groupDataOf(fields) }),
      ctx.now().toISOString(),
      group.id,
    );
    ctx.countWrite();
    return reply(ctx, 'group', groupWithCounts(ctx.db, findGroup(ctx.db, ctx.user, group.id)));
  },
  'DELETE users/me/school/groups/{id}': (ctx) => {
    const group = groupOf(ctx);
    run(ctx.db, 'DELETE FROM school_groups WHERE id = ?', group.id);
    ctx.countWrite();
    logEvent(ctx, group.school_id, 'groups.deleted', { id: group.id });
    return reply(ctx, 'deleted', true, { id: group.id });
  },
  'GET users/me/school/groups/all': (ctx) => {
    const rows = all<GroupRow>(ctx.db, 'SELECT * FROM school_groups WHERE school_id = ? ORDER BY parent_id IS NOT NULL, name, id', chosenSchoolId(ctx, ctx.input['schoolId']));
    const predict = ctx.input['predictStage'] === true;
    const groups = rows.map((g) => {
      const json = groupWithCounts(ctx.db, g);
      if (!predict) return json;
      const pupils = groupPupils(ctx.db, g.id);
      return {
        ...json,
        predicted_stage_spelling: predictedStage(pupils.map((p) => p.stage_spelling), MAX_SPELLING_STAGE),
        predicted_stage_number: predictedStage(pupils.map((p) => p.stage_number), MAX_NUMBER_STAGE),
      };
    });
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'DELETE users/me/school/groups': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const count = all<Pick<Row<'school_groups'>, 'id'>>(ctx.db, 'SELECT id FROM school_groups WHERE school_id = ?', schoolId).length;
    run(ctx.db, 'DELETE FROM school_groups WHERE school_id = ?', schoolId);
    ctx.countWrite();
    logEvent(ctx, schoolId, 'groups.deleted_all', { count });
    return reply(ctx, 'deleted', count);
  },
  'GET users/me/groups': (ctx) => {
    const user = requireUser(ctx);
    const table = user.kind === 'pupil' ? 'group_pupils' : 'group_teachers';
    const rows = all<GroupRow>(ctx.db, `SELECT g.* FROM ${table} m JOIN school_groups g ON g.id = m.group_id WHERE m.user_id = ? ORDER BY g.name, g.id`, user.id);
    const groups = rows.map((g) => groupWithCounts(ctx.db, g));
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'PUT users/me/school/groups/{id}/teachers': (ctx) => {
    const group = groupOf(ctx);
    const ids = parseIds(ctx.input['teachers'], 'teachers');
    const teachers = (ids === '*' ? [] : ids).map((id) => findTeacher(ctx.db, ctx.user, id, group.school_id));
    run(ctx.db, 'DELETE FROM group_teachers WHERE group_id = ?', group.id);
    const now = ctx.now().toISOString();
    for (const t of teachers) run(ctx.db, 'INSERT INTO group_teachers (group_id, user_id, added_at) VALUES (?, ?, ?)', group.id, t.id, now);
    ctx.countWrite();
    return reply(ctx, 'teachers', groupTeachers(ctx.db, group.id).map((t) => serializeTeacher(t)));
  },
  'DELETE users/me/school/groups/{id}/teachers': (ctx) => {
    const group = groupOf(ctx);
    const teacherId = toId(ctx.input['teacherId'], 'Teacher');
    const result = run(ctx.db, 'DELETE FROM group_teachers WHERE group_id = ? AND user_id = ?', group.id, teacherId);
    if (result.changes === 0) throw notFound(`Teacher ${teacherId} of group`, group.id);
    ctx.countWrite();
    return reply(ctx, 'teachers', groupTeachers(ctx.db, group.id).map((t) => serializeTeacher(t)));
  },
  'GET users/me/school/groups/{id}/teachers': (ctx) => {
    const teachers = groupTeachers(ctx.db, groupOf(ctx).id).map((t) => serializeTeacher(t));
    return reply(ctx, 'teachers', teachers, { total: teachers.length });
  },
  'GET users/me/school/groups/{id}/groups': (ctx) => {
    const group = groupOf(ctx);
    const groups = all<GroupRow>(ctx.db, 'SELECT * FROM school_groups WHERE parent_id = ? ORDER BY name, id', group.id).map((g) => groupWithCounts(ctx.db, g));
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'POST users/me/school/groups/{id}/groups': (ctx) => {
    const parent = groupOf(ctx);
    requireGroupTeacher(ctx, parent, 'add sub-groups');
    return createGroup(ctx, parent.school_id, parent, { name: ctx.input.name });
  },
  'GET users/me/school/groups/{id}/groups/{sub}/pupils': (ctx) => {
    const group = groupOf(ctx);
    const sub = groupOf(ctx, 'sub');
    if (sub.parent_id !== group.id) throw notFound(`Sub-group ${sub.id} of group`, group.id);
    const pupils = groupPupils(ctx.db, sub.id).map((p) => serializePupil(p));
    return reply(ctx, 'pupils', pupils, { total: pupils.length });
  },
  'PUT users/me/school/groups/{id}/pupils/setnumberstage': (ctx) => setStage(ctx, 'stage_number', ctx.input.stage_number),
  'PUT users/me/school/groups/{id}/pupils/setspellingstage': (ctx) => setStage(ctx, 'stage_spelling', ctx.input.stage_spelling),
} satisfies PartialHandlerMap;

export const groupsHandlers = defineRoutes('groups', { ...groupCrudHandlers, ...groupPupilHandlers, ...groupReportHandlers });
