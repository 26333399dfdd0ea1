/**
 * Deleting a school (a superuser call): refused while the school still has live subscriptions or unpaid
 * invoices, since either would be orphaned; a deleted school keeps its rows but loses its join code.
 */
import { LIVE_SUBSCRIPTION_STATES, UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';
import { DomainError } from '../errors.js';
import { allValues, oneValue, run, sqlList, type Db } from '../../kit/sql.js';

const LIVE_SQL = `SELECT id FROM subscriptions WHERE school_id = ? AND deleted_at IS NULL AND state IN ${sqlList(LIVE_SUBSCRIPTION_STATES)} AND kind != 'freemium' ORDER BY id`;
const UNPAID_SQL = `SELECT COUNT(*) FROM invoices WHERE school_id = ? AND state IN ${sqlList(UNPAID_INVOICE_STATES)}`;

/**
 * Marks school `schoolId` deleted (and frees its code), or refuses with a conflict naming what is in the way.
 *
 * @example
 * deleteSchool(db, 4, new Date()); // throws conflict 'School 4 has live subscriptions (7); ...'
 */
export function deleteSchool(db: Db, schoolId: number, now: Date): void {
  const live = allValues<number>(db, LIVE_SQL, schoolId);
  if (live.length > 0)
    throw new DomainError(
      'conflict',
      `School ${schoolId} has live subscriptions (${live.join(', ')}); cancel or move them before deleting the school`,
    );
  const unpaid = oneValue<number>(db, UNPAID_SQL, schoolId) ?? 0;
  if (unpaid > 0)
    throw new DomainError(
      'conflict',
      `School ${schoolId} has ${unpaid} unpaid invoices; settle, void or write them off first`,
    );
  run(db, 'UPDATE schools SET deleted_at = ?, code = NULL WHERE id = ?', now.toISOString(), schoolId);
}
