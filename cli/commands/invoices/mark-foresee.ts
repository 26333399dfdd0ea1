/**
 * What `edshed invoices mark` can tell from an invoice it has read, before sending anything: that the API
 * would refuse the action (a paid invoice is never voided), by the API's rules as core declares them
 * (core/domain/lifecycle-rules.ts, core/domain/invoice-payment.ts), so the run refuses before it asks.
 */
import { paymentDateProblem, paymentVerdict } from '../../../core/domain/invoice-payment.js';
import { INVOICE_RULES, stateRefusal } from '../../../core/domain/lifecycle-rules.js';
import type { ListedInvoice } from '../../read/invoices.js';
import { conflictHint } from '../../write/describe.js';
import { ACTIONS, endpointOfAction, type ActionDetails, type ActionName } from './actions.js';
import { markTarget, type MarkResult, type MarkTarget } from './mark-item.js';

/** What a mark reads of an invoice to foresee a refusal, besides what its line shows. */
export type ForeseenTarget = MarkTarget &
  Pick<ListedInvoice, 'issued_at' | 'paid_method' | 'paid_date' | 'promised_reference' | 'accounting_id'>;

/**
 * An invoice as a mark of a few named invoices keeps it: its line and what its refusal is foreseen by.
 *
 * @example
 * foreseenTarget(invoice).paid_method // 'bacs'
 */
export function foreseenTarget(invoice: ListedInvoice): ForeseenTarget {
  const { issued_at, paid_method, paid_date, promised_reference, accounting_id } = invoice;
  return { ...markTarget(invoice), issued_at, paid_method, paid_date, promised_reference, accounting_id };
}

// A date in the future is the server's clock to judge (this one may be behind or ahead of it).
const NO_FUTURE = '9999-12-31';

/** The API's reason, in its words, or undefined where the invoice as read does not show it. */
function reason(action: ActionName, id: string, details: ActionDetails, invoice: ForeseenTarget): string | undefined {
  const payment = { method: details.method ?? '', date: details.date ?? '' };
  if (action === 'paid' && invoice.state === 'paid') {
    // Paid another way is refused, paid the same way changes nothing: unknown payment details tell neither.
    if (invoice.paid_method === undefined || invoice.paid_date === undefined) return undefined;
    const verdict = paymentVerdict(invoice, payment, NO_FUTURE);
    return verdict?.kind === 'refused' ? `Invoice ${id} is ${verdict.reason}` : undefined;
  }
  // The API answers these unchanged, whatever the state: the same promise again, an invoice already sent to accounting.
  if (action === 'promised' && invoice.state === 'promised' && invoice.promised_reference === details.reference)
    return undefined;
  if (action === 'accounting' && invoice.accounting_id !== null) return undefined;
  const refused = stateRefusal('invoice', id, invoice.state, INVOICE_RULES[ACTIONS[action].lifecycle]);
  if (refused !== undefined) return refused;
  if (action === 'paid') {
    const verdict = paymentVerdict(invoice, payment, NO_FUTURE);
    return verdict?.kind === 'refused' ? `Invoice ${id}: ${verdict.reason}` : undefined;
  }
  if (action === 'remittance' && details.received !== undefined && invoice.issued_at)
    return paymentDateProblem(details.received, invoice.issued_at, NO_FUTURE) === undefined
      ? undefined
      : `Invoice ${id}: the remittance date ${details.received} is before the invoice was issued (${invoice.issued_at})`;
  return undefined;
}

/**
 * Why the API would refuse `action` on `invoice` as read, with what to do instead (the same advice as
 * after the API's own refusal); undefined when the invoice as read does not show a refusal.
 *
 * @example
 * await foreseenRefusal('void', 10, {}, invoice)
 * // 'Invoice 10 (INV-000010) is paid; only an open, promised or uncollectable invoice can be voided. It is paid. To change ...'
 */
export async function foreseenRefusal(
  action: ActionName,
  id: number,
  details: ActionDetails,
  invoice: ForeseenTarget,
): Promise<string | undefined> {
  const said = reason(action, `${id} (${invoice.number})`, details, invoice);
  if (said === undefined) return undefined;
  const hint = await conflictHint(endpointOfAction(action), { id }, said, invoice);
  return `${said}.${hint ? ` ${hint}` : ''}`;
}

/**
 * The line of an invoice not sent because the API would refuse it: failed, with why, and no request id.
 *
 * @example
 * foreseenLine(10, invoice, 'Invoice 10 (INV-000010) is paid; ...').status // 'failed'
 */
export function foreseenLine(id: number, invoice: MarkTarget | undefined, refusal: string): MarkResult {
  return {
    id,
    number: invoice?.number ?? null,
    before: invoice?.state ?? null,
    after: null,
    total: invoice?.total ?? null,
    currency: invoice?.currency ?? null,
    status: 'failed',
    message: `not sent: ${refusal}`,
    request_id: null,
  };
}
