import type { DomainContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { parseIds } from '../../kit/input.js';
import { findGroup, findTeacher } from '../schools/find.js';
import { assertDates, extraData, requireHomeworkTeacher, type HomeworkFields } from './homework.js';
import { pupilsByIds } from '../pupils/pupil-queries.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { HomeworkRow } from '../schools/rows.js';
import { all, placeholders, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/** The keys that may carry who homework is set for, in the order they are read: the spec's `pupilIds` and `user_ids`, and `pupils`. */
const PUPIL_KEYS = ['pupilIds', 'user_ids', 'pupils'] as const;

/**
 * Pupil ids from whichever key carried them (a list, possibly empty, comma-joined, or one id), checked
 * to be pupils of the school: 422 for a malformed list, 404 naming pupils that are not the school's.
 *
 * @example
 * pupilIdsFrom(ctx, 1, { pupilIds: '4,9' }) // [4, 9]
 */
export function pupilIdsFrom(ctx: DomainContext, schoolId: number, body: Readonly<Record<string, unknown>>): number[] {
  const key = PUPIL_KEYS.find((k) => body[k] !== undefined);
  if (key === undefined) return [];
  const ids = parseIds(body[key], key);
  if (ids === '*') return [];
  const { missing } = pupilsByIds(ctx.db, ctx.user, ids, schoolId);
  if (missing.length > 0) throw notFound('Pupil', missing.join(', '));
  return ids;
}

/**
 * New homework in a school, assigned to pupils and a group; returns its id.
 *
 * @example
 * const id = insertHomework(ctx, 1, { title: 'Week 1' }, { setId: null, groupId: 4, pupilIds: [], portal: true });
 */
export function insertHomework(
  ctx: DomainContext,
  schoolId: number,
  fields: HomeworkFields,
  options: { setId: number | null; groupId: number | null; pupilIds: readonly number[]; portal: boolean },
): number {
  const now = ctx.now().toISOString();
  const startsAt = fields.starts_at ?? now;
  const endsAt = fields.ends_at ?? null;
  assertDates(startsAt, endsAt);
  if (options.groupId !== null) findGroup(ctx.db, ctx.user, options.groupId, schoolId);
  const id = Number(
    run(
      ctx.db,
      `INSERT INTO homework (school_id, owner_id, set_id, title, game, list_ident, data, starts_at, ends_at, portal, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      schoolId,
      ctx.user?.id ?? null,
      options.setId,
      fields.title ?? 'Homework',
      fields.game ?? 'spelling',
      fields.list_ident ?? null,
      JSON.stringify(extraData(fields)),
      startsAt,
      endsAt,
      options.portal ? 1 : 0,
      now,
      now,
    ).lastInsertRowid,
  );
  if (options.groupId !== null)
    run(ctx.db, 'INSERT INTO homework_groups (homework_id, group_id) VALUES (?, ?)', id, options.groupId);
  for (const pupilId of options.pupilIds)
    run(ctx.db, 'INSERT OR IGNORE INTO homework_pupils (homework_id, user_id) VALUES (?, ?)', id, pupilId);
  return id;
}

/**
 * Marks homework changed now (every change to who it is set for ends here).
 *
 * @example
 * touchHomework(ctx, row);
 */
export function touchHomework(ctx: DomainContext, row: HomeworkRow): void {
  run(ctx.db, 'UPDATE homework SET updated_at = ? WHERE id = ?', ctx.now().toISOString(), row.id);
}

/**
 * Writes the keys of `fields` that were sent over the homework's own (422 for an end before the start).
 *
 * @example
 * updateHomework(ctx, row, { title: 'Week 2' });
 */
export function updateHomework(ctx: DomainContext, row: HomeworkRow, fields: HomeworkFields): void {
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
  touchHomework(ctx, row);
}

/**
 * Deletes homework rows, each checked first to be the caller's to change (403 otherwise).
 *
 * @example
 * deleteHomework(ctx, [row]);
 */
export function deleteHomework(ctx: DomainContext, rows: readonly HomeworkRow[]): void {
  for (const row of rows) requireHomeworkTeacher(ctx, row);
  run(ctx.db, `DELETE FROM homework WHERE id IN (${placeholders(rows.length)})`, ...rows.map((r) => r.id));
}

/**
 * Sets the homework for more pupils (already of its school, checked by `pupilIdsFrom`).
 *
 * @example
 * assignPupils(ctx, row, [4, 9]);
 */
export function assignPupils(ctx: DomainContext, row: HomeworkRow, ids: readonly number[]): void {
  for (const id of ids)
    run(ctx.db, 'INSERT OR IGNORE INTO homework_pupils (homework_id, user_id) VALUES (?, ?)', row.id, id);
  touchHomework(ctx, row);
}

/**
 * Takes pupils off the homework: 422 for none named, 404 naming those it was not set for directly.
 *
 * @example
 * unassignPupils(ctx, row, [4]);
 */
export function unassignPupils(ctx: DomainContext, row: HomeworkRow, ids: readonly number[]): void {
  if (ids.length === 0) throw invalid('pupilIds', 'name the pupils to take off the homework (pupilIds or user_ids)');
  const assigned = new Set(
    all<Pick<Row<'homework_pupils'>, 'user_id'>>(
      ctx.db,
      'SELECT user_id FROM homework_pupils WHERE homework_id = ?',
      row.id,
    ).map((r) => r.user_id),
  );
  const outside = ids.filter((id) => !assigned.has(id));
  if (outside.length > 0) throw notFound(`Pupil ${outside.join(', ')} on homework`, row.id);
  run(
    ctx.db,
    `DELETE FROM homework_pupils WHERE homework_id = ? AND user_id IN (${placeholders(ids.length)})`,
    row.id,
    ...ids,
  );
  touchHomework(ctx, row);
}

/**
 * Sets the homework for group `groupId` of its school too, or takes it off (404 when it was not set for it).
 *
 * @example
 * setForGroup(ctx, row, 4, true);
 */
export function setForGroup(ctx: DomainContext, row: HomeworkRow, groupId: number, set: boolean): void {
  const group = findGroup(ctx.db, ctx.user, groupId, row.school_id);
  if (set) run(ctx.db, 'INSERT OR IGNORE INTO homework_groups (homework_id, group_id) VALUES (?, ?)', row.id, group.id);
  else if (
    run(ctx.db, 'DELETE FROM homework_groups WHERE homework_id = ? AND group_id = ?', row.id, group.id).changes === 0
  )
    throw notFound(`Group ${group.id} on homework`, row.id);
  touchHomework(ctx, row);
}

/**
 * Adds teacher `teacherId` of its school as a co-teacher of the homework (its owner already is one).
 *
 * @example
 * addCoTeacher(ctx, row, 3);
 */
export function addCoTeacher(ctx: DomainContext, row: HomeworkRow, teacherId: number): void {
  const teacher = findTeacher(ctx.db, ctx.user, teacherId, row.school_id);
  if (teacher.id !== row.owner_id)
    run(ctx.db, 'INSERT OR IGNORE INTO homework_teachers (homework_id, user_id) VALUES (?, ?)', row.id, teacher.id);
  touchHomework(ctx, row);
}

/**
 * Takes a co-teacher off the homework (404 when they were not one).
 *
 * @example
 * removeCoTeacher(ctx, row, 3);
 */
export function removeCoTeacher(ctx: DomainContext, row: HomeworkRow, teacherId: number): void {
  if (
    run(ctx.db, 'DELETE FROM homework_teachers WHERE homework_id = ? AND user_id = ?', row.id, teacherId).changes === 0
  )
    throw notFound(`Teacher ${teacherId} on homework`, row.id);
  touchHomework(ctx, row);
}
