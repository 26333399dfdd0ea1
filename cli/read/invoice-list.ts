/**
 * The invoice list (`GET subscriptions/invoices`) read page by page: an invoice of a page checked against
 * core's shape (core/shapes/invoice.ts), and invoices read by id, once per run, with few pages however long
 * the list is. The natural keys, views and filters over it are in invoices.ts, which re-exports this module.
 */
import { MAX_TAKE } from '../../core/domain/constants.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import { INVOICE } from '../../core/shapes/invoice.js';
import { replyProblems } from '../../core/shapes/schema.js';
import type { Invoice } from '../../core/shapes/types.js';
import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * Fields the mark command reads but can do without: an invoice whose accounting id or payment details
 * are not what its shape says is read without them (as unknown) rather than dropped. The payment rules
 * (core/domain/invoice-payment.ts) read the last three, so a bulk dry run foresees their refusals.
 */
const TOLERATED = ['accounting_id', 'issued_at', 'paid_method', 'paid_date'] as const;
type Tolerated = (typeof TOLERATED)[number];

/** An invoice of a list as core's shape declares it (core/shapes/invoice.ts), the tolerated fields possibly unknown. */
export type ListedInvoice = Omit<Invoice, Tolerated> & Partial<Pick<Invoice, Tolerated>>;

/**
 * An invoice of an answer, checked against core's shape (loosely: keys it does not name pass through).
 * Undefined when it is not one, apart from the tolerated fields, which are then left out.
 *
 * @example
 * invoiceIn(response.data.invoice)?.state // 'paid'
 */
export function invoiceIn(value: unknown): ListedInvoice | undefined {
  const problems = replyProblems(INVOICE, value);
  if (problems.length === 0) return value as ListedInvoice;
  if (!problems.every((p) => (TOLERATED as readonly string[]).includes(p.path))) return undefined;
  return Object.fromEntries(
    Object.entries(value as object).filter(([key]) => !problems.some((p) => p.path === key)),
  ) as ListedInvoice;
}

/** The list's query: its filters (core/endpoints/school-subscriptions.ts) and paging. */
type ListQuery = NonNullable<Parameters<InvoiceApi['invoices']['list']>[0]>;
/** The filters of the list, without its paging. */
export type InvoiceFilter = Omit<ListQuery, 'skip' | 'take'>;

/** What the reader needs of the typed client: the invoice list. */
export type InvoiceApi = Pick<ApiMethods, 'invoices'>;

/**
 * One page of the list: its items as they came, and its `total` when that is a count.
 *
 * @example
 * const { items, total } = await listPage(await c.api(), { state: 'open', skip: 0, take: 100 });
 */
export async function listPage(
  api: InvoiceApi,
  query: ListQuery,
): Promise<{ items: readonly unknown[]; total: number | undefined }> {
  const { data } = await api.invoices.list(query);
  const page =
    data !== null && typeof data === 'object'
      ? (data as { readonly invoices?: unknown; readonly total?: unknown })
      : {};
  if (!Array.isArray(page.invoices))
    throw new CliError('GET subscriptions/invoices answered without an `invoices` list', EXIT.requestFailed);
  const total =
    typeof page.total === 'number' && Number.isInteger(page.total) && page.total >= 0 ? page.total : undefined;
  return { items: page.invoices, total };
}

/** Rows of a page when reading a few invoices by id; a run reads up to the list's largest page at once. */
const FEW = 100;
/** Pages spent on one id before it counts as not listed (a list that keeps changing under the reader). */
const TRIES = 64;

/** A row of the list seen: where it was and which invoice it held (the list is newest first). */
interface Seen {
  readonly at: number;
  readonly id: number;
}

