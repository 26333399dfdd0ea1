import { MAX_TAKE } from '../../../core/domain/constants.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import type { Factory } from '../../factory/factory.js';
import type { OutputPlan } from '../../output/plan.js';
import { openRowStream, type RowStream } from '../../output/row-stream.js';
import { recordsPath, rowsOf, totalOf } from '../../output/rows.js';

/** A list that pages with `skip` and `take`. */
export function isPaged(endpoint: Endpoint): boolean {
  return endpoint.method === 'GET' && endpoint.payload?.take !== undefined && endpoint.payload.skip !== undefined;
}

/**
 * Fetches a paged list page after page and prints each as it comes (`--all`, or `--limit N` items), so
 * memory stays flat however long the list is. Stops at a short page, the list's `total`, or the limit.
 * `--json` gives the API's envelope of one page (`{ invoices: [...], total }`) holding every item printed.
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
  let out: RowStream | undefined;
  let total: number | undefined;
  let skip = Number(input.skip ?? 0);
  let printed = 0;
  for (;;) {
    const take = Math.min(MAX_TAKE, want.limit === undefined ? MAX_TAKE : want.limit - printed);
    const response = await client.request(buildRequest(endpoint, { ...input, skip, take }));
    const rows = rowsOf(response.data, endpoint.response);
    out ??= openRowStream(f, plan, recordsPath(response.data, endpoint.response));
    await out.write(rows);
    printed += rows.length;
    skip += rows.length;
    total = totalOf(response.data, endpoint.response);
    if (
      rows.length < take ||
      (want.limit !== undefined && printed >= want.limit) ||
      (total !== undefined && skip >= total)
    )
      break;
  }
  await out?.end(total);
  return printed;
}
