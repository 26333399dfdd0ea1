import type { DomainContext } from '../context.js';
import { notFound } from '../errors.js';
import { parseIds } from '../../kit/input.js';
import { findGroup } from '../schools/find.js';
import { assertDates, extraData, type HomeworkFields } from './homework.js';
import { pupilsByIds } from '../pupils/pupil-queries.js';
import { run } from '../../kit/sql.js';

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
  if (options.groupId !== null) run(ctx.db, 'INSERT INTO homework_groups (homework_id, group_id) VALUES (?, ?)', id, options.groupId);
  for (const pupilId of options.pupilIds) run(ctx.db, 'INSERT OR IGNORE INTO homework_pupils (homework_id, user_id) VALUES (?, ?)', id, pupilId);
  return id;
}
