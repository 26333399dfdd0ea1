import type { Db } from '../../kit/sql.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { HOMEWORK_FIELDS } from '../../../core/endpoints/homework.js';
import { DomainError, notFound } from '../errors.js';
import type { DomainContext } from '../context.js';
import type { SessionUser } from '../../kit/handler.js';
import { findReachable, reachesRow, requireUser, superuserMay } from '../../kit/reach.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { HomeworkRow, UserRow } from '../schools/rows.js';
import { all, one, placeholders } from '../../kit/sql.js';
import type { Homework } from '../../../core/shapes/types.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

/** The session games that count towards each homework game. */
export const SESSION_GAMES: Readonly<Record<string, readonly string[]>> = {
  spelling: ['spelling', 'beekeeper', 'buzzwords', 'squirrelscurry', 'assessment'],
  number: ['number', 'maths', 'mtc', 'mastery_zone'],
  grammar: ['grammar'],
  quiz: ['quiz'],
  phonics: ['phonics'],
  lesson: ['lesson'],
};

/** Homework fields as the sandbox reads them (HOMEWORK_FIELDS); other keys are kept in `data`. */
export type HomeworkFields = ParsedPayload<typeof HOMEWORK_FIELDS> & { readonly [key: string]: unknown };

/**
 * The part of a payload that carries a record's fields: the object under `key` when there is one
 * (`{ homework: { title } }`), otherwise the payload itself (`{ title }`).
 *
 * @example
 * fieldsIn({ homework: { title: 'Week 1' }, group_id: 4 }, 'homework') // { title: 'Week 1' }
 */
export function fieldsIn(input: Readonly<Record<string, unknown>>, key: string): Readonly<Record<string, unknown>> {
  const nested = input[key];
  return nested !== null && typeof nested === 'object' ? (nested as Readonly<Record<string, unknown>>) : input;
}

/** Keys of the fields above that have their own column; the rest go to `data`. */
const COLUMNS = new Set([
  'title',
  'game',
  'list_ident',
  'starts_at',
  'ends_at',
  'id',
  'school_id',
  'owner_id',
  'set_id',
  'created_at',
  'updated_at',
  'pupil_ids',
  'group_ids',
  'teacher_ids',
  'pupilIds',
  'user_ids',
  'pupils',
  'group_id',
  'isNewEdShedPortal',
  'homework',
  'homework_set',
  'homework_ids',
]);

/**
 * The free-form part of homework fields (instructions, word lists...).
 *
 * @example
 * extraData({ title: 'x', instructions: 'Play twice' }) // { instructions: 'Play twice' }
 */
export function extraData(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !COLUMNS.has(key)));
}

/**
 * 422 unless the end is after the start.
 *
 * @example
 * assertDates('2026-09-08', '2026-09-01'); // throws 422
 */
export function assertDates(startsAt: string, endsAt: string | null): void {
  if (endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
    throw new DomainError('invalid', 'ends_at: homework cannot end before it starts', {
      errors: [{ path: 'ends_at', message: 'must not be before starts_at' }],
    });
  }
}

/**
 * Homework of a school `user` reaches, or 404 (another school's homework reads as missing).
 *
 * @example
 * const homework = findHomework(ctx.db, ctx.user, 7);
 */
export function findHomework(db: Db, user: SessionUser | null, id: number): HomeworkRow {
  return findReachable<HomeworkRow>(db, user, 'Homework', 'SELECT * FROM homework WHERE id = ?', id);
}

/**
 * Teachers who may change homework: its owner and co-teachers, and teachers of its groups.
 *
 * @example
 * canChangeHomework(db, user.id, homework) // true for its owner
 */
export function canChangeHomework(db: Db, userId: number, row: HomeworkRow): boolean {
  if (row.owner_id === userId) return true;
  if (one(db, 'SELECT 1 AS x FROM homework_teachers WHERE homework_id = ? AND user_id = ?', row.id, userId))
    return true;
  return (
    one(
      db,
      'SELECT 1 AS x FROM homework_groups hg JOIN group_teachers gt ON gt.group_id = hg.group_id WHERE hg.homework_id = ? AND gt.user_id = ?',
      row.id,
      userId,
    ) !== undefined
  );
}

