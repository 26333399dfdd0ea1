/**
 * Invoice lifecycle. POST calls move an invoice between states; PUT calls edit the details of the state
 * it is already in. Repeating a POST with the same details is a no-op (safe to retry).
 *
 * | action            | from                               | to            | call                                           |
 * |-------------------|------------------------------------|---------------|------------------------------------------------|
 * | promise           | open                               | promised      | POST superuser/invoices/{id}/promised          |
 * | editPromise       | promised                           | (same)        | PUT  superuser/invoices/{id}/promised          |
 * | markPaid          | open, promised                     | paid          | POST superuser/invoices/{id}/paid              |
 * | editPaid          | paid                               | (same)        | PUT  superuser/invoices/{id}/paid              |
 * | pay               | open, promised                     | paid (card)   | POST users/me/school/invoices/{id}/pay         |
 * | void              | open, promised, uncollectable      | void          | POST subscriptions/invoices/{id}/void          |
 * | restore           | void                               | open          | POST {card_provider}/{id}/invoices/{iid}       |
 * | uncollectable     | open, promised                     | uncollectable | superuser/subscriptions/{id}/canceluncollectable |
 * | refund            | paid                               | refunded      | superuser/subscriptions/{id}/cancelandrefund   |
 * | remittance        | open, promised, paid               | (same)        | POST/PUT superuser/invoices/{id}/remittance    |
 * | forex             | open, promised, paid               | (same)        | POST superuser/invoices/{id}/forex             |
 * | accounting        | open, promised, paid, uncollectable, refunded | (same) | POST superuser/invoices/{id}/{accounting} |
 *
 * Payment methods: bacs, card, cheque, cash, direct_debit, wire. A payment or remittance date may not be
 * in the future, nor before the invoice was issued.
 */
import { run, type Db } from '../../kit/sql.js';
import { DomainError, invalid } from '../errors.js';
import { day } from '../billing/dates.js';
import { type InvoiceRow, type InvoiceState, INVOICE_STATES, updateInvoice } from './invoices.js';
import { defineLifecycle } from '../billing/lifecycle.js';
import { toGbp } from '../pricing/money.js';

export { PAYMENT_METHODS, type PaymentMethod } from '../../../core/domain/billing.js';
import type { PaymentMethod } from '../../../core/domain/billing.js';
import { paymentDateProblem } from '../../../core/domain/invoice-payment.js';
import { INVOICE_RULES } from '../../../core/domain/lifecycle-rules.js';

export const invoiceLifecycle = defineLifecycle('invoice', INVOICE_STATES, INVOICE_RULES);

/** The result of a transition: the row after it, and whether anything was written. */
export interface Outcome {
  readonly invoice: InvoiceRow;
  readonly changed: boolean;
}

/** The rule of core/domain/invoice-payment.ts (a bulk dry run foresees it), as the API's 422. */
function checkDay(invoice: InvoiceRow, date: string, now: Date, what: string): void {
  const problem = paymentDateProblem(date, invoice.issued_at, day(now));
  if (problem === 'in the future')
    throw new DomainError('invalid', `The ${what} ${date} is in the future`, {
      errors: [{ path: 'date', message: 'in the future' }],
    });
  if (problem === 'before the invoice was issued') {
    throw new DomainError(
      'invalid',
      `The ${what} ${date} is before invoice ${invoice.id} was issued (${invoice.issued_at})`,
      {
        errors: [{ path: 'date', message: 'before the invoice was issued' }],
      },
    );
  }
}

/** POST promised (mode `set`) or PUT promised (mode `edit`). */
export function promise(db: Db, invoice: InvoiceRow, reference: string, mode: 'set' | 'edit', now: Date): Outcome {
  if (mode === 'set' && invoice.state === 'promised' && invoice.promised_reference === reference)
    return { invoice, changed: false };
  invoiceLifecycle.check(mode === 'set' ? 'promise' : 'editPromise', invoice.id, invoice.state);
  const promisedAt = mode === 'set' ? now.toISOString() : invoice.promised_at;
  return {
    invoice: updateInvoice(
      db,
      invoice,
      { state: 'promised', promised_reference: reference, promised_at: promisedAt },
      now,
    ),
    changed: true,
  };
}

/** POST paid (mode `set`), PUT paid (mode `edit`), or the school paying by card (mode `pay`). */
export function markPaid(
  db: Db,
  invoice: InvoiceRow,
  method: PaymentMethod,
  date: string,
  mode: 'set' | 'edit' | 'pay',
  now: Date,
): Outcome {
  if (mode === 'set' && invoice.state === 'paid') {
    if (invoice.paid_method === method && invoice.paid_date === date) return { invoice, changed: false };
    throw new DomainError(
      'conflict',
      `Invoice ${invoice.id} is paid (${invoice.paid_method ?? 'unknown'}, ${invoice.paid_date ?? 'no date'}); change the payment details with PUT`,
      { state: invoice.state },
    );
  }
  invoiceLifecycle.check(mode === 'set' ? 'markPaid' : mode === 'edit' ? 'editPaid' : 'pay', invoice.id, invoice.state);
  checkDay(invoice, date, now, 'payment date');
  return {
    invoice: updateInvoice(db, invoice, { state: 'paid', paid_method: method, paid_date: date }, now),
    changed: true,
  };
}

