import { MAX_TAKE } from '../../core/domain/constants.js';
import type { EndpointName } from '../../core/endpoints/index.js';
import { checkedAnswer } from './records.js';

/** One page of a list that pages with `skip` and `take`: its items under `key`, and the list's `total` where it says. */
export type PageFetcher<K extends string, T> = (page: {
  readonly skip: number;
  readonly take: number;
}) => Promise<{ readonly data: { readonly [k in K]: readonly T[] } & { readonly total?: number } }>;

/**
 * Reads every page of a list, the largest page at a time, each page checked against the reply its table
 * entry (`command`) declares, and answers all the items under `key`. Stops at a short page or at the
 * list's `total`.
 *
 * @example
 * const subs = await collectPages((page) => api.subscriptions.list({ school_id: 1, ...page }), 'subscriptions list', 'subscriptions', 'GET schoolsubscriptions');
 */
export async function collectPages<K extends string, T>(
  fetchPage: PageFetcher<K, T>,
  command: EndpointName,
  key: K,
  call: string,
): Promise<T[]> {
  const items: T[] = [];
  for (let skip = 0; ;) {
    const { data } = await fetchPage({ skip, take: MAX_TAKE });
    await checkedAnswer(command, { data }, call);
    const page = data[key];
    items.push(...page);
    skip += page.length;
    if (page.length < MAX_TAKE || (typeof data.total === 'number' && skip >= data.total)) return items;
  }
}
