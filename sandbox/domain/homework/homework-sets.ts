/**
 * Homework sets ("multi" homework): several pieces set together for a group. Editing a set's title or
 * dates applies to its pieces; a piece can be detached to live on its own; deleting a set deletes its pieces.
 */
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { findGroup } from '../schools/find.js';
import {
  assertDates,
  assignedPupils,
  requireHomeworkTeacher,
  serializeHomework,
  type HomeworkFields,
} from './homework.js';
import { insertHomework } from './homework-write.js';
import { findSessions, summarise } from '../activity/sessions.js';
import type { SessionUser } from '../../kit/handler.js';
import { findReachable } from '../../kit/reach.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { HomeworkRow, HomeworkSetRow } from '../schools/rows.js';
import { all, placeholders, run, type Db } from '../../kit/sql.js';
import type { HomeworkSet } from '../../../core/shapes/types.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
import type { Homework } from '../../../core/shapes/types.js';

/** Every game a set's pieces may be played as, for its competence. */
const SET_GAMES = [
  'spelling',
  'number',
  'maths',
  'mtc',
  'grammar',
  'quiz',
  'phonics',
  'lesson',
  'beekeeper',
  'buzzwords',
  'squirrelscurry',
];

/**
 * A homework set of a school `user` reaches, or 404.
 *
 * @example
 * const set = findHomeworkSet(ctx.db, ctx.user, 2);
 */
export function findHomeworkSet(db: Db, user: SessionUser | null, id: number): HomeworkSetRow {
  return findReachable<HomeworkSetRow>(db, user, 'Homework set', 'SELECT * FROM homework_sets WHERE id = ?', id);
}

function piecesOf(db: Db, setId: number, ordered: boolean): HomeworkRow[] {
  return all<HomeworkRow>(
    db,
    `SELECT * FROM homework WHERE set_id = ?${ordered ? ' ORDER BY starts_at, id' : ''}`,
    setId,
  );
}

const set = fieldsOf<HomeworkSetRow & { readonly homework: Homework[] }>();

/** The keys of the row (after what its data holds), then its pieces of homework. */
const HOMEWORK_SET_SHAPE: RowShape<HomeworkSetRow & { readonly homework: Homework[] }, HomeworkSet> = {
  id: set.column('id'),
  school_id: set.column('school_id'),
  owner_id: set.column('owner_id'),
  group_id: set.column('group_id'),
  title: set.column('title'),
  homework: set.column('homework'),
  created_at: set.column('created_at'),
  updated_at: set.column('updated_at'),
};

/**
 * A set as the API returns it, with its pieces.
 *
 * @example
 * serializeHomeworkSet(db, set).homework.length
 */
export function serializeHomeworkSet(db: Db, row: HomeworkSetRow): HomeworkSet {
  const homework = piecesOf(db, row.id, true).map((h) => serializeHomework(db, h));
  return { ...jsonObject(row.data), ...shapeValue(HOMEWORK_SET_SHAPE, { ...row, homework }) };
}

/** A new set's own fields (its pieces come separately). */
export type SetFields = {
  readonly title: string;
  readonly group_id?: number | null | undefined;
  readonly [key: string]: unknown;
};

/**
 * Creates a set of `pieces` in a school, for a group of it if named; returns the set's id.
 *
 * @example
 * const id = createHomeworkSet(ctx, 1, { title: 'Spring', group_id: 4 }, [{ title: 'Week 1' }]);
 */
export function createHomeworkSet(
  ctx: DomainContext,
  schoolId: number,
  fields: SetFields,
  pieces: readonly HomeworkFields[],
): number {
  const groupId = fields.group_id ?? null;
  if (groupId !== null) findGroup(ctx.db, ctx.user, groupId, schoolId);
  const now = ctx.now().toISOString();
  const { homework: _h, title, group_id: _g, ...data } = fields;
  const setId = Number(
    run(
      ctx.db,
      'INSERT INTO homework_sets (school_id, owner_id, group_id, title, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      schoolId,
      ctx.user?.id ?? null,
      groupId,
      title,
      JSON.stringify(data),
      now,
      now,
    ).lastInsertRowid,
  );
  for (const item of pieces) insertHomework(ctx, schoolId, item, { setId, groupId, pupilIds: [], portal: true });
  return setId;
}

/** What an edit of a set may change. */
export interface SetChange {
  readonly title?: string | undefined;
  readonly group_id?: number | null | undefined;
  readonly starts_at?: string | undefined;
  readonly ends_at?: string | null | undefined;
}

/**
 * Edits a set and, for its dates and group, every piece (403 unless the caller may change every piece).
 *
 * @example
 * updateHomeworkSet(ctx, set, { title: 'Summer' });
 */
