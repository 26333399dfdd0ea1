import { MAX_TAKE } from '../../../core/domain/constants.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import type { Factory } from '../../factory.js';
import type { OutputPlan } from '../../output/plan.js';
import { openRowStream } from '../../output/row-stream.js';
import { rowsOf } from '../../output/rows.js';


/** A list that pages with `skip` and `take`. */
export function isPaged(endpoint: Endpoint): boolean {
  return endpoint.method === 'GET' && endpoint.payload?.take !== undefined && endpoint.payload.skip !== undefined;
}

/**
 * Fetches a paged list page after page and prints each as it comes (`--all`, or `--limit N` items), so
 * memory stays flat however long the list is. Stops at a short page, the list's `total`, or the limit.
 *
 * @example
 * await printPages(c, endpoint, { state: 'open' }, { limit: 25 }, plan);
 */
export async function printPages(
  f: Factory,
  endpoint: Endpoint,
  input: Readonly<Record<string, unknown>>,
  want: { readonly limit?: number | undefined },
  plan: OutputPlan,
): Promise<number> {
  const [client, { buildRequest }] = await Promise.all([f.client(), import('../../../core/endpoints/call.js')]);
  const out = openRowStream(f, plan);
  let skip = Number(input.skip ?? 0);
  let printed = 0;
  for (;;) {
    const take = Math.min(MAX_TAKE, want.limit === undefined ? MAX_TAKE : want.limit - printed);
    const response = await client.request(buildRequest(endpoint, { ...input, skip, take }));
    const rows = rowsOf(response.data, endpoint.response);
    await out.write(rows);
    printed += rows.length;
    skip += rows.length;
    const total = totalOf(response.data);
    if (rows.length < take || (want.limit !== undefined && printed >= want.limit) || (total !== undefined && skip >= total)) break;
  }
  await out.end();
  return printed;
}

/** The `total` a list answers, when it does. */
export function totalOf(data: unknown): number | undefined {
  const total = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).total : undefined;
  return typeof total === 'number' ? total : undefined;
}
