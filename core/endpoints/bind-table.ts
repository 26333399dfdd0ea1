/**
 * The methods of a table's entries, without the table's own code: the built CLI binds the entries it
 * reads as plain data (cli/table-nouns.ts), which loads in a tenth of the time of the table's modules.
 */
import type { ApiResponse } from '../api/types.js';
import { buildRequest, type CallOptions } from './call.js';
import type { Endpoint } from './define.js';
import type { ApiMethods, JsonObject, Requester } from './methods.js';

/**
 * The typed methods of `endpoints` (the whole table's entries), sending through `requester`; input is
 * validated before anything is sent. `bindEndpoints` is this with the table's own entries.
 *
 * @example
 * const api = bindTable(client, await tableEntries());
 * await api.invoices.list({ state: 'open' });
 */
export function bindTable(requester: Requester, endpoints: readonly Endpoint[]): ApiMethods {
  const api: Record<string, Record<string, (input?: Record<string, unknown>, options?: CallOptions) => Promise<ApiResponse<JsonObject>>>> = {};
  for (const endpoint of endpoints) {
    const group = (api[endpoint.noun] ??= {});
    group[endpoint.verb] = (input = {}, options = {}) => requester.request<JsonObject>(buildRequest(endpoint, input, options));
  }
  return api as unknown as ApiMethods;
}