export function updateHomeworkSet(ctx: DomainContext, set: HomeworkSetRow, fields: SetChange): void {
  const items = piecesOf(ctx.db, set.id, false);
  for (const item of items) requireHomeworkTeacher(ctx, item);
  const groupId = fields.group_id === undefined ? set.group_id : fields.group_id;
  if (groupId !== null) findGroup(ctx.db, ctx.user, groupId, set.school_id);
  const now = ctx.now().toISOString();
  run(
    ctx.db,
    'UPDATE homework_sets SET title = ?, group_id = ?, updated_at = ? WHERE id = ?',
    fields.title ?? set.title,
    groupId,
    now,
    set.id,
  );
  for (const item of items) {
    const startsAt = fields.starts_at ?? item.starts_at;
    const endsAt = fields.ends_at === undefined ? item.ends_at : fields.ends_at;
    assertDates(startsAt, endsAt);
    run(
      ctx.db,
      'UPDATE homework SET starts_at = ?, ends_at = ?, updated_at = ? WHERE id = ?',
      startsAt,
      endsAt,
      now,
      item.id,
    );
    if (fields.group_id !== undefined) {
      if (set.group_id !== null)
        run(ctx.db, 'DELETE FROM homework_groups WHERE homework_id = ? AND group_id = ?', item.id, set.group_id);
      if (groupId !== null)
        run(ctx.db, 'INSERT OR IGNORE INTO homework_groups (homework_id, group_id) VALUES (?, ?)', item.id, groupId);
    }
  }
}

/**
 * The sets of a school, newest first, of one group if named.
 *
 * @example
 * schoolHomeworkSets(db, 1, 4).length
 */
export function schoolHomeworkSets(db: Db, schoolId: number, groupId: number | null): HomeworkSetRow[] {
  return all<HomeworkSetRow>(
    db,
    `SELECT * FROM homework_sets WHERE school_id = ? ${groupId === null ? '' : 'AND group_id = ?'} ORDER BY created_at DESC, id DESC`,
    schoolId,
    ...(groupId === null ? [] : [groupId]),
  );
}

/**
 * Takes pieces out of their sets (409 for homework in no set; 403 unless the caller may change each).
 *
 * @example
 * detachHomework(ctx, rows);
 */
export function detachHomework(ctx: DomainContext, rows: readonly HomeworkRow[]): void {
  for (const row of rows) {
    requireHomeworkTeacher(ctx, row);
    if (row.set_id === null)
      throw new DomainError(
        'conflict',
        `Homework ${row.id} is not part of a set; only homework in a set can be detached`,
      );
  }
  run(
    ctx.db,
    `UPDATE homework SET set_id = NULL, updated_at = ? WHERE id IN (${placeholders(rows.length)})`,
    ctx.now().toISOString(),
    ...rows.map((r) => r.id),
  );
}

/**
 * Deletes sets with their pieces (403 unless the caller may change every piece); returns how many pieces went.
 *
 * @example
 * deleteHomeworkSets(ctx, [set]) // 3
 */
export function deleteHomeworkSets(ctx: DomainContext, sets: readonly HomeworkSetRow[]): number {
  let pieces = 0;
  for (const set of sets) {
    for (const item of piecesOf(ctx.db, set.id, false)) requireHomeworkTeacher(ctx, item);
    pieces += run(ctx.db, 'DELETE FROM homework WHERE set_id = ?', set.id).changes;
    run(ctx.db, 'DELETE FROM homework_sets WHERE id = ?', set.id);
  }
  return pieces;
}

/**
 * How far each pupil set any piece of the set has got: pieces done of the set's, and their results.
 *
 * @example
 * setCompetence(db, set).pupils[0]?.completed // 2
 */
export function setCompetence(
  db: Db,
  set: HomeworkSetRow,
): { pupils: Record<string, unknown>[]; summary: ReturnType<typeof summarise> } {
  const items = piecesOf(db, set.id, false);
  const pupils = new Map(items.flatMap((h) => assignedPupils(db, h.id)).map((p) => [p.id, p]));
  const rows = items.flatMap((h) =>
    findSessions(db, { userIds: [...pupils.keys()], games: SET_GAMES, homeworkId: h.id }),
  );
  const results = [...pupils.values()].map((p) => {
    const own = rows.filter((r) => r.user_id === p.id);
    const done = new Set(own.map((r) => r.homework_id));
    return { user_id: p.id, display_name: p.display_name, completed: done.size, of: items.length, ...summarise(own) };
  });
  return { pupils: results, summary: summarise(rows) };
}
