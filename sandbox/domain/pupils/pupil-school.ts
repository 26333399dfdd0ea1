/** What staff do to a school's pupils at once: delete, export as CSV, move up a stage; and a user's own settings and username ideas. */
import type { SessionUser } from '../../kit/handler.js';
import { notFound } from '../errors.js';
import { toCsv } from '../schools/csv.js';
import type { UserRow } from '../schools/rows.js';
import { groupIdsOf, pupilsByIds, schoolPupils } from './pupil-queries.js';
import { takenSchoolUsernames } from './pupil-write.js';
import { uniqueName } from './names.js';
import { jsonObject } from '../../kit/json-columns.js';
import { MAX_NUMBER_STAGE, MAX_SPELLING_STAGE } from '../../../core/domain/constants.js';
import { all, one, placeholders, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/** The school's pupils named by `ids` (every one for `*`), or 404 naming those that are not the school's. */
function pupilsNamed(db: Db, user: SessionUser | null, schoolId: number, ids: readonly number[] | '*'): UserRow[] {
  if (ids === '*') return schoolPupils(db, schoolId);
  const found = pupilsByIds(db, user, ids, schoolId);
  if (found.missing.length > 0) throw notFound('Pupil', found.missing.join(', '));
  return found.pupils;
}

/**
 * Deletes (softly) the school's pupils named by `ids`, or all of them for `*`; returns the ids deleted.
 *
 * @example
 * deletePupils(db, user, 1, [4, 9], now) // [4, 9]
 */
export function deletePupils(
  db: Db,
  user: SessionUser | null,
  schoolId: number,
  ids: readonly number[] | '*',
  now: string,
): number[] {
  if (ids !== '*') pupilsNamed(db, user, schoolId, ids);
  const targets = ids === '*' ? schoolPupils(db, schoolId).map((p) => p.id) : [...ids];
  for (let i = 0; i < targets.length; i += 500) {
    const chunk = targets.slice(i, i + 500);
    run(db, `UPDATE users SET deleted_at = ? WHERE id IN (${placeholders(chunk.length)})`, now, ...chunk);
  }
  return targets;
}

/**
 * The school's pupils named by `ids` (all for `*`) as CSV, with their groups by name.
 *
 * @example
 * pupilsCsv(db, user, 1, '*').count // 30
 */
export function pupilsCsv(
  db: Db,
  user: SessionUser | null,
  schoolId: number,
  ids: readonly number[] | '*',
): { csv: string; count: number } {
  const pupils = pupilsNamed(db, user, schoolId, ids);
  const groupNames = new Map(
    all<Pick<Row<'school_groups'>, 'id' | 'name'>>(
      db,
      'SELECT id, name FROM school_groups WHERE school_id = ?',
      schoolId,
    ).map((g) => [g.id, g.name]),
  );
  const groups = groupIdsOf(
    db,
    pupils.map((p) => p.id),
  );
  const rows = pupils.map((p) => [
    p.id,
    schoolId,
    p.school_username,
    p.first_name,
    p.last_name,
    p.display_name,
    p.stage_spelling,
    p.stage_number,
    (groups.get(p.id) ?? []).map((g) => groupNames.get(g) ?? g).join('; '),
  ]);
  const csv = toCsv(
    [
      'id',
      'school_id',
      'school_username',
      'first_name',
      'last_name',
      'display_name',
      'stage_spelling',
      'stage_number',
      'groups',
    ],
    rows,
  );
  return { csv, count: pupils.length };
}

/**
 * A username from `base` no one has yet: in the school, for a caller in one, else among all usernames.
 *
 * @example
 * freeUsername(db, 1, 'adalovelace') // 'adalovelace2'
 */
export function freeUsername(db: Db, schoolId: number | null, base: string): string {
  const taken =
    schoolId !== null
      ? takenSchoolUsernames(db, schoolId)
      : new Set(
          all<Pick<Row<'users'>, 'username'>>(db, 'SELECT username FROM users WHERE username LIKE ?', `${base}%`).map(
            (r) => r.username,
          ),
        );
  return uniqueName(base, taken);
}

/**
 * Moves every pupil of the school up one spelling and one number stage (at most the last); returns how many.
 *
 * @example
 * incrementStages(db, 1) // 30
 */
export function incrementStages(db: Db, schoolId: number): number {
  return run(
    db,
    `UPDATE users SET stage_spelling = MIN(COALESCE(stage_spelling, 0) + 1, ${MAX_SPELLING_STAGE}),
       stage_number = MIN(COALESCE(stage_number, 0) + 1, ${MAX_NUMBER_STAGE})
     WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL`,
    schoolId,
  ).changes;
}

/**
 * Merges `change` into the user's settings and returns them.
 *
 * @example
 * updateSettings(db, 4, { sound: false }) // { sound: false, ... }
 */
export function updateSettings(
  db: Db,
  userId: number,
  change: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const row = one<Pick<Row<'users'>, 'data'>>(db, 'SELECT data FROM users WHERE id = ?', userId);
  const data = jsonObject(row?.data);
  const settings = { ...jsonObject(JSON.stringify(data['settings'] ?? {})), ...change };
  run(db, 'UPDATE users SET data = ? WHERE id = ?', JSON.stringify({ ...data, settings }), userId);
  return settings;
}
