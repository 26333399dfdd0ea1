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

const pageSchema = z.looseObject({ invoices: z.array(z.unknown()) });
const PAGE = 100;

const listEndpoint = (): Endpoint => ENDPOINTS.find((e) => e.command === 'invoices list') as Endpoint;

async function listPage(client: ApiClient, query: Readonly<Record<string, unknown>>): Promise<Invoice[]> {
  const response = await client.request(buildRequest(listEndpoint(), { take: PAGE, ...query }));
  const page = pageSchema.safeParse(response.data);
  if (!page.success) throw new Error('The API answered the invoice list without an `invoices` list');
  return page.data.invoices.flatMap((item) => {
    const invoice = invoiceSchema.safeParse(item);
    return invoice.success ? [invoice.data] : [];
  });
}

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
 * known (one short page), else by walking the list.
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
  return (await readInvoices(client, [id])).get(id);
}
