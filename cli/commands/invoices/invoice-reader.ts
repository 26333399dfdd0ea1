/**
 * Reading invoices by id. The API has no read of one invoice by its id (`invoices show` takes the
 * shareable id), so invoices are found in `invoices list`, newest first, a page at a time.
 */
import { z } from 'zod';
import type { ApiClient } from '../../../core/api/client.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import type { Endpoint } from '../../../core/endpoints/define.js';

/** The fields of an invoice the mark command relies on; the API sends more. */
export const invoiceSchema = z.looseObject({
  id: z.number().int(),
  number: z.string(),
  state: z.string(),
  total: z.number().int(),
  currency: z.string(),
  subscription_id: z.number().int().nullish(),
  /** Set once sent to accounting; any other shape is read as unknown rather than dropping the invoice. */
  accounting_id: z.string().nullish().catch(undefined),
  /** What the payment rules read (core/domain/invoice-payment.ts): a bulk dry run foresees their refusals. */
  issued_at: z.string().nullish().catch(undefined),
  paid_method: z.string().nullish().catch(undefined),
  paid_date: z.string().nullish().catch(undefined),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const pageSchema = z.looseObject({ invoices: z.array(z.unknown()), total: z.number().int().nonnegative().optional().catch(undefined) });
/** Invoices a page of the list holds when reading by id. */
export const PAGE = 100;

const listEndpoint = (): Endpoint => ENDPOINTS.find((e) => e.command === 'invoices list') as Endpoint;

/**
 * One page of `invoices list` (GET subscriptions/invoices), and the list's `total` when it says.
 *
 * @example
 * const { invoices, total } = await invoicePage(client, { skip: 0 });
 */
export async function invoicePage(client: ApiClient, query: Readonly<Record<string, unknown>>): Promise<{ invoices: Invoice[]; total: number | undefined }> {
  const response = await client.request(buildRequest(listEndpoint(), { take: PAGE, ...query }));
  const page = pageSchema.safeParse(response.data);
  if (!page.success) throw new Error('The API answered the invoice list without an `invoices` list');
  const invoices = page.data.invoices.flatMap((item) => {
    const invoice = invoiceSchema.safeParse(item);
    return invoice.success ? [invoice.data] : [];
  });
  return { invoices, total: page.data.total };
}

const listPage = async (client: ApiClient, query: Readonly<Record<string, unknown>>): Promise<Invoice[]> => (await invoicePage(client, query)).invoices;

/**
 * Finds invoices by id, walking the list until each is found, the list ends, or (the list being newest
 * first) it has gone below the smallest id still missing. Ids not found are absent from the map.
 *
 * @example
 * const invoices = await readInvoices(client, [8, 9]); // Map { 8 => { id: 8, state: 'open', ... }, ... }
 */
export async function readInvoices(client: ApiClient, ids: readonly number[]): Promise<Map<number, Invoice>> {
  const found = new Map<number, Invoice>();
  const missing = new Set(ids);
  for (let skip = 0; missing.size > 0; skip += PAGE) {
    const page = await listPage(client, { skip });
    for (const invoice of page) {
      if (missing.delete(invoice.id)) found.set(invoice.id, invoice);
    }
    const descending = page.every((invoice, i) => i === 0 || invoice.id < (page[i - 1] as Invoice).id);
    const lowest = page.at(-1)?.id ?? 0;
    if (page.length < PAGE || (descending && lowest < Math.min(...missing))) break;
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
    if (!isDescending(page)) return (await readInvoices(client, [id])).get(id);
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
