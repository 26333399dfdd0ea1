/** What a school owes and has paid, per currency. */
import { UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';
import { all, sqlList, type Db } from '../../kit/sql.js';

const UNPAID = sqlList(UNPAID_INVOICE_STATES);
const BALANCE_SQL = `SELECT currency, SUM(CASE WHEN state IN ${UNPAID} THEN total ELSE 0 END) AS outstanding,
           SUM(CASE WHEN state IN ${UNPAID} AND due_at < ? THEN total ELSE 0 END) AS overdue,
           SUM(CASE WHEN state IN ('paid', 'refunded') THEN total - amount_refunded ELSE 0 END) AS paid, SUM(amount_refunded) AS refunded
         FROM invoices WHERE school_id = ? GROUP BY currency ORDER BY currency`;

/**
 * School `schoolId`'s balance on `today`: per currency, what is outstanding, overdue, paid and refunded.
 *
 * @example
 * schoolBalance(db, 1, '2026-09-01'); // [{ currency: 'gbp', outstanding: 12000, overdue: 0, paid: 45000, refunded: 0 }]
 */
export function schoolBalance(db: Db, schoolId: number, today: string): unknown[] {
  return all(db, BALANCE_SQL, today, schoolId);
}
