/**
 * The reach words of the endpoint table (`REACHES` in core/endpoints/define.ts) applied to a stored record
 * with an owner and a school: one test for a record in hand, and the same rule as SQL for a list. Schools
 * are reached as `mayReach` says (district administrators reach their district's schools).
 */
import type { Reach } from '../../core/endpoints/index.js';
import type { SessionUser } from './handler.js';
import { mayReach, reachableSchools, superuserMay } from './reach.js';
import { placeholders, type Db } from './sql.js';

/** What reaching a record depends on. */
export interface OwnedRecord {
  readonly owner_id: number | null;
  readonly school_id: number | null;
  readonly data: Readonly<Record<string, unknown>>;
}

const PUBLISHED = new Set<unknown>([true, 1, '1', 'true']);

/** A record is published when its document says `published: true` (or 1). */
export function isPublished(data: Readonly<Record<string, unknown>>): boolean {
  return PUBLISHED.has(data.published);
}

/**
 * Whether `user` reaches a record under `reach`.
 *
 * @example
 * mayReachRecord(db, pupilOfSchool1, 'own', { owner_id: 40, school_id: 2, data: {} }); // false
 */
export function mayReachRecord(db: Db, user: SessionUser | null, reach: Reach, record: OwnedRecord): boolean {
  if (reach === 'everyone') return true;
  if (!user) return false;
  if (superuserMay(user, 'reach every school')) return true;
  if (reach === 'superuser') return false;
  if (record.owner_id === user.id) return true;
  if (reach === 'own') return false;
  if (reach === 'published' && (record.owner_id === null || isPublished(record.data))) return true;
  return mayReach(db, user, record.school_id, 'school');
}

/** A condition on the `records` table, ANDed into a query (`AND owner_id = ?`), or null for none. */
export interface SqlCondition {
  readonly sql: string;
  readonly args: readonly unknown[];
}

/**
 * `mayReachRecord` as a condition on the `records` table, for lists: null when every record is reached.
 *
 * @example
 * reachCondition(db, teacher, 'school'); // { sql: ' AND (owner_id = ? OR school_id IN (?))', args: [3, 1] }
 */
export function reachCondition(db: Db, user: SessionUser | null, reach: Reach): SqlCondition | null {
  if (reach === 'everyone') return null;
  if (!user || (reach === 'superuser' && !superuserMay(user, 'reach superuser records')))
    return { sql: ' AND 0', args: [] };
  if (superuserMay(user, 'reach every school')) return null;
  if (reach === 'own') return { sql: ' AND owner_id = ?', args: [user.id] };
  const schools = reachableSchools(db, user, 'school');
  const ids = schools === 'all' ? [] : schools;
  const inSchool = ids.length > 0 ? ` OR school_id IN (${placeholders(ids.length)})` : '';
  const published =
    reach === 'published' ? ` OR owner_id IS NULL OR json_extract(data, '$.published') IN (1, '1', 'true')` : '';
  return { sql: ` AND (owner_id = ?${published}${inSchool})`, args: [user.id, ...ids] };
}
