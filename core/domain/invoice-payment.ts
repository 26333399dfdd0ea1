/**
 * The API's rules for recording a payment on an invoice (`POST superuser/invoices/{id}/paid`): which
 * states take one, and which dates. The sandbox enforces them; a bulk dry run foresees its refusals
 * with the same functions.
 */
import { UNPAID_INVOICE_STATES } from './billing.js';

/** The states an invoice can be marked paid from: the unpaid ones (billing.ts keeps the one list). */
export const PAYABLE_STATES = UNPAID_INVOICE_STATES;

/** Why a payment (or remittance) date is refused. */
export type PaymentDateProblem = 'in the future' | 'before the invoice was issued';

/**
 * Why a payment or remittance day is refused for an invoice issued on `issuedOn`, as of `today`
 * (days as `YYYY-MM-DD`): it is in the future, or before the invoice was issued; undefined when fine.
 *
 * @example
 * paymentDateProblem('2026-08-01', '2026-09-01', '2026-11-02') // 'before the invoice was issued'
 * paymentDateProblem('2026-09-15', '2026-09-01', '2026-11-02') // undefined
 */
export function paymentDateProblem(date: string, issuedOn: string, today: string): PaymentDateProblem | undefined {
  if (date > today) return 'in the future';
  if (date < issuedOn) return 'before the invoice was issued';
  return undefined;
}

/** What the payment rules need of an invoice. */
export interface PayableInvoice {
  readonly state: string;
  readonly issued_at?: string | null | undefined;
  readonly paid_method?: string | null | undefined;
  readonly paid_date?: string | null | undefined;
}

/** What marking an invoice paid would do: nothing (already paid so), or be refused, and why. */
export interface PaymentVerdict {
  readonly kind: 'no-change' | 'refused';
  readonly reason: string;
}

/**
 * What the API does with a payment (`method`, and `date` as a day or a date-time) on an invoice as it
 * stands today: undefined when it would record it; `no-change` when the invoice is already paid so;
 * `refused` naming the rule (a state that takes no payment, paid otherwise, a date in the future or
 * before the invoice was issued).
 *
 * @example
 * paymentVerdict({ state: 'open', issued_at: '2026-09-01' }, { method: 'bacs', date: '2026-08-01' }, '2026-11-02')
 * // { kind: 'refused', reason: 'payment date 2026-08-01 is before the invoice was issued (2026-09-01)' }
 */
export function paymentVerdict(
  invoice: PayableInvoice,
  payment: { readonly method: string; readonly date: string },
  today: string,
): PaymentVerdict | undefined {
  const date = payment.date.slice(0, 10);
  if (invoice.state === 'paid') {
    if (invoice.paid_method === payment.method && invoice.paid_date === date)
      return { kind: 'no-change', reason: 'already paid' };
    return {
      kind: 'refused',
      reason: `already paid (${invoice.paid_method ?? 'unknown method'}, ${invoice.paid_date ?? 'no date'}); change the payment with invoices update-paid`,
    };
  }
  if (!(PAYABLE_STATES as readonly string[]).includes(invoice.state))
    return { kind: 'refused', reason: `${invoice.state}: only an open or promised invoice can be marked paid` };
  const problem = invoice.issued_at ? paymentDateProblem(date, invoice.issued_at, today) : undefined;
  if (problem === 'in the future') return { kind: 'refused', reason: `payment date ${date} is in the future` };
  if (problem !== undefined)
    return {
      kind: 'refused',
      reason: `payment date ${date} is before the invoice was issued (${invoice.issued_at ?? ''})`,
    };
  return undefined;
}
