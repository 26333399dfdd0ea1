/**
 * Homework sets ("multi" homework): several pieces set together for a group. Editing a set's title or
 * dates applies to its pieces; a piece can be detached to live on its own; deleting a set deletes its pieces.
 */
import { HOMEWORK_SET_FIELDS, NEW_HOMEWORK_FIELDS } from '../../../core/endpoints/homework.js';
import type { HandlerContext, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { checkAll } from '../../kit/check-all.js';
import { callerSchoolId, findReachable } from '../../kit/reach.js';
import { invalid, parseFields, parseIds, pathId, toId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import { findGroup } from '../../domain/schools/find.js';
import { assertDates, assignedPupils, fieldsIn, homeworkByIds, serializeHomework, requireHomeworkTeacher, type HomeworkFields } from '../../domain/homework/homework.js';
import { insertHomework } from '../../domain/homework/homework-write.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { HomeworkRow, HomeworkSetRow } from '../../domain/schools/rows.js';
import { findSessions, summarise } from '../../domain/activity/sessions.js';
import { all, placeholders, run } from '../../kit/sql.js';
import type { HomeworkSet } from '../../../core/shapes/types.js';
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

function findSet(ctx: HandlerContext, id: number): HomeworkSetRow {
  return findReachable<HomeworkSetRow>(ctx.db, ctx.user, 'Homework set', 'SELECT * FROM homework_sets WHERE id = ?', id);
}

function serializeHomeworkSet(ctx: HandlerContext, row: HomeworkSetRow): HomeworkSet {
  const items = all<HomeworkRow>(ctx.db, 'SELECT * FROM homework WHERE set_id = ? ORDER BY starts_at, id', row.id);
  return { ...jsonObject(row.data), id: row.id, school_id: row.school_id, owner_id: row.owner_id, group_id: row.group_id, title: row.title, homework: items.map((h) => serializeHomework(ctx.db, h)), created_at: row.created_at, updated_at: row.updated_at };
}

const create: RouteHandler<'POST homework/multi'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const body = fieldsIn(ctx.input, 'homework_set');
  const [fields, homework] = checkAll(
    () => parseFields(HOMEWORK_SET_FIELDS, body),
    () => pieces(body['homework']),
  );
  const groupId = fields.group_id ?? null;
  if (groupId !== null) findGroup(ctx.db, ctx.user, groupId, schoolId);
  const now = ctx.now().toISOString();
  const { homework: _h, title, group_id: _g, ...data } = fields;
  const setId = Number(
    run(ctx.db, 'INSERT INTO homework_sets (school_id, owner_id, group_id, title, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', schoolId, ctx.user?.id ?? null, groupId, title, JSON.stringify(data), now, now)
      .lastInsertRowid,
  );
  for (const item of homework) insertHomework(ctx, schoolId, item, { setId, groupId, pupilIds: [], portal: true });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'homework_sets.created', { id: setId });
  return reply(ctx, 'homework_set', serializeHomeworkSet(ctx, findSet(ctx, setId)), {}, 201);
};

const update: RouteHandler<'PUT homework/multi/{id}'> = (ctx) => {
  const set = findSet(ctx, pathId(ctx, 'Homework set'));
  const items = all<HomeworkRow>(ctx.db, 'SELECT * FROM homework WHERE set_id = ?', set.id);
  for (const item of items) requireHomeworkTeacher(ctx, item);
  const fields = ctx.input;
  const groupId = fields.group_id === undefined ? set.group_id : fields.group_id;
  if (groupId !== null) findGroup(ctx.db, ctx.user, groupId, set.school_id);
  const now = ctx.now().toISOString();
  run(ctx.db, 'UPDATE homework_sets SET title = ?, group_id = ?, updated_at = ? WHERE id = ?', fields.title ?? set.title, groupId, now, set.id);
  for (const item of items) {
    const startsAt = fields.starts_at ?? item.starts_at;
    const endsAt = fields.ends_at === undefined ? item.ends_at : fields.ends_at;
    assertDates(startsAt, endsAt);
    run(ctx.db, 'UPDATE homework SET starts_at = ?, ends_at = ?, updated_at = ? WHERE id = ?', startsAt, endsAt, now, item.id);
    if (fields.group_id !== undefined) {
      if (set.group_id !== null) run(ctx.db, 'DELETE FROM homework_groups WHERE homework_id = ? AND group_id = ?', item.id, set.group_id);
      if (groupId !== null) run(ctx.db, 'INSERT OR IGNORE INTO homework_groups (homework_id, group_id) VALUES (?, ?)', item.id, groupId);
    }
  }
  ctx.countWrite();
  return reply(ctx, 'homework_set', serializeHomeworkSet(ctx, findSet(ctx, set.id)));
};