/**
 * Reads invoices by id, once for the whole run, keeping of each only `pick(invoice)` (a bulk run keeps a
 * target's state, not the invoice). Ids not listed are absent from the map.
 *
 * The API offers no filter by id (the spec names none), so the list's own order and `total` are what
 * make this cheap: the list is newest first and ids go down by at least one a row, so the row an id is on
 * is bounded by any row seen (a page starting with id 51,000 at row 0 puts id 10,000 at row 41,000 at
 * most, and exactly there when no id between is missing). The reader jumps to that row and reads a page
 * covering the ids wanted from there down; after a miss (a gap in the ids) it narrows the rows left.
 * Requests grow with the ids wanted (about one per page of them), not with the invoices listed: the
 * oldest ids of a long list cost what the newest do. A list not newest first is read to its end.
 *
 * @example
 * const states = await readInvoices(await c.api(), [8, 9], (i) => i.state); // Map { 8 => 'open', 9 => 'paid' }
 */
export async function readInvoices<T>(
  api: InvoiceApi,
  ids: Iterable<number>,
  pick: (invoice: ListedInvoice) => T,
): Promise<Map<number, T>> {
  const wanted = [...new Set(ids)].sort((a, b) => b - a);
  const found = new Map<number, T>();
  // Ids wanted that a page read settled (found, or shown not listed), by their place in `wanted`.
  const settled = new Uint8Array(wanted.length);
  let seen: Seen[] = [];
  let listed: number | undefined;
  let next = 0;
  // Pages read for the id at `next` (the first page, at the list's start, is read for none of them).
  let tries = -1;
  let page = { at: 0, take: FEW };
  while (next < wanted.length) {
    const { items, total } = await listPage(api, { skip: page.at, take: page.take });
    const rows = items.flatMap((item, k) => {
      const invoice = invoiceIn(item);
      return invoice === undefined ? [] : [{ at: page.at + k, invoice }];
    });
    if (!isDescending(rows.map((row) => row.invoice))) return walkInvoices(api, wanted, pick);
    // The list changed under the reader (an invoice added): what was seen of it no longer says where rows are.
    if (total !== undefined && listed !== undefined && total !== listed) seen = [];
    listed = total ?? listed;
    const first = rows[0];
    const last = rows.at(-1);
    if (first === undefined || last === undefined) {
      listed = Math.min(listed ?? page.at, page.at);
    } else {
      seen.push({ at: first.at, id: first.invoice.id }, { at: last.at, id: last.invoice.id });
      seen.sort((a, b) => a.at - b.at);
      for (const { invoice } of rows)
        if (wantedAt(wanted, invoice.id) !== undefined) found.set(invoice.id, pick(invoice));
      // Every id wanted between the page's first and last is settled: it is on the page or not listed.
      for (
        let k = firstAtOrBelow(wanted, first.invoice.id);
        k < wanted.length && (wanted[k] as number) >= last.invoice.id;
        k += 1
      )
        settled[k] = 1;
    }
    tries += 1;
    for (;;) {
      while (next < wanted.length && settled[next] === 1) [next, tries] = [next + 1, 0];
      if (next >= wanted.length) return found;
      const range = rowsOf(wanted[next] as number, seen, listed);
      if (range !== undefined && tries < TRIES) {
        page = nextPage(wanted, next, range, tries);
        break;
      }
      settled[next] = 1;
    }
  }
  return found;
}

