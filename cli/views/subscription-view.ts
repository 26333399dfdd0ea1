/** `subscriptions show` for a person: the subscription's title, its facts, its invoices a line each. */
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { InvoiceSummary, Subscription } from '../../core/shapes/types.js';
import { money } from '../commands/invoices/mark-output.js';
import { listLines, type View } from '../output/view.js';
import { productName } from '../read/records.js';
import { readSchool } from '../read/reads.js';

const day = (date: string | null | undefined): string | undefined => (date ? date.slice(0, 10) : undefined);

/**
 * The subscription as a view: product and state in the title; the school by name (one read); term,
 * seats used and free, billing; its invoices, a line each. The school's read failing leaves its id.
 *
 * @example
 * renderView(await subscriptionView(api, answer.subscription, answer.invoices, 80), 80, colors)
 */
export async function subscriptionView(
  api: ApiMethods,
  sub: Subscription,
  invoices: readonly InvoiceSummary[],
  width: number,
): Promise<View> {
  const school = await readSchool(api, sub.school_id).catch(() => undefined);
  const seats = `${sub.assigned.users} of ${sub.seats} used, ${sub.seats_available} free`;
  const teachers = `${sub.assigned.teachers} of ${sub.teacher_seats} used, ${sub.teacher_seats_available} free`;
  const rows = invoices.map((i) => ({
    number: i.number,
    state: i.state,
    total: money(i.total, i.currency),
    issued: i.issued_at,
    id: `invoice ${i.id}`,
  }));
  return {
    title: `Subscription ${sub.id} · ${productName(sub)} · ${sub.state}`,
    facts: [
      ['school', school ? `${school.name} (school ${school.id}, ${school.country})` : `school ${sub.school_id}`],
      ['kind', `${sub.kind} · billed by ${sub.billing} · ${sub.currency.toUpperCase()}`],
      ['term', `${sub.start_date} to ${sub.expiry ?? 'no end'}`],
      ['seats', seats],
      ['teachers', teachers],
      ['groups', sub.assigned.groups > 0 ? `${sub.assigned.groups} assigned` : undefined],
      ['PO number', sub.po_number],
      ['card', sub.card_reference],
      ['upgrade', sub.pending_upgrade ? 'an upgrade awaits prepayment' : undefined],
      ['moved from', sub.moved_from_school_id === null ? undefined : `school ${sub.moved_from_school_id}`],
      ['no price rise', sub.price_rise_exemption ? `until ${sub.price_rise_exemption}` : undefined],
      ['cancelled', day(sub.cancelled_at)],
      ['deactivated', day(sub.deactivated_at)],
      ['deleted', day(sub.deleted_at)],
      ['updated', day(sub.updated_at)],
    ],
    sections: [
      { heading: 'Invoices', lines: listLines(rows, ['number', 'state', 'total', 'issued', 'id'], width, { id: 2 }) },
    ],
    next: [`Move it: edshed subscriptions move ${sub.id} --to SCHOOL`],
  };
}
