/** `invoices show` for a person: the invoice's title, the facts that have a value, its credits a line each. */
import type { ValueOf } from '../../../core/shapes/define.js';
import type { SHARED_INVOICE } from '../../../core/shapes/invoice.js';
import { listLines, type View } from '../../output/view.js';
import { invoiceWays } from '../../write/ways-back.js';
import { money } from './mark-output.js';

export type SharedInvoice = ValueOf<typeof SHARED_INVOICE>;

const day = (date: string | null | undefined): string | undefined => (date ? date.slice(0, 10) : undefined);
const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ') || undefined;

/**
 * The invoice as a view: number, state and amount due in the title; the school by name; what was
 * billed, when, and how it was settled; its credits; and what can be done with it next.
 *
 * @example
 * renderView(await invoiceView(answer.invoice, 80), 80, colors)
 */
export async function invoiceView(invoice: SharedInvoice, width: number): Promise<View> {
  const m = (minor: number | null | undefined) =>
    typeof minor === 'number' ? money(minor, invoice.currency) : undefined;
  const due =
    invoice.amount_due > 0
      ? `${m(invoice.amount_due)} due ${invoice.due_at}`
      : `nothing due (was due ${invoice.due_at})`;
  const refunded =
    invoice.amount_refunded > 0
      ? `${m(invoice.amount_refunded)}${invoice.refunded_at ? ` on ${day(invoice.refunded_at)}` : ''}`
      : undefined;
  const credits = invoice.credits.map((c) => ({
    kind: c.kind,
    amount: money(c.amount, c.currency),
    on: day(c.created_at),
    reason: c.reason,
  }));
  return {
    title: `${invoice.number} · invoice ${invoice.id} · ${invoice.state} · ${due}`,
    facts: [
      ['school', `${invoice.school.name} (school ${invoice.school.id}, ${invoice.school.country})`],
      ['billed', invoice.description],
      ['total', `${m(invoice.total)} (${m(invoice.amount)} + ${m(invoice.tax)} tax)`],
      ['issued', invoice.issued_at],
      [
        'kind',
        joined(
          invoice.kind,
          `billed by ${invoice.billing}`,
          invoice.subscription_id !== null && `subscription ${invoice.subscription_id}`,
        ),
      ],
      [
        'promised',
        invoice.promised_reference
          ? `${invoice.promised_reference}${invoice.promised_at ? ` on ${day(invoice.promised_at)}` : ''}`
          : undefined,
      ],
      ['paid', invoice.paid_method ? `${invoice.paid_method} on ${invoice.paid_date ?? '?'}` : undefined],
      [
        'forex',
        invoice.forex
          ? (joined(
              invoice.amount_final !== null && `settled as ${money(invoice.amount_final, 'gbp')}`,
              invoice.forex_rate !== null && `rate ${invoice.forex_rate}`,
            ) ?? 'yes')
          : undefined,
      ],
      ['refunded', refunded],
      ['voided', day(invoice.voided_at)],
      ['uncollectable', day(invoice.uncollectable_at)],
      [
        'remittance',
        invoice.remittance_date_received
          ? joined(`received ${invoice.remittance_date_received}`, invoice.remittance_file)
          : undefined,
      ],
      [
        'accounting',
        invoice.accounting_id
          ? joined(invoice.accounting_id, invoice.sent_to_accounting_at && `sent ${day(invoice.sent_to_accounting_at)}`)
          : undefined,
      ],
      ['card', invoice.card_reference],
      [
        'source',
        joined(invoice.source_dept, invoice.source_person_id !== null && `person ${invoice.source_person_id}`),
      ],
      ['link id', invoice.shareable_id],
      ['updated', day(invoice.updated_at)],
    ],
    sections:
      credits.length > 0
        ? [{ heading: 'Credits', lines: listLines(credits, ['kind', 'amount', 'on', 'reason'], width) }]
        : [],
    next: await invoiceWays(invoice),
  };
}
