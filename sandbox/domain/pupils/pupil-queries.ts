import type { Db } from '../../kit/sql.js';
import type { SessionUser } from '../../kit/handler.js';
import { reachesRow } from '../../kit/reach.js';
import type { UserRow } from '../schools/rows.js';
import { all, oneValue, placeholders } from '../../kit/sql.js';

/** A school's active pupils, optionally one school username: the WHERE clause, its ORDER BY and its values. */
function activePupils(schoolId: number, schoolUsername?: string): { readonly where: string; readonly order: string; readonly args: unknown[] } {
  const where = "FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL";
  if (schoolUsername === undefined) return { where, order: 'ORDER BY last_name, first_name, id', args: [schoolId] };
  return { where: `${where} AND school_username = ?`, order: 'ORDER BY id', args: [schoolId, schoolUsername.trim().toLowerCase()] };
}

/**
 * Active pupils of a school in list order (last name, first name), optionally one school username.
 *
 * @example
 * schoolPupils(db, 1, 'pupil') // the pupil with school username pupil
 */
export function schoolPupils(db: Db, schoolId: number, schoolUsername?: string): UserRow[] {
  const { where, order, args } = activePupils(schoolId, schoolUsername);
  return all<UserRow>(db, `SELECT * ${where} ${order}`, ...args);
}

/**
 * One page of a school's active pupils (all of them when no page is given), in list order, optionally one
 * school username; with how many there are in all.
 *
 * @example
 * const { pupils, count } = schoolPupilPage(db, 1, undefined, { skip: 0, take: 25 });
 */
export function schoolPupilPage(db: Db, schoolId: number, schoolUsername?: string, page?: { readonly skip: number; readonly take: number }): { pupils: UserRow[]; count: number } {
  if (page === undefined) {
    const pupils = schoolPupils(db, schoolId, schoolUsername);
    return { pupils, count: pupils.length };
  }
  const { where, order, args } = activePupils(schoolId, schoolUsername);
  const pupils = all<UserRow>(db, `SELECT * ${where} ${order} LIMIT ? OFFSET ?`, ...args, page.take, page.skip);
  return { pupils, count: oneValue<number>(db, `SELECT count(*) ${where}`, ...args) ?? 0 };
}

/**
 * The group ids of each pupil, for the pupils given.
 *
 * @example
 * groupIdsOf(db, [4, 9]).get(4) // [1, 3]
 */
export function groupIdsOf(db: Db, userIds: readonly number[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  if (userIds.length === 0) return map;
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    const rows = all<{ user_id: number; group_id: number }>(
      db,
      `SELECT user_id, group_id FROM group_pupils WHERE user_id IN (${placeholders(chunk.length)}) ORDER BY group_id`,
      ...chunk,
    );
    for (const row of rows) {
      const list = map.get(row.user_id) ?? [];
      list.push(row.group_id);
      map.set(row.user_id, list);
    }
  }
  return map;
}

/**
 * Active pupils with these ids of schools `user` reaches (and of `inSchool` when given), in the order
 * given; `missing` lists ids that are not (another school's pupil counts as missing).
 *
 * @example
 * const { pupils, missing } = pupilsByIds(db, ctx.user, [4, 999], 1); // missing: [999]
 */
export function pupilsByIds(db: Db, user: SessionUser | null, ids: readonly number[], inSchool?: number): { pupils: UserRow[]; missing: number[] } {
  const found = new Map<number, UserRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = all<UserRow>(db, `SELECT * FROM users WHERE id IN (${placeholders(chunk.length)}) AND kind = 'pupil' AND deleted_at IS NULL`, ...chunk);
    for (const row of rows) if (reachesRow(db, user, row, { inSchool })) found.set(row.id, row);
  }
  return { pupils: ids.flatMap((id) => found.get(id) ?? []), missing: ids.filter((id) => !found.has(id)) };
}
