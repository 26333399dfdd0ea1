/**
 * What `invoices reconcile` matches against, read through the typed client: invoices open, promised
 * and paid (to see a payment already recorded) through the invoice reader (cli/read/invoices.ts), schools,
 * districts and subscriptions (their PO numbers), each list a page of 1,000 at a time.
 */
import { z } from 'zod';
import type { ApiMethods, JsonObject } from '../../../core/endpoints/methods.js';
import type { ApiResponse } from '../../../core/api/types.js';
import {
  BOOK_INVOICE,
  bookDistrictSchema,
  bookSchoolSchema,
  bookSubscriptionSchema,
  type Book,
} from '../../../core/domain/reconcile/book.js';
import { listInvoices } from '../../read/invoices.js';

const PAGE = 1000;

/** Every item of a paged list, each checked by `schema`; items that do not fit are left out and counted. */
async function pages<T>(
  call: (query: Record<string, unknown>) => Promise<ApiResponse<JsonObject>>,
  key: string,
  schema: z.ZodType<T>,
  query: Record<string, unknown> = {},
): Promise<{ items: T[]; skipped: number }> {
  const items: T[] = [];
  let skipped = 0;
  for (let skip = 0; ; skip += PAGE) {
    const response = await call({ ...query, skip, take: PAGE });
    const list = (response.data as Record<string, unknown>)[key];
    if (!Array.isArray(list)) throw new Error(`The API answered without a list of ${key}`);
    for (const item of list) {
      const parsed = schema.safeParse(item);
      if (parsed.success) items.push(parsed.data);
      else skipped += 1;
    }
    if (list.length < PAGE) return { items, skipped };
  }
}

/**
 * The book: invoices in the states a payment meets (open, promised, paid, refunded), schools,
 * districts and subscriptions.
 *
 * @example
 * const { book } = await readBook(await c.api());
 */
export async function readBook(api: ApiMethods): Promise<{ book: Book; skipped: number }> {
  const states = ['open', 'promised', 'paid', 'refunded'] as const;
  const invoiceLists = await Promise.all(states.map((state) => listInvoices(api, { state }, BOOK_INVOICE)));
  const [schools, districts, subscriptions] = await Promise.all([
    pages((q) => api.schools.list(q), 'schools', bookSchoolSchema),
    pages(() => api.districts.list({}), 'districts', bookDistrictSchema).catch(() => ({ items: [], skipped: 0 })),
    pages((q) => api.subscriptions.list(q), 'subscriptions', bookSubscriptionSchema),
  ]);
  const skipped = invoiceLists.reduce((n, l) => n + l.skipped, 0) + schools.skipped + subscriptions.skipped;
  return {
    book: {
      invoices: invoiceLists.flatMap((l) => l.invoices),
      schools: schools.items,
      districts: districts.items,
      subscriptions: subscriptions.items,
    },
    skipped,
  };
}
