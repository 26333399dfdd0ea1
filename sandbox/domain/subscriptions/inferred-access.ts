/**
 * Inferred teacher access: the teachers of a school whose running subscription has it switched on, and who
 * are not assigned to it by name, are recorded as reached by it; a superuser refreshes and reads the list.
 */
import { RUNNING_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import { all, oneValue, run, sqlList, type Db } from '../../kit/sql.js';

const REFRESH_SQL = `INSERT INTO inferred_access (subscription_id, user_id, school_id, refreshed_at)
         SELECT s.id, u.id, s.school_id, ? FROM subscriptions s JOIN users u ON u.school_id = s.school_id AND u.kind = 'teacher' AND u.deleted_at IS NULL
         WHERE s.deleted_at IS NULL AND s.inferred_teacher_access = 1 AND s.state IN ${sqlList(RUNNING_SUBSCRIPTION_STATES)}
           AND NOT EXISTS (SELECT 1 FROM subscription_members m WHERE m.subscription_id = s.id AND m.target = 'teacher' AND m.member_id = u.id)`;

/**
 * Rebuilds the inferred access list as of `now`; returns how many teachers it holds.
 *
 * @example
 * refreshInferredAccess(db, now); // 14
 */
export function refreshInferredAccess(db: Db, now: Date): number {
  run(db, 'DELETE FROM inferred_access');
  return run(db, REFRESH_SQL, now.toISOString()).changes;
}

/**
 * One page of the inferred access list (each teacher with their school), its length and when it was refreshed.
 *
 * @example
 * inferredAccessPage(db, { skip: 0, take: 20 }); // { rows: [...], total: 14, refreshed_at: '2026-...' }
 */
export function inferredAccessPage(
  db: Db,
  page: { readonly skip: number; readonly take: number },
): { rows: unknown[]; total: number; refreshed_at: string | null } {
  const total = oneValue<number>(db, 'SELECT COUNT(*) FROM inferred_access') ?? 0;
  const rows = all(
    db,
    `SELECT a.subscription_id, a.user_id, u.username, u.email, a.school_id, s.name AS school_name, a.refreshed_at
         FROM inferred_access a JOIN users u ON u.id = a.user_id JOIN schools s ON s.id = a.school_id ORDER BY a.school_id, a.subscription_id, a.user_id LIMIT ? OFFSET ?`,
    page.take,
    page.skip,
  );
  const refreshed = oneValue<string | null>(db, 'SELECT MAX(refreshed_at) FROM inferred_access') ?? null;
  return { rows, total, refreshed_at: refreshed };
}
