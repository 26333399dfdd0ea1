/**
 * The methods of a table's entries, without the table's own code: the built CLI binds the entries it
 * reads as plain data (cli/table-nouns.ts), which loads in a tenth of the time of the table's modules.
 */
import type { ApiResponse } from '../api/types.js';
import { buildRequest, type CallOptions } from './call.js';
import type { Endpoint, Method } from './define.js';
import type { ApiMethods, JsonObject, Requester } from './methods.js';

/** Throws ResponseShapeError when a reply differs from the entry's shape; the schemas load only when asked for. */
async function checkReply(endpoint: Endpoint, method: Method, response: ApiResponse<JsonObject>): Promise<void> {
  const [{ replyProblems }, { ResponseShapeError }] = await Promise.all([import('../shapes/schema.js'), import('../api/errors/response-shape-error.js')]);
  const problems = replyProblems(endpoint.reply ?? {}, response.data, 'loose');
  if (problems.length > 0) throw new ResponseShapeError(endpoint.command, problems, { status: response.status, data: response.data, method, headers: response.headers });
}

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
    group[endpoint.verb] = async (input = {}, options = {}) => {
      const request = buildRequest(endpoint, input, options);
      const response = await requester.request<JsonObject>(request);
      if (requester.validatesResponses === true && endpoint.reply !== undefined) await checkReply(endpoint, request.method, response);
      return response;
    };
  }
  return api as unknown as ApiMethods;
}
