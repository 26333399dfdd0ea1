/**
 * Reading invoices by id. The API has no read of one invoice by its id (`invoices show` takes the
 * shareable id), so invoices are found in `invoices list`, newest first, a page at a time.
 */
import type { ApiClient } from '../../core/api/client.js';
import { buildRequest } from '../../core/endpoints/call.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import type { Endpoint } from '../../core/endpoints/define.js';
import { INVOICE } from '../../core/shapes/invoice.js';
import { replyProblems } from '../../core/shapes/schema.js';
import type { Invoice as ShapedInvoice } from '../../core/shapes/types.js';

/**
 * Fields the mark command reads but can do without: an invoice whose accounting id or payment details
 * are not what its shape says is read without them (as unknown) rather than dropped. The payment rules
 * (core/domain/invoice-payment.ts) read the last three, so a bulk dry run foresees their refusals.
 */
const TOLERATED = ['accounting_id', 'issued_at', 'paid_method', 'paid_date'] as const;
type Tolerated = (typeof TOLERATED)[number];

/** An invoice as core's shape declares it (core/shapes/invoice.ts), the tolerated fields possibly unknown. */
export type Invoice = Omit<ShapedInvoice, Tolerated> & Partial<Pick<ShapedInvoice, Tolerated>>;

/**
 * An invoice of an answer, checked against core's shape (loosely: keys it does not name pass through).
 * Undefined when it is not one, apart from the tolerated fields, which are then left out.
 *
 * @example
 * invoiceIn(response.data.invoice)?.state // 'paid'
 */
export function invoiceIn(value: unknown): Invoice | undefined {
  const problems = replyProblems(INVOICE, value);
  if (problems.length === 0) return value as Invoice;
  if (!problems.every((p) => (TOLERATED as readonly string[]).includes(p.path))) return undefined;
  return Object.fromEntries(Object.entries(value as object).filter(([key]) => !problems.some((p) => p.path === key))) as Invoice;
}

/**
 * The invoice a write answered with, where its entry declares that its reply carries one (`{ invoice:
 * INVOICE, ... }`) and the answer's invoice passes the shape's schema: then it is the invoice after the
 * write, and reading it back would only spend a request. Undefined otherwise (read it back).
 *
 * @example
 * repliedInvoice(endpointOf('invoices mark-paid'), response.data)?.state // 'paid'
 */
export function repliedInvoice(endpoint: Endpoint, data: unknown): Invoice | undefined {
  const declared = (endpoint.reply as Readonly<Record<string, unknown>> | undefined)?.invoice === INVOICE;
  if (!declared || data === null || typeof data !== 'object') return undefined;
  return invoiceIn((data as Readonly<Record<string, unknown>>).invoice);
}

/** Invoices a page of the list holds when reading by id. */
export const PAGE = 100;

const listEndpoint = (): Endpoint => ENDPOINTS.find((e) => e.command === 'invoices list') as Endpoint;

/**
 * One page of `invoices list` (GET subscriptions/invoices), and the list's `total` when it says. An item
 * that is no invoice of core's shape is passed over, as is a `total` that is no count.
 *
 * @example
 * const { invoices, total } = await invoicePage(client, { skip: 0 });
 */
export async function invoicePage(client: ApiClient, query: Readonly<Record<string, unknown>>): Promise<{ invoices: Invoice[]; total: number | undefined }> {
  const response = await client.request(buildRequest(listEndpoint(), { take: PAGE, ...query }));
  const page = response.data !== null && typeof response.data === 'object' ? (response.data as { readonly invoices?: unknown; readonly total?: unknown }) : {};
  if (!Array.isArray(page.invoices)) throw new Error('The API answered the invoice list without an `invoices` list');
  const invoices = page.invoices.flatMap((item: unknown) => invoiceIn(item) ?? []);
  const total = typeof page.total === 'number' && Number.isInteger(page.total) && page.total >= 0 ? page.total : undefined;
  return { invoices, total };
}

const listPage = async (client: ApiClient, query: Readonly<Record<string, unknown>>): Promise<Invoice[]> => (await invoicePage(client, query)).invoices;

/** Pages `findInvoice` is allowed per id before walking the list is the cheaper way to find a few. */
const SEEK_PAGES = 4;

