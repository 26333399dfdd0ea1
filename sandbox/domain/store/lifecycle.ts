/**
 * Merchandise purchase lifecycle. A purchase starts as a draft (staff drafts and school invoice orders) or,
 * paid by card at once, as paid. Stock leaves the location when a purchase is finalised (or paid by card)
 * and returns if it is voided.
 *
 * | action     | from                                    | to        | call                                  |
 * |------------|-----------------------------------------|-----------|---------------------------------------|
 * | edit       | draft                                   | (same)    | PATCH store/purchases/{id}            |
 * | shipping   | draft                                   | (same)    | PATCH store/purchases/{id}/shipping   |
 * | finalise   | draft (with lines and a shipping cost)  | finalised | PATCH store/purchases/{id}/finalised  |
 * | promise    | finalised                               | promised  | PATCH store/purchases/{id}/promised   |
 * | markPaid   | finalised, promised                     | paid      | PATCH store/purchases/{id}/paid       |
 * | pay        | finalised, promised                     | paid      | POST store/purchases/{id}/pay         |
 * | ship       | paid                                    | shipped   | PATCH store/purchases/{id}/shipped    |
 * | void       | finalised, promised                     | void      | PATCH store/purchases/{id}/void       |
 * | remove     | draft                                   | deleted   | DELETE store/purchases/{id}           |
 * | poNumber   | draft, finalised, promised, paid, shipped | (same)  | PATCH/DELETE store/purchases/{id}/po_number |
 * | accounting | finalised, promised, paid, shipped      | (same)    | POST superuser/merch/{id}/{accounting} |
 *
 * Paid purchases are not voided here (that would be a refund, which the store does not do); a draft is
 * deleted rather than voided.
 */
import { oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { defineLifecycle } from '../billing/lifecycle.js';
import { getPurchase, type PurchaseRow, type PurchaseState, purchaseLines, PURCHASE_STATES } from './purchases.js';
import { setStock } from './items.js';
import { chargeWith } from '../billing/payment-methods.js';

export const purchaseLifecycle = defineLifecycle('purchase', PURCHASE_STATES, {
  edit: { from: ['draft'], phrase: 'be edited' },
  shipping: { from: ['draft'], phrase: 'have its shipping cost set' },
  finalise: { from: ['draft'], to: 'finalised', phrase: 'be finalised' },
  promise: { from: ['finalised'], to: 'promised', phrase: 'be marked promised' },
  markPaid: { from: ['finalised', 'promised'], to: 'paid', phrase: 'be marked paid' },
  pay: { from: ['finalised', 'promised'], to: 'paid', phrase: 'be paid' },
  ship: { from: ['paid'], to: 'shipped', phrase: 'be shipped' },
  void: { from: ['finalised', 'promised'], to: 'void', phrase: 'be voided' },
  remove: { from: ['draft'], phrase: 'be deleted' },
  poNumber: { from: ['draft', 'finalised', 'promised', 'paid', 'shipped'], phrase: 'have its PO number changed' },
  accounting: { from: ['finalised', 'promised', 'paid', 'shipped'], phrase: 'be sent to accounting' },
});
export type PurchaseAction = keyof typeof purchaseLifecycle.rules;

/** Sets columns of a purchase and stamps `updated_at`. */
export function updatePurchase(db: Db, id: number, changes: Readonly<Partial<PurchaseRow>>, now: Date): PurchaseRow {
  const keys = Object.keys(changes);
  const sets = [...keys.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  run(db, `UPDATE store_purchases SET ${sets} WHERE id = @id`, { ...changes, updated_at: now.toISOString(), id });
  return getPurchase(db, id) as PurchaseRow;
}

/**
 * Takes a purchase's lines out of its location's stock, refusing (409) when any line is short.
 *
 * @example
 * takeStock(db, purchase);
 */
export function takeStock(db: Db, purchase: PurchaseRow): void {
  const lines = purchaseLines(db, purchase.id);
  for (const line of lines) {
    const have =
      oneValue<number>(
        db,
        'SELECT quantity FROM store_stock WHERE item_id = ? AND location_id = ?',
        line.item_id,
        purchase.location_id,
      ) ?? 0;
    if (have < line.quantity) {
      throw new DomainError(
        'conflict',
        `Item ${line.sku} has ${have} in stock at location ${purchase.location_id}; purchase ${purchase.id} needs ${line.quantity}`,
      );
    }
  }
  for (const line of lines) {
    run(
      db,
      'UPDATE store_stock SET quantity = quantity - ? WHERE item_id = ? AND location_id = ?',
      line.quantity,
      line.item_id,
      purchase.location_id,
    );
  }
}

function returnStock(db: Db, purchase: PurchaseRow): void {
  for (const line of purchaseLines(db, purchase.id)) {
    const have =
      oneValue<number>(
        db,
        'SELECT quantity FROM store_stock WHERE item_id = ? AND location_id = ?',
        line.item_id,
        purchase.location_id,
      ) ?? 0;
    setStock(db, line.item_id, purchase.location_id, have + line.quantity);
  }
}

/** Finalises a draft: it needs lines and a shipping cost, and the stock to cover it. */
export function finalise(db: Db, purchase: PurchaseRow, now: Date): PurchaseRow {
  purchaseLifecycle.check('finalise', purchase.id, purchase.state);
  if (purchaseLines(db, purchase.id).length === 0)
    throw new DomainError('conflict', `Purchase ${purchase.id} has no items; add some before finalising`);
  if (purchase.shipping === null)
    throw new DomainError('conflict', `Purchase ${purchase.id} has no shipping cost; set shipping before finalising`);
  takeStock(db, purchase);
  return updatePurchase(db, purchase.id, { state: 'finalised', finalised_at: now.toISOString() }, now);
}

/** Moves a purchase along a rule that only changes its state and stamps when. */
export function advance(
  db: Db,
  purchase: PurchaseRow,
  action: 'promise' | 'markPaid' | 'pay' | 'ship',
  extra: Readonly<Partial<PurchaseRow>>,
  now: Date,
): PurchaseRow {
  purchaseLifecycle.check(action, purchase.id, purchase.state);
  const to = purchaseLifecycle.rules[action].to as PurchaseState;
  const stamp = now.toISOString();
  const when =
    action === 'promise' ? { promised_at: stamp } : action === 'ship' ? { shipped_at: stamp } : { paid_at: stamp };
  return updatePurchase(db, purchase.id, { ...extra, ...when, state: to }, now);
}

/**
 * Pays a finalised purchase by card: charges the school's saved card (or a test card) and marks it paid.
 *
 * @example
 * payByCard(db, purchase, 'pm_card_visa', now).state // 'paid'
 */
export function payByCard(
  db: Db,
  purchase: PurchaseRow,
  paymentMethod: number | string | undefined,
  now: Date,
): PurchaseRow {
  purchaseLifecycle.check('pay', purchase.id, purchase.state);
  const label = chargeWith(db, purchase.school_id, paymentMethod);
  return advance(db, purchase, 'pay', { payment_method: label }, now);
}

/** Voids an unpaid finalised purchase and returns its stock. */
export function voidPurchase(db: Db, purchase: PurchaseRow, now: Date): PurchaseRow {
  purchaseLifecycle.check('void', purchase.id, purchase.state);
  returnStock(db, purchase);
  return updatePurchase(db, purchase.id, { state: 'void', voided_at: now.toISOString() }, now);
}

/** Deletes a draft and its lines. */
export function removePurchase(db: Db, purchase: PurchaseRow): void {
  purchaseLifecycle.check('remove', purchase.id, purchase.state);
  run(db, 'DELETE FROM store_purchase_lines WHERE purchase_id = ?', purchase.id);
  run(db, 'DELETE FROM store_purchases WHERE id = ?', purchase.id);
}
