/**
 * What a school owes: its unpaid invoices summed per currency. Amounts stay integers of the currency's
 * minor unit (`formatMoney` shows them); sums never mix currencies.
 */
import { byCodeUnits } from './order.js';
import { UNPAID_INVOICE_STATES } from './billing.js';

/** The part of an invoice (as the API answers it) that the totals read. */
export interface OwedInvoice {
  readonly state: string;
  readonly currency: string;
  readonly total: number;
  /** What is still to pay; the invoice's total when the API does not say. */
  readonly amount_due?: number | null | undefined;
  /** The day payment is due, `YYYY-MM-DD` (a date-time is read by its day). */
  readonly due_at?: string | null | undefined;
}

/** The unpaid invoices of one currency. */
export interface CurrencyTotal {
  readonly currency: string;
  readonly invoices: number;
  readonly amount_due: number;
  /** How many of them are past their due day, and what they owe. */
  readonly overdue: number;
  readonly amount_overdue: number;
}

/** States in which an invoice is still to be paid (billing.ts keeps the one list). */
export { UNPAID_INVOICE_STATES };

const isUnpaid = (state: string): boolean => (UNPAID_INVOICE_STATES as readonly string[]).includes(state);

/**
 * True when an unpaid invoice's due day is before `today` (`YYYY-MM-DD`). A paid, void or refunded
 * invoice is never overdue, nor one without a due day.
 *
 * @example
 * isOverdue({ state: 'open', currency: 'gbp', total: 100, due_at: '2026-09-24' }, '2026-11-02') // true
 */
export function isOverdue(invoice: OwedInvoice, today: string): boolean {
  return isUnpaid(invoice.state) && typeof invoice.due_at === 'string' && invoice.due_at.slice(0, 10) < today;
}

/**
 * Sums unpaid invoices per currency (lower-case, sorted), with the overdue part; other states are skipped.
 *
 * @example
 * totalsByCurrency([{ state: 'open', currency: 'gbp', total: 54000, due_at: '2026-09-24' }], '2026-11-02')
 * // [{ currency: 'gbp', invoices: 1, amount_due: 54000, overdue: 1, amount_overdue: 54000 }]
 */
export function totalsByCurrency(invoices: readonly OwedInvoice[], today: string): CurrencyTotal[] {
  const sums = new Map<string, { invoices: number; amount_due: number; overdue: number; amount_overdue: number }>();
  for (const invoice of invoices) {
    if (!isUnpaid(invoice.state)) continue;
    const currency = invoice.currency.toLowerCase();
    const sum = sums.get(currency) ?? { invoices: 0, amount_due: 0, overdue: 0, amount_overdue: 0 };
    const due = invoice.amount_due ?? invoice.total;
    sum.invoices += 1;
    sum.amount_due += due;
    if (isOverdue(invoice, today)) {
      sum.overdue += 1;
      sum.amount_overdue += due;
    }
    sums.set(currency, sum);
  }
  return [...sums.entries()].sort(([a], [b]) => byCodeUnits(a, b)).map(([currency, sum]) => ({ currency, ...sum }));
}