/** Voids an unpaid invoice locally. */
export function voidInvoice(db: Db, invoice: InvoiceRow, now: Date): Outcome {
  invoiceLifecycle.check('void', invoice.id, invoice.state);
  return { invoice: updateInvoice(db, invoice, { state: 'void', voided_at: now.toISOString() }, now), changed: true };
}

/** Restores a voided invoice to open; a promise made before the void no longer stands. */
export function restore(db: Db, invoice: InvoiceRow, now: Date): Outcome {
  invoiceLifecycle.check('restore', invoice.id, invoice.state);
  const changes = {
    state: 'open' as InvoiceState,
    voided_at: null,
    uncollectable_at: null,
    promised_reference: null,
    promised_at: null,
  };
  return { invoice: updateInvoice(db, invoice, changes, now), changed: true };
}

export function markUncollectable(db: Db, invoice: InvoiceRow, now: Date): Outcome {
  invoiceLifecycle.check('uncollectable', invoice.id, invoice.state);
  return {
    invoice: updateInvoice(db, invoice, { state: 'uncollectable', uncollectable_at: now.toISOString() }, now),
    changed: true,
  };
}

/** Refunds `amount` (at most what was paid) and records the refund as a credit on the invoice. */
export function refund(db: Db, invoice: InvoiceRow, amount: number, reason: string, now: Date): Outcome {
  invoiceLifecycle.check('refund', invoice.id, invoice.state);
  if (amount <= 0 || amount > invoice.total) {
    throw invalid(
      'amount',
      `a refund of invoice ${invoice.id} must be between 1 and ${invoice.total} ${invoice.currency}`,
    );
  }
  run(
    db,
    'INSERT INTO invoice_credits (invoice_id, kind, amount, currency, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    invoice.id,
    'refund',
    amount,
    invoice.currency,
    reason,
    now.toISOString(),
  );
  const changes = { state: 'refunded' as InvoiceState, amount_refunded: amount, refunded_at: now.toISOString() };
  return { invoice: updateInvoice(db, invoice, changes, now), changed: true };
}

/** Records (POST, mode `set`) or corrects (PUT, mode `edit`) the remittance advice of an invoice. */
export function remittance(
  db: Db,
  invoice: InvoiceRow,
  dateReceived: string,
  file: string | null,
  mode: 'set' | 'edit',
  now: Date,
): Outcome {
  invoiceLifecycle.check('remittance', invoice.id, invoice.state);
  const has = invoice.remittance_date_received !== null;
  if (mode === 'set' && has) {
    if (invoice.remittance_date_received === dateReceived && (file === null || file === invoice.remittance_file))
      return { invoice, changed: false };
    throw new DomainError(
      'conflict',
      `Invoice ${invoice.id} already has a remittance received ${invoice.remittance_date_received}; change it with PUT`,
    );
  }
  if (mode === 'edit' && !has)
    throw new DomainError('conflict', `Invoice ${invoice.id} has no remittance; record one with POST first`);
  checkDay(invoice, dateReceived, now, 'remittance date');
  const changes = { remittance_date_received: dateReceived, remittance_file: file ?? invoice.remittance_file };
  return { invoice: updateInvoice(db, invoice, changes, now), changed: true };
}

/** Marks a foreign-currency invoice with what it came to in gbp (the given amount, else at the sandbox rate). */
export function forex(db: Db, invoice: InvoiceRow, amountFinal: number | undefined, now: Date): Outcome {
  invoiceLifecycle.check('forex', invoice.id, invoice.state);
  if (invoice.currency === 'gbp')
    throw new DomainError('conflict', `Invoice ${invoice.id} is in gbp; forex applies to invoices in another currency`);
  const final = amountFinal ?? toGbp(invoice.total, invoice.currency);
  if (invoice.forex === 1 && invoice.amount_final === final) return { invoice, changed: false };
  const rate = invoice.total > 0 ? Math.round((final / invoice.total) * 1e6) / 1e6 : null;
  return {
    invoice: updateInvoice(db, invoice, { forex: 1, amount_final: final, forex_rate: rate }, now),
    changed: true,
  };
}

/** Sends an invoice to the accounting system once; sending again answers the first record. */
export function sendToAccounting(db: Db, invoice: InvoiceRow, system: string, now: Date): Outcome {
  if (invoice.accounting_id !== null) return { invoice, changed: false };
  invoiceLifecycle.check('accounting', invoice.id, invoice.state);
  const accountingId = `${system}:${invoice.number}`;
  return {
    invoice: updateInvoice(db, invoice, { accounting_id: accountingId, sent_to_accounting_at: now.toISOString() }, now),
    changed: true,
  };
}
