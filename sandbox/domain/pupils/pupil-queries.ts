import type { Db } from '../../kit/sql.js';
import type { SessionUser } from '../../kit/handler.js';
import { reachesRow } from '../../kit/reach.js';
import { docList } from '../../db/fast/json-text.js';
import type { UserRow } from '../schools/rows.js';
import { all, oneValue, placeholders } from '../../kit/sql.js';

/**
 * Active pupils of a school in list order (last name, first name), optionally one school username.
 *
 * @example
 * schoolPupils(db, 1, 'pupil') // the pupil with school username pupil
 */
export function schoolPupils(db: Db, schoolId: number, schoolUsername?: string): UserRow[] {
  if (schoolUsername !== undefined) {
    return all<UserRow>(
      db,
      "SELECT * FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL AND school_username = ? ORDER BY id",
      schoolId,
      schoolUsername.trim().toLowerCase(),
    );
  }
  return all<UserRow>(
    db,
    "SELECT * FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL ORDER BY last_name, first_name, id",
    schoolId,
  );
}

const DOCS = 'SELECT doc FROM pupil_docs WHERE school_id = ? AND active = 1';

/**
 * The school's list of active pupils as the API answers it (serializePupil with group ids), from the
 * `pupil_docs` read model (sandbox/db/fast/read-models.ts), in list order (last name, first name, id), optionally one school
 * username; with how many there are. Paged when a page is given (the count is still of all of them).
 *
 * @example
 * const { list, count } = schoolPupilDocs(db, 1);
 */
export function schoolPupilDocs(
  db: Db,
  schoolId: number,
  schoolUsername?: string,
  page?: { readonly skip: number; readonly take: number },
): ReturnType<typeof docList> {
  const [where, args] =
    schoolUsername === undefined
      ? [`${DOCS} ORDER BY last_name, first_name, user_id`, [schoolId]]
      : [`${DOCS} AND school_username = ? ORDER BY user_id`, [schoolId, schoolUsername.trim().toLowerCase()]];
  if (page === undefined) return docList(db, where, ...args);
  const { list } = docList(db, `${where} LIMIT ? OFFSET ?`, ...args, page.take, page.skip);
  return { list, count: oneValue<number>(db, `SELECT count(*) FROM (${where})`, ...args) as number };
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
export function pupilsByIds(
  db: Db,
  user: SessionUser | null,
  ids: readonly number[],
  inSchool?: number,
): { pupils: UserRow[]; missing: number[] } {
  const found = new Map<number, UserRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = all<UserRow>(
      db,
      `SELECT * FROM users WHERE id IN (${placeholders(chunk.length)}) AND kind = 'pupil' AND deleted_at IS NULL`,
      ...chunk,
    );
    for (const row of rows) if (reachesRow(db, user, row, { inSchool })) found.set(row.id, row);
  }
  return { pupils: ids.flatMap((id) => found.get(id) ?? []), missing: ids.filter((id) => !found.has(id)) };
}
