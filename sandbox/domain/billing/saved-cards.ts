/** Saving and removing a school's cards (the test references of payment-methods.ts), and paying an invoice with one. */
import { randomBytes } from 'node:crypto';
import { UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';
import { run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { findRow } from '../../kit/reach.js';
import { markPaid } from '../invoices/lifecycle.js';
import type { InvoiceRow } from '../invoices/invoices.js';
import { day } from './dates.js';
import { chargeWith, listPaymentMethods, testCard, type PaymentMethodRow } from './payment-methods.js';

/** What saving a card gives: the saved card, or the intent a card needing verification answers first. */
export type SavedCard =
  | { readonly kind: 'saved'; readonly method: PaymentMethodRow | undefined }
  | { readonly kind: 'intent'; readonly intent: Record<string, unknown> };

/**
 * Saves test card `ref` for school `schoolId` (its first card becomes the default); a 3-D Secure card
 * not yet verified answers an intent instead. Invalid for an unknown reference.
 *
 * @example
 * saveCard(db, 1, 'pm_card_visa', false, now); // { kind: 'saved', method: { id: 3, brand: 'visa', ... } }
 */
export function saveCard(db: Db, schoolId: number, ref: string, verify: boolean, now: Date): SavedCard {
  const card = testCard(ref);
  if (!card)
    throw new DomainError('invalid', `paymentMethod: unknown payment method ${ref}`, {
      errors: [{ path: 'paymentMethod', message: 'unknown' }],
    });
  if (ref === 'pm_card_3ds' && !verify) {
    const intent = randomBytes(8).toString('hex');
    return {
      kind: 'intent',
      intent: {
        id: `seti_${intent}`,
        client_secret: `seti_${intent}_secret`,
        status: 'requires_action',
        payment_method: ref,
      },
    };
  }
  const first = listPaymentMethods(db, schoolId).length === 0;
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO payment_methods (school_id, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at) VALUES (?, ?, ?, ?, 12, ?, ?, ?)',
    schoolId,
    ref,
    card.brand,
    card.last4,
    now.getUTCFullYear() + 3,
    first ? 1 : 0,
    now.toISOString(),
  );
  return { kind: 'saved', method: listPaymentMethods(db, schoolId).find((m) => m.id === Number(lastInsertRowid)) };
}

/**
 * Removes saved card `id` of school `schoolId` (404 when it has none such); when it was the default, the
 * school's oldest remaining card becomes the default.
 *
 * @example
 * removeCard(db, 1, 3, now);
 */
export function removeCard(db: Db, schoolId: number, id: number, now: Date): void {
  const method = findRow<PaymentMethodRow>(
    db,
    'Payment method',
    'SELECT * FROM payment_methods WHERE id = ? AND school_id = ? AND deleted_at IS NULL',
    id,
    schoolId,
  );
  run(db, 'UPDATE payment_methods SET deleted_at = ?, is_default = 0 WHERE id = ?', now.toISOString(), id);
  if (method.is_default === 1) {
    run(
      db,
      'UPDATE payment_methods SET is_default = 1 WHERE id = (SELECT id FROM payment_methods WHERE school_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1)',
      schoolId,
    );
  }
}

/**
 * Pays an invoice by card: an unpaid one is charged to `paymentMethod` (or the school's default) and
 * marked paid today; the lifecycle refuses the rest.
 *
 * @example
 * payInvoiceByCard(db, invoice, 'pm_card_visa', now).invoice;
 */
export function payInvoiceByCard(
  db: Db,
  invoice: InvoiceRow,
  paymentMethod: number | string | undefined,
  now: Date,
): ReturnType<typeof markPaid> {
  if ((UNPAID_INVOICE_STATES as readonly string[]).includes(invoice.state))
    chargeWith(db, invoice.school_id, paymentMethod);
  return markPaid(db, invoice, 'card', day(now), 'pay', now);
}
