/**
 * THE reader of invoices, on core's shape (core/shapes/invoice.ts) and the list's paging: a natural key
 * (the number a school quotes, `INV-000004`, or the shareable id of the link it was sent) turned into the
 * invoice's id with at most one request, invoices read by id (once per run, in pages), and every invoice
 * a filter of the list matches.
 *
 * Views (show), mark, bulk targets, reconciliation (the book) and dashboards read invoices through here.
 */
import { ApiError } from '../../core/api/errors/index.js';
import { MAX_TAKE } from '../../core/domain/constants.js';
import type { Endpoint } from '../../core/endpoints/define.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { ObjectShape, ValueOf } from '../../core/shapes/define.js';
import { INVOICE } from '../../core/shapes/invoice.js';
import type { Invoice, SharedInvoice } from '../../core/shapes/types.js';
import { describeKeys, pickOne, readKey, type KeyText } from './keys.js';
import { invoiceIn, listPage, type InvoiceApi, type InvoiceFilter, type ListedInvoice } from './invoice-list.js';
import { collectPages } from './pages.js';
import { checkedAnswer } from './records.js';

// The list read page by page and by id is a module of its own; the commands read invoices through here alone.
export {
  findInvoice,
  invoiceIn,
  readBack,
  readInvoices,
  type InvoiceApi,
  type InvoiceFilter,
  type ListedInvoice,
} from './invoice-list.js';

/** The keys an invoice is named by, in the order a text is tried (core/shapes/invoice.ts). */
export const INVOICE_KEYS = INVOICE.keys ?? [];

/** What the command line may give for an invoice: "an invoice id, number or shareable id". */
export const INVOICE_NAMED_BY = describeKeys(INVOICE_KEYS, 'invoice');

/** Matches a lookup lists at most (a number is unique; more would be a broken API). */
const LISTED = 20;

/** An invoice a key named: its id, and the invoice as the lookup found it (absent for a plain id). */
export interface FoundInvoice {
  readonly id: number;
  readonly invoice?: Invoice | SharedInvoice;
}

/**
 * Reads a command-line text as an invoice id or one of its keys, with no request (exit 2 when it is neither).
 *
 * @example
 * invoiceKey('INV-000004') // { key: { field: 'number', ... }, value: 'INV-000004', text: 'INV-000004' }
 * invoiceKey('inv000004') // { key: { field: 'number', ... }, value: 'INV-000004', text: 'inv000004' }
 */
export function invoiceKey(text: string): KeyText {
  const key = readKey(text, INVOICE_KEYS, 'invoice');
  if (!('key' in key)) return key;
  // A number as a school quotes it (`INV000004`, `inv 000004`) is the number the platform writes, `INV-000004`.
  if (key.key.field === 'number') return { ...key, value: `INV-${key.value}` };
  // A shareable id is lowercase hex as the platform makes it: one read aloud or typed in capitals is the same id.
  return key.key.field === 'shareable_id' ? { ...key, value: key.value.toLowerCase() } : key;
}

/**
 * Finds the invoice a key names with at most one request: a plain id none; a number through the list's
 * `number` filter; a shareable id through `GET subscriptions/invoices/{shareableId}`. An unknown or
 * ambiguous key exits 2 (nothing written).
 *
 * @example
 * const { id, invoice } = await lookupInvoice(await c.api(), invoiceKey('INV-000004')); // id 4
 */
export async function lookupInvoice(api: ApiMethods, key: KeyText): Promise<FoundInvoice> {
  if ('id' in key) return { id: key.id };
  if (key.key.field === 'number') {
    const number = key.value.toUpperCase();
    const answer = await checkedAnswer(
      'invoices list',
      await api.invoices.list({ number, take: LISTED }),
      'GET subscriptions/invoices',
    );
    const found = answer.invoices.filter((invoice) => invoice.number.toUpperCase() === number);
    const id = pickOne(
      'invoice',
      key,
      found.map((invoice) => ({
        id: invoice.id,
        name: `${invoice.number}  school ${invoice.school_id}  ${invoice.state}`,
      })),
    );
    return { id, invoice: found.find((invoice) => invoice.id === id) as Invoice };
  }
  try {
    const { invoice } = await checkedAnswer(
      'invoices show',
      await api.invoices.show({ shareableId: key.value }),
      `GET subscriptions/invoices/${key.value}`,
    );
    return { id: invoice.id, invoice };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) pickOne('invoice', key, []);
    throw error;
  }
}

/**
 * The id of the invoice a command-line text names (at most one request; none for a plain id).
 *
 * @example
 * await resolveInvoice(await c.api(), 'INV-000004') // 4
 */
export async function resolveInvoice(api: ApiMethods, text: string): Promise<number> {
  return (await lookupInvoice(api, invoiceKey(text))).id;
}

/**
 * The invoice a write answered with, where its entry declares that its reply carries one (`{ invoice:
 * INVOICE, ... }`) and the answer's invoice passes the shape's schema: then it is the invoice after the
 * write, and reading it back would only spend a request. Undefined otherwise (read it back).
 *
 * @example
 * repliedInvoice(endpointOf('invoices mark-paid'), response.data)?.state // 'paid'
 */
export function repliedInvoice(endpoint: Pick<Endpoint, 'reply'>, data: unknown): ListedInvoice | undefined {
  const declared = (endpoint.reply as Readonly<Record<string, unknown>> | undefined)?.invoice === INVOICE;
  if (!declared || data === null || typeof data !== 'object') return undefined;
  return invoiceIn((data as Readonly<Record<string, unknown>>).invoice);
}

/**
 * Every invoice the list's filters match, each page checked against the list's reply (core's invoice): a
 * different answer is a failed request (exit 1). What views and dashboards show.
 *
 * @example
 * const open = await invoicesWhere(await c.api(), { school_id: 1, state: 'open' });
 */
export async function invoicesWhere(api: InvoiceApi, filter: InvoiceFilter): Promise<Invoice[]> {
  return collectPages(
    (page) => api.invoices.list({ ...filter, ...page }),
    'invoices list',
    'invoices',
    'GET subscriptions/invoices',
  );
}

/**
 * Every invoice the list's filters match, the largest page at a time, each checked against `shape`
 * (core's invoice, or fields of it: the reconcile book's); an item that does not fit is left out and counted.
 *
 * @example
 * const { invoices, skipped } = await listInvoices(await c.api(), { state: 'open' });
 */
export async function listInvoices<S extends ObjectShape = typeof INVOICE>(
  api: InvoiceApi,
  filter: InvoiceFilter,
  shape?: S,
): Promise<{ invoices: ValueOf<S>[]; skipped: number }> {
  const { replyProblems: problemsOf } = await import('../../core/shapes/schema.js');
  const invoices: ValueOf<S>[] = [];
  let skipped = 0;
  for (let skip = 0; ;) {
    const { items, total } = await listPage(api, { ...filter, skip, take: MAX_TAKE });
    for (const item of items) {
      if (problemsOf(shape ?? INVOICE, item).length === 0) invoices.push(item as ValueOf<S>);
      else skipped += 1;
    }
    skip += items.length;
    if (items.length < MAX_TAKE || (total !== undefined && skip >= total)) return { invoices, skipped };
  }
}
