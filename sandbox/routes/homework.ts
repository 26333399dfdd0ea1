/**
 * Homework of the caller's school: CRUD, bulk delete, who it is set for (pupils, groups, co-teachers).
 * Only its teachers (owner, co-teachers, teachers of its groups) or a school admin change it. Results are
 * in routes/homework/data.ts, homework sets in routes/homework/multi.ts.
 */
import { HOMEWORK_FIELDS, NEW_HOMEWORK_FIELDS } from '../../core/endpoints/homework.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { checkAll } from '../kit/check-all.js';
import { callerSchoolId, requireUser, superuserMay } from '../kit/reach.js';
import { invalid, notFound, parseFields, parseIds, pathId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import { findGroup, findTeacher } from '../domain/schools/find.js';
import { assertDates, extraData, fieldsIn, findHomework, homeworkByIds, serializeHomework, requireHomeworkTeacher } from '../domain/homework/homework.js';
import { insertHomework, pupilIdsFrom } from '../domain/homework/homework-write.js';
import { jsonObject } from '../kit/json-columns.js';
import type { HomeworkRow } from '../domain/schools/rows.js';
import { all, placeholders, run } from '../kit/sql.js';
import { homeworkDataHandlers } from './homework/data.js';
import { homeworkMultiHandlers } from './homework/multi.js';
import { defineRoutes } from './areas.js';
import type { Row } from '../db/rows.js';
import { reply } from '../kit/reply.js';

function homeworkOf(ctx: HandlerContext, param = 'id'): HomeworkRow {
  return findHomework(ctx.db, ctx.user, pathId(ctx, 'Homework', param));
}

function writable(ctx: HandlerContext, param = 'id'): HomeworkRow {
  const row = homeworkOf(ctx, param);
  requireHomeworkTeacher(ctx, row);
  return row;
}

function touched(ctx: HandlerContext, row: HomeworkRow): HandlerResult {
  run(ctx.db, 'UPDATE homework SET updated_at = ? WHERE id = ?', ctx.now().toISOString(), row.id);
  ctx.countWrite();
  return reply(ctx, 'homework', serializeHomework(ctx.db, findHomework(ctx.db, ctx.user, row.id)));
}

const create: RouteHandler<'POST homework'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const [fields, pupilIds] = checkAll(
    () => parseFields(NEW_HOMEWORK_FIELDS, fieldsIn(ctx.input, 'homework')),
    () => pupilIdsFrom(ctx, schoolId, ctx.input),
  );
  const id = insertHomework(ctx, schoolId, fields, { setId: null, groupId: ctx.input.group_id ?? null, pupilIds, portal: ctx.input.isNewEdShedPortal === 1 });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'homework.created', { id });
  return reply(ctx, 'homework', serializeHomework(ctx.db, findHomework(ctx.db, ctx.user, id)), {}, 201);
};

function update(ctx: HandlerContext): HandlerResult {
  const row = writable(ctx);
  const fields = parseFields(HOMEWORK_FIELDS, fieldsIn(ctx.input, 'homework'));
  const startsAt = fields.starts_at ?? row.starts_at;
  const endsAt = fields.ends_at === undefined ? row.ends_at : fields.ends_at;
  assertDates(startsAt, endsAt);
  run(
    ctx.db,
    'UPDATE homework SET title = ?, game = ?, list_ident = ?, starts_at = ?, ends_at = ?, data = ? WHERE id = ?',
    fields.title ?? row.title,
    fields.game ?? row.game,
    fields.list_ident === undefined ? row.list_ident : fields.list_ident,
    startsAt,
    endsAt,
    JSON.stringify({ ...jsonObject(row.data), ...extraData(fields) }),
    row.id,
  );
  return touched(ctx, row);
}

/** Homework the caller sees: everything for admins, otherwise what they own, co-teach or set for their groups. */
function visible(ctx: HandlerContext): HomeworkRow[] {
  const user = requireUser(ctx);
  const schoolId = callerSchoolId(ctx);
  if (superuserMay(user, 'act as school staff') || user.admin) return all<HomeworkRow>(ctx.db, 'SELECT * FROM homework WHERE school_id = ? ORDER BY starts_at DESC, id DESC', schoolId);
  return all<HomeworkRow>(
    ctx.db,
    `SELECT * FROM homework h WHERE h.school_id = ? AND (h.owner_id = ?
       OR EXISTS (SELECT 1 FROM homework_teachers t WHERE t.homework_id = h.id AND t.user_id = ?)
       OR EXISTS (SELECT 1 FROM homework_groups hg JOIN group_teachers gt ON gt.group_id = hg.group_id WHERE hg.homework_id = h.id AND gt.user_id = ?))
     ORDER BY h.starts_at DESC, h.id DESC`,
    schoolId,
    user.id,
    user.id,
    user.id,
  );
}

