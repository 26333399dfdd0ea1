/** The schools an accounting system knows as contacts: those with invoices sent to it. */
import { UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';
import { startsWithText } from '../../kit/search.js';
import { all, sqlList, type Db } from '../../kit/sql.js';

const CONTACTS_SQL = `SELECT s.id AS school_id, s.name, s.country, COUNT(i.id) AS invoices, SUM(CASE WHEN i.state IN ${sqlList(UNPAID_INVOICE_STATES)} THEN 1 ELSE 0 END) AS unpaid
         FROM schools s JOIN invoices i ON i.school_id = s.id AND ${startsWithText('i.accounting_id')} GROUP BY s.id ORDER BY s.id LIMIT ? OFFSET ?`;

/**
 * One page of accounting system `system`'s contacts (tenant `tenant`): each school with invoices sent to
 * it, its invoice count and how many are unpaid.
 *
 * @example
 * accountingContacts(db, 'xero', 'uk', { skip: 0, take: 20 }); // [{ contact_id: 'xero-uk-school-1', tenant: 'uk', school_id: 1, ... }]
 */
export function accountingContacts(
  db: Db,
  system: string,
  tenant: string | undefined,
  page: { readonly skip: number; readonly take: number },
): Record<string, unknown>[] {
  const rows = all<{ school_id: number }>(db, CONTACTS_SQL, `${system}:`, page.take, page.skip);
  return rows.map((r) => ({
    contact_id: `${system}-${tenant ?? ''}-school-${r.school_id}`,
    tenant: tenant ?? null,
    ...r,
  }));
}
