/** What a school does with its own subscriptions: lists them, takes a free plan, finds a prepayment by its secret. */
import { all, one, oneValue, type Db } from '../../kit/sql.js';
import { DomainError, notFound } from '../errors.js';
import { findRow } from '../../kit/reach.js';
import type { InvoiceRow } from '../invoices/invoices.js';
import type { PlanRow } from '../pricing/catalogue.js';
import { planFor, type QuoteInput } from '../pricing/quotes.js';
import { applyClock, updateSubscription, type SubscriptionRow } from './subscriptions.js';

/**
 * One page of school `schoolId`'s subscriptions (the clock applied first), with how many it has in all.
 *
 * @example
 * schoolSubscriptions(db, 1, { skip: 0, take: 20 }, now); // { rows: [...], total: 3 }
 */
export function schoolSubscriptions(
  db: Db,
  schoolId: number,
  page: { readonly skip: number; readonly take: number },
  now: Date,
): { rows: SubscriptionRow[]; total: number } {
  applyClock(db, now);
  const total =
    oneValue<number>(db, 'SELECT COUNT(*) FROM subscriptions WHERE school_id = ? AND deleted_at IS NULL', schoolId) ??
    0;
  const rows = all<SubscriptionRow>(
    db,
    'SELECT * FROM subscriptions WHERE school_id = ? AND deleted_at IS NULL ORDER BY id LIMIT ? OFFSET ?',
    schoolId,
    page.take,
    page.skip,
  );
  return { rows, total };
}

/**
 * The free plan a school may take itself (the `resources` product's default unless named); a plan with a
 * price is refused, since only staff grant paid plans for free.
 *
 * @example
 * freePlanFor(db, 1, { plan_id: 9 }); // throws conflict 'Plan 9 costs 12000 gbp; ...'
 */
export function freePlanFor(db: Db, schoolId: number, input: QuoteInput): PlanRow {
  const plan = planFor(db, schoolId, input, 'resources');
  if (plan.price > 0)
    throw new DomainError(
      'conflict',
      `Plan ${plan.id} costs ${plan.price} ${plan.currency}; a school can only take a free plan itself`,
    );
  return plan;
}

/**
 * The id of the product with `code` (the seeded products always include the codes asked for).
 *
 * @example
 * productIdByCode(db, 'spelling'); // 1
 */
export function productIdByCode(db: Db, code: string): number {
  return oneValue<number>(db, 'SELECT id FROM products WHERE code = ?', code) as number;
}

/**
 * Subscription `subscriptionId`'s invoices, oldest first (only those paid by card when `billing` is 'card').
 *
 * @example
 * subscriptionInvoiceRows(db, 7, 'card').map(serializeInvoice);
 */
export function subscriptionInvoiceRows(db: Db, subscriptionId: number, billing?: 'card'): InvoiceRow[] {
  if (billing === 'card')
    return all<InvoiceRow>(
      db,
      "SELECT * FROM invoices WHERE subscription_id = ? AND billing = 'card' ORDER BY id",
      subscriptionId,
    );
  return all<InvoiceRow>(db, 'SELECT * FROM invoices WHERE subscription_id = ? ORDER BY id', subscriptionId);
}

/**
 * The prepaid subscription an action secret belongs to (within `schoolId` when given), or 404.
 *
 * @example
 * const sub = findPrepayment(db, secret, null);
 */
export function findPrepayment(db: Db, secret: string, schoolId: number | null): SubscriptionRow {
  // The 404 must not repeat the secret, so it names the row by what it is instead.
  const missing = (): DomainError => notFound('Prepayment', 'for that action secret');
  return findRow<SubscriptionRow>(
    db,
    missing,
    "SELECT * FROM subscriptions WHERE action_secret = ? AND kind = 'prepaid' AND deleted_at IS NULL AND (? IS NULL OR school_id = ?)",
    secret,
    schoolId,
    schoolId,
  );
}

/**
 * Sends `sub`'s invoices to address `addressId`, which must be one of the subscription's school's.
 *
 * @example
 * setBillingAddress(db, sub, 5, now);
 */
export function setBillingAddress(db: Db, sub: SubscriptionRow, addressId: number, now: Date): SubscriptionRow {
  if (
    one(
      db,
      'SELECT 1 FROM addresses WHERE id = ? AND school_id = ? AND deleted_at IS NULL',
      addressId,
      sub.school_id,
    ) === undefined
  ) {
    throw new DomainError(
      'invalid',
      `billing_address_id: address ${addressId} is not an address of school ${sub.school_id}`,
      {
        errors: [{ path: 'billing_address_id', message: 'not an address of the school' }],
      },
    );
  }
  return updateSubscription(db, sub.id, { billing_address_id: addressId }, now);
}
