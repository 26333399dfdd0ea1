/**
 * Creating store purchases: a staff draft, a school's invoice order (a draft awaiting a shipping cost and
 * finalising) or a card purchase (charged at once with the location's shipping price, so it starts paid).
 */
import type { Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { billingAddressee, logEmail } from '../billing/email.js';
import { takeStock, updatePurchase } from './lifecycle.js';
import {
  getPurchase,
  insertPurchase,
  locationFor,
  type PurchaseInput,
  type PurchaseRow,
  setLines,
} from './purchases.js';
import { chargeWith } from '../billing/payment-methods.js';

/**
 * Creates a purchase of the given origin.
 *
 * @example
 * const purchase = createPurchase(db, { schoolId: 1, userId: 2, origin: 'card', input: { items: [{ sku: 'BEE-PLUSH', quantity: 1 }], paymentMethod: 'pm_card_visa' } }, now);
 */
export function createPurchase(
  db: Db,
  order: { schoolId: number; userId: number | null; origin: PurchaseRow['origin']; input: PurchaseInput },
  now: Date,
): PurchaseRow {
  const { input, origin } = order;
  if (origin !== 'draft' && (input.items === undefined || input.items.length === 0)) {
    throw new DomainError('invalid', 'items: an order needs at least one item', {
      errors: [{ path: 'items', message: 'at least one item' }],
    });
  }
  const location = locationFor(db, order.schoolId, input.location_id);
  const purchase = insertPurchase(db, { schoolId: order.schoolId, userId: order.userId, location, origin, input }, now);
  setLines(db, purchase, input.items ?? [], now);
  if (origin === 'card') {
    const priced = getPurchase(db, purchase.id) as PurchaseRow;
    takeStock(db, priced);
    const label = chargeWith(db, order.schoolId, input.paymentMethod);
    const stamp = now.toISOString();
    updatePurchase(
      db,
      purchase.id,
      {
        shipping: location.shipping_price,
        total: priced.subtotal + location.shipping_price,
        state: 'paid',
        payment_method: label,
        finalised_at: stamp,
        paid_at: stamp,
      },
      now,
    );
  }
  const created = getPurchase(db, purchase.id) as PurchaseRow;
  if (origin !== 'draft' && input.skip_email !== 1) {
    logEmail(
      db,
      {
        recipient: billingAddressee(db, order.schoolId),
        subject: `Your order ${created.number}`,
        template: 'store-order',
        schoolId: order.schoolId,
        userId: order.userId,
      },
      now,
    );
  }
  return created;
}