const homeworkCrudHandlers = {
  'GET homework': (ctx) => {
    const homework = visible(ctx).map((row) => serializeHomework(ctx.db, row));
    return reply(ctx, 'homework', homework, { total: homework.length });
  },
  'POST homework': create,
  'GET homework/{id}': (ctx) => reply(ctx, 'homework', serializeHomework(ctx.db, homeworkOf(ctx))),
  'PUT homework/{id}': update,
  'DELETE homework/{id}': (ctx) => {
    const row = writable(ctx);
    run(ctx.db, 'DELETE FROM homework WHERE id = ?', row.id);
    ctx.countWrite();
    logEvent(ctx, row.school_id, 'homework.deleted', { ids: [row.id] });
    return reply(ctx, 'deleted', 1, { ids: [row.id] });
  },
  'DELETE homework': (ctx) => {
    const ids = parseIds(ctx.input['ids'], 'ids');
    const rows = homeworkByIds(ctx.db, ctx.user, ids === '*' ? [] : ids);
    for (const row of rows) requireHomeworkTeacher(ctx, row);
    run(ctx.db, `DELETE FROM homework WHERE id IN (${placeholders(rows.length)})`, ...rows.map((r) => r.id));
    ctx.countWrite();
    logEvent(ctx, callerSchoolId(ctx), 'homework.deleted', { ids: rows.map((r) => r.id) });
    return reply(ctx, 'deleted', rows.length, { ids: rows.map((r) => r.id) });
  },
  'POST homework/{id}/pupils': (ctx) => {
    const row = writable(ctx);
    for (const id of pupilIdsFrom(ctx, row.school_id, ctx.input)) {
      run(ctx.db, 'INSERT OR IGNORE INTO homework_pupils (homework_id, user_id) VALUES (?, ?)', row.id, id);
    }
    return touched(ctx, row);
  },
  'DELETE homework/{id}/pupils': (ctx) => {
    const row = writable(ctx);
    const ids = pupilIdsFrom(ctx, row.school_id, ctx.input);
    if (ids.length === 0) throw invalid('pupilIds', 'name the pupils to take off the homework (pupilIds or user_ids)');
    const assigned = new Set(all<Pick<Row<'homework_pupils'>, 'user_id'>>(ctx.db, 'SELECT user_id FROM homework_pupils WHERE homework_id = ?', row.id).map((r) => r.user_id));
    const outside = ids.filter((id) => !assigned.has(id));
    if (outside.length > 0) throw notFound(`Pupil ${outside.join(', ')} on homework`, row.id);
    run(ctx.db, `DELETE FROM homework_pupils WHERE homework_id = ? AND user_id IN (${placeholders(ids.length)})`, row.id, ...ids);
    return touched(ctx, row);
  },
  'PUT homework/{id}/group/{gid}': (ctx) => {
    const row = writable(ctx);
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group', 'gid'), row.school_id);
    run(ctx.db, 'INSERT OR IGNORE INTO homework_groups (homework_id, group_id) VALUES (?, ?)', row.id, group.id);
    return touched(ctx, row);
  },
  'DELETE homework/{id}/group/{gid}': (ctx) => {
    const row = writable(ctx);
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group', 'gid'), row.school_id);
    if (run(ctx.db, 'DELETE FROM homework_groups WHERE homework_id = ? AND group_id = ?', row.id, group.id).changes === 0) throw notFound(`Group ${group.id} on homework`, row.id);
    return touched(ctx, row);
  },
  'POST homework/{id}/teachers/{tid}': (ctx) => {
    const row = writable(ctx);
    const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher', 'tid'), row.school_id);
    if (teacher.id !== row.owner_id) run(ctx.db, 'INSERT OR IGNORE INTO homework_teachers (homework_id, user_id) VALUES (?, ?)', row.id, teacher.id);
    return touched(ctx, row);
  },
  'DELETE homework/{id}/teachers/{tid}': (ctx) => {
    const row = writable(ctx);
    const tid = pathId(ctx, 'Teacher', 'tid');
    if (run(ctx.db, 'DELETE FROM homework_teachers WHERE homework_id = ? AND user_id = ?', row.id, tid).changes === 0) throw notFound(`Teacher ${tid} on homework`, row.id);
    return touched(ctx, row);
  },
  'GET homework/group/{id}': (ctx) => {
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
    const rows = all<HomeworkRow>(ctx.db, 'SELECT h.* FROM homework h JOIN homework_groups hg ON hg.homework_id = h.id WHERE hg.group_id = ? ORDER BY h.starts_at DESC, h.id DESC', group.id);
    const homework = rows.map((r) => serializeHomework(ctx.db, r));
    return reply(ctx, 'homework', homework, { total: homework.length });
  },
  'GET spelling_diagnostic_skills': (ctx) => {
    const skills = all<Row<'diagnostic_skills'>>(ctx.db, 'SELECT * FROM diagnostic_skills ORDER BY stage, id');
    return reply(ctx, 'skills', skills, { total: skills.length });
  },
} satisfies PartialHandlerMap;

export const homeworkHandlers = defineRoutes('homework', { ...homeworkCrudHandlers, ...homeworkDataHandlers, ...homeworkMultiHandlers });
