/** Invoices billed by the card payment provider: edited, charged, and the provider's events of a school. */
import { randomBytes } from 'node:crypto';
import { UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';
import { findRow } from '../../kit/reach.js';
import { all, oneValue, type Db } from '../../kit/sql.js';
import type { CardEventRow } from '../billing/card-events.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.js';
import { createInvoice, updateInvoice, visibleInvoice, type InvoiceRow } from './invoices.js';

/**
 * Invoice `id`, which the caller reaches, billed by card; a conflict for one billed otherwise.
 *
 * @example
 * const invoice = cardInvoice(ctx, 12);
 */
export function cardInvoice(ctx: DomainContext, id: number): InvoiceRow {
  const invoice = visibleInvoice(ctx, id);
  if (invoice.billing !== 'card')
    throw new DomainError('conflict', `Invoice ${id} is billed by ${invoice.billing}, not by card`);
  return invoice;
}

/**
 * Edits a card invoice's description and due day (each only when given); only an unpaid invoice can be edited.
 *
 * @example
 * editCardInvoice(db, invoice, { due_at: '2026-10-01' }, now);
 */
export function editCardInvoice(
  db: Db,
  invoice: InvoiceRow,
  edit: { readonly description?: string; readonly due_at?: string },
  now: Date,
): InvoiceRow {
  if (!(UNPAID_INVOICE_STATES as readonly string[]).includes(invoice.state)) {
    throw new DomainError(
      'conflict',
      `Invoice ${invoice.id} is ${invoice.state}; only an open or promised invoice can be edited`,
      { state: invoice.state },
    );
  }
  const changes = {
    ...(edit.description ? { description: edit.description } : {}),
    ...(edit.due_at ? { due_at: edit.due_at } : {}),
  };
  return updateInvoice(db, invoice, changes, now);
}

/**
 * A new card charge on a card-billed subscription: an invoice with the provider's reference.
 *
 * @example
 * chargeCard(db, sub, { amount: 5000 }, now);
 */
export function chargeCard(
  db: Db,
  sub: SubscriptionRow,
  charge: { readonly amount: number; readonly description?: string },
  now: Date,
): InvoiceRow {
  if (sub.billing !== 'card')
    throw new DomainError(
      'conflict',
      `Subscription ${sub.id} is billed by ${sub.billing}; convert it to card billing first`,
    );
  const invoice = createInvoice(db, {
    schoolId: sub.school_id,
    subscriptionId: sub.id,
    kind: 'card',
    billing: 'card',
    currency: sub.currency,
    amount: charge.amount,
    description: charge.description ?? `Subscription ${sub.id}: card charge`,
    now,
  });
  return updateInvoice(db, invoice, { card_reference: `in_${randomBytes(7).toString('hex')}` }, now);
}

/**
 * One page of the card provider's events for school `schoolId`, newest first, and how many there are.
 *
 * @example
 * cardEvents(db, 1, { skip: 0, take: 20 }); // { rows: [...], total: 4 }
 */
export function cardEvents(
  db: Db,
  schoolId: number,
  page: { readonly skip: number; readonly take: number },
): { rows: CardEventRow[]; total: number } {
  const total = oneValue<number>(db, 'SELECT COUNT(*) FROM card_events WHERE school_id = ?', schoolId) ?? 0;
  const rows = all<CardEventRow>(
    db,
    'SELECT * FROM card_events WHERE school_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    schoolId,
    page.take,
    page.skip,
  );
  return { rows, total };
}

/**
 * Card event `id` of school `schoolId`, or 404.
 *
 * @example
 * const event = findCardEvent(db, 1, 5);
 */
export function findCardEvent(db: Db, schoolId: number, id: number): CardEventRow {
  return findRow<CardEventRow>(db, 'Event', 'SELECT * FROM card_events WHERE id = ? AND school_id = ?', id, schoolId);
}
