import { randomBytes } from 'node:crypto';
import { all, one, oneValue, run, type Db } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { findReachable, findRow } from '../../kit/reach.js';
import { addDays, day } from '../billing/dates.js';
import { notFound } from '../errors.js';
import { JsonText } from '../../db/fast/json-text.js';
import { shapeValue } from '../../db/fast/shape.js';
import { INVOICE_SHAPE } from './shape.js';
import type { Currency } from '../pricing/money.js';
import type { Row } from '../../db/rows.js';

export { INVOICE_STATES, type InvoiceState } from '../../../core/domain/billing.js';
import type { InvoiceKind, InvoiceState } from '../../../core/domain/billing.js';
import type { Invoice } from '../../../core/shapes/types.js';
export type { InvoiceKind } from '../../../core/domain/billing.js';

export type InvoiceRow = Row<'invoices'>;

/** Payment terms: an invoice is due this many days after it is issued. */
export const PAYMENT_TERMS_DAYS = 30;

export function getInvoice(db: Db, id: number): InvoiceRow | undefined {
  return one<InvoiceRow>(db, 'SELECT * FROM invoices WHERE id = ?', id);
}

/**
 * The invoice a call names, 404 when missing or another school's.
 *
 * @example
 * const invoice = visibleInvoice(ctx, 12);
 */
export function visibleInvoice(ctx: DomainContext, id: number): InvoiceRow {
  return findReachable<InvoiceRow>(ctx.db, ctx.user, 'Invoice', 'SELECT * FROM invoices WHERE id = ?', id, {
    purpose: 'billing',
  });
}

/** The VAT or sales-tax rate (percent) of a school's country, 0 where we charge none. */
export function taxRate(db: Db, schoolId: number): number {
  const row = one<{ rate: number }>(
    db,
    'SELECT c.vat_rate AS rate FROM schools s JOIN countries c ON c.code = s.country WHERE s.id = ?',
    schoolId,
  );
  return row?.rate ?? 0;
}

export interface NewInvoice {
  readonly schoolId: number;
  readonly subscriptionId: number | null;
  readonly kind: InvoiceKind;
  readonly billing?: 'invoice' | 'card';
  readonly currency: Currency;
  /** Net amount in minor units; tax is added from the school's country. */
  readonly amount: number;
  readonly description: string;
  readonly now: Date;
  /** Issue day when not today (backdated subscriptions, multi-year instalments). */
  readonly issuedOn?: string;
  readonly shareableId?: string;
  readonly state?: InvoiceState;
}

/**
 * Issues an invoice (state open unless told) with its number, shareable id, tax and due date.
 *
 * @example
 * const invoice = createInvoice(db, { schoolId: 1, subscriptionId: 4, kind: 'subscription', currency: 'gbp', amount: 45_000, description: 'Spelling', now });
 */
export function createInvoice(db: Db, input: NewInvoice): InvoiceRow {
  const id = oneValue<number>(db, 'SELECT COALESCE(MAX(id), 0) + 1 FROM invoices') ?? 1;
  const tax = Math.round((input.amount * taxRate(db, input.schoolId)) / 100);
  const issued = input.issuedOn ?? day(input.now);
  const stamp = input.now.toISOString();
  run(
    db,
    `INSERT INTO invoices (id, number, shareable_id, school_id, subscription_id, kind, billing, state, currency, amount, tax, total,
       description, issued_at, due_at, created_at, updated_at)
     VALUES (@id, @number, @shareable, @school, @subscription, @kind, @billing, @state, @currency, @amount, @tax, @total,
       @description, @issued, @due, @stamp, @stamp)`,
    {
      id,
      number: `INV-${String(id).padStart(6, '0')}`,
      shareable: input.shareableId ?? randomBytes(10).toString('hex'),
      school: input.schoolId,
      subscription: input.subscriptionId,
      kind: input.kind,
      billing: input.billing ?? 'invoice',
      state: input.state ?? 'open',
      currency: input.currency,
      amount: input.amount,
      tax,
      total: input.amount + tax,
      description: input.description,
      issued,
      due: addDays(issued, PAYMENT_TERMS_DAYS),
      stamp,
    },
  );
  return getInvoice(db, id) as InvoiceRow;
}

/**
 * The invoice as the API answers it.
 *
 * @example
 * return reply(ctx, 'invoice', serializeInvoice(row));
 */
export function serializeInvoice(row: InvoiceRow): Invoice {
  return shapeValue(INVOICE_SHAPE, row);
}

/**
 * The invoice as the API answers it (`serializeInvoice`), ready-made from the `invoice_docs` read model.
 *
 * @example
 * return reply(ctx, 'invoice', invoiceDoc(ctx.db, invoice.id));
 */
export function invoiceDoc(db: Db, id: number): JsonText {
  return new JsonText(
    findRow<Pick<Row<'invoice_docs'>, 'doc'>>(db, 'Invoice', 'SELECT doc FROM invoice_docs WHERE id = ?', id).doc,
  );
}

/**
 * Sets columns of an invoice and stamps `updated_at`; answers the row after the change. The row comes from
 * the one the caller read in this transaction with the changes applied (nothing else writes invoice
 * columns: no trigger or default does), not from a read back, which costs more than the update.
 *
 * @example
 * const paid = updateInvoice(db, invoice, { state: 'paid', paid_method: 'bacs', paid_date: '2026-09-01' }, now);
 */
export function updateInvoice(
  db: Db,
  invoice: InvoiceRow,
  changes: Readonly<Partial<InvoiceRow>>,
  now: Date,
): InvoiceRow {
  const keys = Object.keys(changes);
  const assignments = [...keys.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  const updated = { ...invoice, ...changes, updated_at: now.toISOString() };
  const result = run(db, `UPDATE invoices SET ${assignments} WHERE id = @id`, {
    ...changes,
    updated_at: updated.updated_at,
    id: invoice.id,
  });
  if (result.changes !== 1) throw notFound('Invoice', invoice.id);
  return updated;
}

/**
 * School `schoolId`'s invoices paid by card, newest first.
 *
 * @example
 * cardInvoices(db, 1).map(serializeInvoice);
 */
export function cardInvoices(db: Db, schoolId: number): InvoiceRow[] {
  return all<InvoiceRow>(
    db,
    "SELECT * FROM invoices WHERE school_id = ? AND billing = 'card' ORDER BY id DESC",
    schoolId,
  );
}