/**
 * Finds invoices by id, walking the list until each is found, the list ends, or (the list being newest
 * first) it has gone below the smallest id still missing. Ids not found are absent from the map. When the
 * first page shows that the walk would take more pages than seeking each missing id on its own (ids go
 * down by at least one a row, so reaching id 40 from a page ending at 9,000 takes at least 89 more pages),
 * each is sought with `findInvoice` instead: a plan of a dozen old invoices in a list of 10,000 read 58
 * pages per walk, 640 requests to apply.
 *
 * @example
 * const invoices = await readInvoices(client, [8, 9]); // Map { 8 => { id: 8, state: 'open', ... }, ... }
 */
export async function readInvoices(client: ApiClient, ids: readonly number[]): Promise<Map<number, Invoice>> {
  return walkInvoices(client, ids, true);
}

/** `readInvoices`, seeking ids on their own only when `seek` (not when `findInvoice` falls back to a walk). */
async function walkInvoices(client: ApiClient, ids: readonly number[], seek: boolean): Promise<Map<number, Invoice>> {
  const found = new Map<number, Invoice>();
  const missing = new Set(ids);
  for (let skip = 0; missing.size > 0; skip += PAGE) {
    const page = await listPage(client, { skip });
    for (const invoice of page) {
      if (missing.delete(invoice.id)) found.set(invoice.id, invoice);
    }
    if (page.length < PAGE || missing.size === 0) break;
    if (!isDescending(page)) continue;
    const lowest = (page.at(-1) as Invoice).id;
    const oldest = Math.min(...missing);
    if (lowest < oldest) break;
    if (seek && skip === 0 && (lowest - oldest) / PAGE > SEEK_PAGES * missing.size) {
      for (const id of [...missing].sort((a, b) => b - a)) {
        const invoice = await findInvoice(client, id);
        if (invoice) found.set(id, invoice);
      }
      break;
    }
  }
  return found;
}

/**
 * Reads one invoice again after a write: from its subscription's invoices when the subscription is
 * known (one short page), else by seeking it in the list.
 *
 * @example
 * const after = await readBack(client, 8, before);
 */
export async function readBack(client: ApiClient, id: number, before: Invoice | undefined): Promise<Invoice | undefined> {
  if (typeof before?.subscription_id === 'number') {
    const page = await listPage(client, { subscription_id: before.subscription_id });
    const invoice = page.find((i) => i.id === id);
    if (invoice) return invoice;
  }
  return findInvoice(client, id);
}

const isDescending = (page: readonly Invoice[]): boolean => page.every((invoice, i) => i === 0 || invoice.id < (page[i - 1] as Invoice).id);

/**
 * Finds one invoice by id in the list without walking it: the list is newest first, and ids that go down
 * by at least one per row bound where an id can be (a page whose first id is 900 puts id 880 at least 20
 * rows before it, and exactly there when no id is missing), so it guesses that row, then halves what is
 * left. A few pages even in a list of millions. A list not in descending id order is walked instead.
 *
 * @example
 * const invoice = await findInvoice(client, 4); // { id: 4, shareable_id: 'afc0…', state: 'open', ... }
 */
export async function findInvoice(client: ApiClient, id: number): Promise<Invoice | undefined> {
  let lo = 0;
  let hi = Number.POSITIVE_INFINITY;
  let skip = 0;
  for (let step = 0; step < 64 && lo <= hi; step += 1) {
    const { invoices: page, total } = await invoicePage(client, { skip });
    const hit = page.find((invoice) => invoice.id === id);
    if (hit) return hit;
    if (!isDescending(page)) return (await walkInvoices(client, [id], false)).get(id);
    if (total !== undefined) hi = Math.min(hi, total - 1);
    const first = page[0]?.id;
    const last = page.at(-1)?.id;
    if (first === undefined || last === undefined) hi = Math.min(hi, skip - 1);
    else if (id > first) [lo, hi] = [Math.max(lo, skip - (id - first)), Math.min(hi, skip - 1)];
    else if (id < last) [lo, hi] = [Math.max(lo, skip + page.length), Math.min(hi, skip + page.length - 1 + (last - id))];
    else return undefined;
    if (lo > hi) return undefined;
    // Where the id is when none is missing: the bound just found. After a miss there, halve the rest.
    const dense = first !== undefined && id > first ? lo : Math.max(lo, hi - PAGE + 1);
    const middle = Number.isFinite(hi) ? Math.max(lo, Math.floor((lo + hi + 1 - PAGE) / 2)) : dense;
    skip = step === 0 ? dense : middle;
  }
  return undefined;
}
