import { totalsByCurrency, type CurrencyTotal } from '../../../core/domain/invoice-totals.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { collectPages } from '../../read/pages.js';
import { readSchool } from '../../read/reads.js';
import { invoiceRecord, subscriptionRecord, type InvoiceRecord, type SchoolRecord, type SubscriptionRecord } from '../../read/records.js';
import { together } from '../../read/together.js';

/** Everything `schools show` prints, as the API answered it (plus the sums made from it). */
export interface SchoolView {
  readonly school: SchoolRecord;
  readonly subscriptions: readonly SubscriptionRecord[];
  /** Invoices still to pay (open or promised), the earliest due first. */
  readonly open_invoices: readonly InvoiceRecord[];
  /** What is due per currency, in minor units. */
  readonly invoice_totals: readonly CurrencyTotal[];
  readonly teacher_count: number | null;
  readonly pupil_count: number | null;
}

const byDue = (a: InvoiceRecord, b: InvoiceRecord): number => (a.due_at ?? '').localeCompare(b.due_at ?? '') || a.id - b.id;

/**
 * Reads a school, all its subscriptions and its unpaid invoices at the same time (every page of each
 * list). A caller who is not a superuser gets the API's refusal (exit 4), whichever read answers first.
 *
 * @example
 * const view = await readSchoolView(await c.api(), 1, '2026-11-02');
 */
export async function readSchoolView(api: ApiMethods, id: number, today: string): Promise<SchoolView> {
  const invoices = (state: 'open' | 'promised') =>
    collectPages((page) => api.invoices.list({ school_id: id, state, ...page }), 'invoices', invoiceRecord, 'GET subscriptions/invoices');
  const [school, subscriptions, open, promised] = await together([
    readSchool(api, id),
    collectPages((page) => api.subscriptions.list({ school_id: id, ...page }), 'subscriptions', subscriptionRecord, 'GET schoolsubscriptions'),
    invoices('open'),
    invoices('promised'),
  ]);
  const unpaid = [...open, ...promised].sort(byDue);
  return {
    school,
    subscriptions,
    open_invoices: unpaid,
    invoice_totals: totalsByCurrency(unpaid, today),
    teacher_count: school.teacher_count ?? null,
    pupil_count: school.pupil_count ?? null,
  };
}