/**
 * 403 unless the caller is a school admin or one of the homework's teachers.
 *
 * @example
 * requireHomeworkTeacher(ctx, homework);
 */
export function requireHomeworkTeacher(ctx: DomainContext, row: HomeworkRow): void {
  const user = requireUser(ctx);
  if (superuserMay(user, 'act as school staff') || user.admin || canChangeHomework(ctx.db, user.id, row)) return;
  throw new DomainError('forbidden', `Only a teacher of homework ${row.id} or a school admin can change it`);
}

/**
 * Pupils the homework is set for: assigned directly or through its groups.
 *
 * @example
 * assignedPupils(db, 7).length // pupils set the homework directly or through a group
 */
export function assignedPupils(db: Db, homeworkId: number): UserRow[] {
  return all<UserRow>(
    db,
    `SELECT DISTINCT u.* FROM users u WHERE u.deleted_at IS NULL AND u.kind = 'pupil' AND (
       u.id IN (SELECT user_id FROM homework_pupils WHERE homework_id = ?) OR
       u.id IN (SELECT gp.user_id FROM homework_groups hg JOIN group_pupils gp ON gp.group_id = hg.group_id WHERE hg.homework_id = ?))
     ORDER BY u.last_name, u.first_name, u.id`,
    homeworkId,
    homeworkId,
  );
}

function idsOf(db: Db, sql: string, id: number): number[] {
  return all<{ id: number }>(db, sql, id).map((r) => r.id);
}

/** A piece of homework's row with its pupils, groups and co-teachers. */
type HomeworkWithIds = HomeworkRow & {
  readonly pupil_ids: number[];
  readonly group_ids: number[];
  readonly teacher_ids: number[];
};

const homework = fieldsOf<HomeworkWithIds>();

/** The keys of the row (after what its data holds), `portal` as `isNewEdShedPortal`, then who it is for. */
const HOMEWORK_SHAPE: RowShape<HomeworkWithIds, Homework> = {
  id: homework.column('id'),
  school_id: homework.column('school_id'),
  owner_id: homework.column('owner_id'),
  set_id: homework.column('set_id'),
  title: homework.column('title'),
  game: homework.column('game'),
  list_ident: homework.column('list_ident'),
  starts_at: homework.column('starts_at'),
  ends_at: homework.column('ends_at'),
  isNewEdShedPortal: homework.flag('portal'),
  pupil_ids: homework.column('pupil_ids'),
  group_ids: homework.column('group_ids'),
  teacher_ids: homework.column('teacher_ids'),
  created_at: homework.column('created_at'),
  updated_at: homework.column('updated_at'),
};

/**
 * Homework as the API returns it, with who it is assigned to.
 *
 * @example
 * return reply(ctx, 'homework', serializeHomework(db, row));
 */
export function serializeHomework(db: Db, row: HomeworkRow): Homework {
  const ids = (sql: string): number[] => idsOf(db, sql, row.id);
  const pupil_ids = ids('SELECT user_id AS id FROM homework_pupils WHERE homework_id = ? ORDER BY user_id');
  const group_ids = ids('SELECT group_id AS id FROM homework_groups WHERE homework_id = ? ORDER BY group_id');
  const teacher_ids = ids('SELECT user_id AS id FROM homework_teachers WHERE homework_id = ? ORDER BY user_id');
  return { ...jsonObject(row.data), ...shapeValue(HOMEWORK_SHAPE, { ...row, pupil_ids, group_ids, teacher_ids }) };
}

/**
 * Homework rows by ids, all of schools `user` reaches, or 404 naming the missing ones (another school's
 * homework counts as missing).
 *
 * @example
 * const rows = homeworkByIds(db, ctx.user, [7, 8]);
 */
export function homeworkByIds(db: Db, user: SessionUser | null, ids: readonly number[]): HomeworkRow[] {
  const rows = all<HomeworkRow>(db, `SELECT * FROM homework WHERE id IN (${placeholders(ids.length)})`, ...ids).filter(
    (row) => reachesRow(db, user, row),
  );
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw notFound('Homework', missing.join(', '));
  return rows;
}
