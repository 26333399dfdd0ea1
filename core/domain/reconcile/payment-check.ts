/**
 * The API's rules for a payment (core/domain/invoice-payment.ts) applied to a statement line before it is
 * planned: a plan never holds a write the API would refuse.
 */
import { paymentVerdict } from '../invoice-payment.js';
import type { BookInvoice } from './book.js';
import type { StatementLine } from './line.js';

/** Without a clock no day is in the future. */
const NO_FUTURE = '9999-12-31';

/**
 * Why marking `invoices` paid as `line` says (its method, bacs unless the bank says, and its date) would
 * be refused or change nothing, as of `today`: the reasons, each with its invoice's number, and a hint
 * for a date in the future; undefined when the API would record it.
 *
 * @example
 * paymentRefusal({ date: '2026-12-11' }, [inv], '2026-12-01')
 * // 'the API would refuse it: INV-000123: payment date 2026-12-11 is in the future (day and month swapped? ...'
 */
export function paymentRefusal(
  line: Pick<StatementLine, 'date' | 'method'>,
  invoices: readonly BookInvoice[],
  today: string | undefined,
): string | undefined {
  const reasons = paymentProblems(line, invoices, today).map((p) => `${p.invoice.number}: ${p.reason}`);
  if (reasons.length === 0) return undefined;
  const future = today !== undefined && line.date > today;
  return `the API would refuse it: ${reasons.join('; ')}${future ? ' (day and month swapped? see --date-format)' : ''}; not marked paid`;
}

/**
 * Each of `invoices` the API would not mark paid as the line says, and why (`paymentVerdict`'s reason):
 * refused, or already paid so.
 *
 * @example
 * paymentProblems({ date: '2026-12-11' }, [inv], '2026-12-01') // [{ invoice: inv, kind: 'refused', reason: 'payment date 2026-12-11 is in the future' }]
 */
export function paymentProblems(
  line: Pick<StatementLine, 'date' | 'method'>,
  invoices: readonly BookInvoice[],
  today: string | undefined,
): { invoice: BookInvoice; kind: 'no-change' | 'refused'; reason: string }[] {
  return invoices.flatMap((invoice) => {
    const verdict = paymentVerdict(invoice, { method: line.method ?? 'bacs', date: line.date }, today ?? NO_FUTURE);
    return verdict === undefined ? [] : [{ invoice, ...verdict }];
  });
}