export const homeworkMultiHandlers = {
  'GET homework/multi': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const groupId = ctx.input['group_id'] === undefined ? null : findGroup(ctx.db, ctx.user, toId(ctx.input['group_id'], 'Group'), schoolId).id;
    const rows = all<HomeworkSetRow>(ctx.db, `SELECT * FROM homework_sets WHERE school_id = ? ${groupId === null ? '' : 'AND group_id = ?'} ORDER BY created_at DESC, id DESC`, schoolId, ...(groupId === null ? [] : [groupId]));
    const sets = rows.map((r) => serializeHomeworkSet(ctx, r));
    return reply(ctx, 'homework_sets', sets, { total: sets.length });
  },
  'POST homework/multi': create,
  'PUT homework/multi/{id}': update,
  'PATCH homework/multi/detach': (ctx) => {
    const ids = parseIds(ctx.input['ids'], 'ids');
    const rows = homeworkByIds(ctx.db, ctx.user, ids === '*' ? [] : ids);
    for (const row of rows) {
      requireHomeworkTeacher(ctx, row);
      if (row.set_id === null) throw new HttpError(409, 'Conflict', `Homework ${row.id} is not part of a set; only homework in a set can be detached`);
    }
    run(ctx.db, `UPDATE homework SET set_id = NULL, updated_at = ? WHERE id IN (${placeholders(rows.length)})`, ctx.now().toISOString(), ...rows.map((r) => r.id));
    ctx.countWrite();
    return reply(ctx, 'detached', rows.length, { homework: rows.map((r) => serializeHomework(ctx.db, { ...r, set_id: null })) });
  },
  'DELETE homework/multi': (ctx) => {
    const ids = parseIds(ctx.input['ids'], 'ids');
    const sets = (ids === '*' ? [] : ids).map((id) => findSet(ctx, id));
    let pieces = 0;
    for (const set of sets) {
      const items = all<HomeworkRow>(ctx.db, 'SELECT * FROM homework WHERE set_id = ?', set.id);
      for (const item of items) requireHomeworkTeacher(ctx, item);
      pieces += run(ctx.db, 'DELETE FROM homework WHERE set_id = ?', set.id).changes;
      run(ctx.db, 'DELETE FROM homework_sets WHERE id = ?', set.id);
    }
    ctx.countWrite();
    return reply(ctx, 'deleted', sets.length, { homework_deleted: pieces });
  },
  'GET homework/multi/{id}/competence': (ctx) => {
    const set = findSet(ctx, pathId(ctx, 'Homework set'));
    const items = all<HomeworkRow>(ctx.db, 'SELECT * FROM homework WHERE set_id = ?', set.id);
    const pupils = new Map(items.flatMap((h) => assignedPupils(ctx.db, h.id)).map((p) => [p.id, p]));
    const rows = items.flatMap((h) => findSessions(ctx.db, { userIds: [...pupils.keys()], games: ['spelling', 'number', 'maths', 'mtc', 'grammar', 'quiz', 'phonics', 'lesson', 'beekeeper', 'buzzwords', 'squirrelscurry'], homeworkId: h.id }));
    const results = [...pupils.values()].map((p) => {
      const own = rows.filter((r) => r.user_id === p.id);
      const done = new Set(own.map((r) => r.homework_id));
      return { user_id: p.id, display_name: p.display_name, completed: done.size, of: items.length, ...summarise(own) };
    });
    return reply(ctx, 'homework_set_id', set.id, { pupils: results, summary: summarise(rows) });
  },
} satisfies PartialHandlerMap;
