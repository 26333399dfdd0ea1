import * as z from 'zod/mini';
import { MAX_TAKE } from '../../core/domain/constants.js';
import { answerOf } from './records.js';

/** One page of a list that pages with `skip` and `take`. */
export type PageFetcher = (page: { readonly skip: number; readonly take: number }) => Promise<{ readonly data: unknown }>;

/**
 * Reads every page of a list, the largest page at a time, and answers all its items checked against
 * `schema`. Stops at a short page or at the list's `total`.
 *
 * @example
 * const subs = await collectPages((page) => api.subscriptions.list({ school_id: 1, ...page }), 'subscriptions', subscriptionRecord, 'GET schoolsubscriptions');
 */
export async function collectPages<T>(fetchPage: PageFetcher, key: string, schema: z.core.$ZodType<T>, call: string): Promise<T[]> {
  const items: T[] = [];
  for (let skip = 0; ; ) {
    const { data } = await fetchPage({ skip, take: MAX_TAKE });
    const page = answerOf(data, key, z.array(schema), call);
    items.push(...page);
    skip += page.length;
    const total = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).total : undefined;
    if (page.length < MAX_TAKE || (typeof total === 'number' && skip >= total)) return items;
  }
}