/** The first place in `wanted` (newest first) whose id is at most `id`. */
function firstAtOrBelow(wanted: readonly number[], id: number): number {
  let lo = 0;
  let hi = wanted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((wanted[mid] as number) > id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `id` is in `wanted` (newest first), or undefined when it is not wanted. */
function wantedAt(wanted: readonly number[], id: number): number | undefined {
  const k = firstAtOrBelow(wanted, id);
  return wanted[k] === id ? k : undefined;
}

/**
 * The rows id `id` can be on, from the rows seen (ids go down by at least one a row): between the nearest
 * row seen above it and the nearest below, and no further from either than their ids differ. Undefined
 * when there is none (it is not listed). `dense` is the row it is on when no id between is missing.
 */
function rowsOf(
  id: number,
  seen: readonly Seen[],
  listed: number | undefined,
): { lo: number; hi: number; dense: number } | undefined {
  let above: Seen | undefined;
  let below: Seen | undefined;
  for (const row of seen) {
    if (row.id === id) return undefined;
    if (row.id > id) above = row;
    else if (below === undefined) below = row;
  }
  let lo = above === undefined ? 0 : above.at + 1;
  let hi = below === undefined ? (listed ?? Number.POSITIVE_INFINITY) - 1 : below.at - 1;
  if (above !== undefined) hi = Math.min(hi, above.at + (above.id - id));
  if (below !== undefined) lo = Math.max(lo, below.at - (id - below.id));
  if (lo > hi) return undefined;
  return { lo, hi, dense: above === undefined ? lo : Math.min(hi, above.at + (above.id - id)) };
}

/**
 * The page to read next for the id wanted at `next`: from the row it is on when no id is missing, as many
 * rows as reach the ids wanted after it (up to the largest page); after a miss, from the lowest row it can
 * be on, or, when that leaves many pages, halfway.
 */
function nextPage(
  wanted: readonly number[],
  next: number,
  rows: { lo: number; hi: number; dense: number },
  tries: number,
): { at: number; take: number } {
  const id = wanted[next] as number;
  let end = next;
  while (end + 1 < wanted.length && id - (wanted[end + 1] as number) < MAX_TAKE) end += 1;
  const reach = id - (wanted[end] as number) + 1;
  if (tries === 0) return { at: rows.dense, take: Math.max(FEW, reach) };
  const span = rows.hi - rows.lo + 1;
  const take = Math.min(MAX_TAKE, Math.max(FEW, reach, span));
  return {
    at: span <= take || tries === 1 ? rows.lo : Math.max(rows.lo, Math.floor((rows.lo + rows.hi - take) / 2)),
    take,
  };
}

const isDescending = (page: readonly ListedInvoice[]): boolean =>
  page.every((invoice, i) => i === 0 || invoice.id < (page[i - 1] as ListedInvoice).id);

/** The list read from its start to its end, the largest page at a time, for ids in a list not newest first. */
async function walkInvoices<T>(
  api: InvoiceApi,
  wanted: readonly number[],
  pick: (invoice: ListedInvoice) => T,
): Promise<Map<number, T>> {
  const missing = new Set(wanted);
  const found = new Map<number, T>();
  for (let skip = 0; missing.size > 0;) {
    const { items, total } = await listPage(api, { skip, take: MAX_TAKE });
    for (const invoice of items.flatMap((item) => invoiceIn(item) ?? [])) {
      if (missing.delete(invoice.id)) found.set(invoice.id, pick(invoice));
    }
    skip += items.length;
    if (items.length < MAX_TAKE || (total !== undefined && skip >= total)) break;
  }
  return found;
}

/**
 * One invoice by id from the list (a few pages even in a list of millions), or undefined when it is not listed.
 *
 * @example
 * const invoice = await findInvoice(await c.api(), 4); // { id: 4, shareable_id: 'afc0…', state: 'open', ... }
 */
export async function findInvoice(api: InvoiceApi, id: number): Promise<ListedInvoice | undefined> {
  return (await readInvoices(api, [id], (invoice) => invoice)).get(id);
}

/**
 * Reads one invoice again after a write: from its subscription's invoices when the subscription is
 * known (one short page), else by finding it in the list.
 *
 * @example
 * const after = await readBack(await c.api(), 8, before);
 */
export async function readBack(
  api: InvoiceApi,
  id: number,
  before: Pick<ListedInvoice, 'subscription_id'> | undefined,
): Promise<ListedInvoice | undefined> {
  if (typeof before?.subscription_id === 'number') {
    const { items } = await listPage(api, { subscription_id: before.subscription_id, take: FEW });
    const invoice = items.flatMap((item) => invoiceIn(item) ?? []).find((i) => i.id === id);
    if (invoice) return invoice;
  }
  return findInvoice(api, id);
}
