/** The superuser's lists of subscriptions: every school's, filtered, and one subscription's invoices. */
import { all, oneValue, type Db } from '../../kit/sql.js';
import { applyClock, type SubscriptionRow } from './subscriptions.js';

/** What the superuser's subscription list may be filtered by (each left out matches every row). */
export interface SubscriptionFilter {
  readonly school_id?: number;
  readonly state?: string;
  readonly kind?: string;
  readonly product_id?: number;
  readonly po_number?: string;
  readonly card_reference?: string;
}

const WHERE = `deleted_at IS NULL AND (@school IS NULL OR school_id = @school) AND (@state IS NULL OR state = @state) AND (@kind IS NULL OR kind = @kind)
      AND (@product IS NULL OR product_id = @product) AND (@po IS NULL OR po_number = @po) AND (@card IS NULL OR card_reference = @card)`;

/**
 * One page of the subscriptions matching `filter` (the clock applied first), with how many match in all.
 *
 * @example
 * listSubscriptions(db, { state: 'active' }, { skip: 0, take: 20 }, now); // { rows: [...], total: 31 }
 */
export function listSubscriptions(
  db: Db,
  filter: SubscriptionFilter,
  page: { readonly skip: number; readonly take: number },
  now: Date,
): { rows: SubscriptionRow[]; total: number } {
  applyClock(db, now);
  const args = {
    school: filter.school_id ?? null,
    state: filter.state ?? null,
    kind: filter.kind ?? null,
    product: filter.product_id ?? null,
    po: filter.po_number ?? null,
    card: filter.card_reference ?? null,
  };
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM subscriptions WHERE ${WHERE}`, args) ?? 0;
  const rows = all<SubscriptionRow>(
    db,
    `SELECT * FROM subscriptions WHERE ${WHERE} ORDER BY id LIMIT @take OFFSET @skip`,
    { ...args, take: page.take, skip: page.skip },
  );
  return { rows, total };
}

/**
 * The invoices of subscription `subscriptionId`, in the short form a subscription's detail lists them.
 *
 * @example
 * subscriptionInvoices(db, 7); // [{ id: 3, number: 'INV-0003', state: 'open', currency: 'gbp', total: 12000, issued_at: '...' }]
 */
export function subscriptionInvoices(db: Db, subscriptionId: number): unknown[] {
  return all(
    db,
    'SELECT id, number, state, currency, total, issued_at FROM invoices WHERE subscription_id = ? ORDER BY id',
    subscriptionId,
  );
}
