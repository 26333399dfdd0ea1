/**
 * The methods of a table's entries, without the table's own code: the built CLI binds the entries it
 * reads as plain data (cli/table/table-nouns.ts), which loads in a tenth of the time of the table's modules.
 */
import type { ApiResponse } from '../api/types.js';
import { buildRequest, type CallOptions } from './call.js';
import type { Endpoint, Method } from './define.js';
import type { ApiMethods, JsonObject, Requester } from './methods.js';

/** Throws ResponseShapeError when a reply differs from the entry's shape; the schemas load only when asked for. */
async function checkReply(endpoint: Endpoint, method: Method, response: ApiResponse<JsonObject>): Promise<void> {
  const [{ replyProblems }, { ResponseShapeError }] = await Promise.all([
    import('../shapes/schema.js'),
    import('../api/errors/response-shape-error.js'),
  ]);
  const problems = replyProblems(endpoint.reply ?? {}, response.data, 'loose');
  if (problems.length > 0)
    throw new ResponseShapeError(endpoint.command, problems, {
      status: response.status,
      data: response.data,
      method,
      headers: response.headers,
    });
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
  const api: Record<string, Record<string, BoundMethod>> = {};
  for (const endpoint of endpoints) (api[endpoint.noun] ??= {})[endpoint.verb] = bound(requester, endpoint);
  return api as unknown as ApiMethods;
}

type BoundMethod = (input?: Record<string, unknown>, options?: CallOptions) => Promise<ApiResponse<JsonObject>>;

/** The method of one entry: its input checked, sent through `requester`, its reply checked when asked. */
function bound(requester: Requester, endpoint: Endpoint): BoundMethod {
  return async (input = {}, options = {}) => {
    const request = buildRequest(endpoint, input, options);
    const response = await requester.request<JsonObject>(request);
    if (requester.validatesResponses === true && endpoint.reply !== undefined)
      await checkReply(endpoint, request.method, response);
    return response;
  };
}

/**
 * The typed methods of the table, each bound on its first call from the entries of its noun only
 * (`entriesOf('schools')`, the client's camelCase noun): a command that calls `api.schools.show` reads the
 * schools' entries, not the whole table.
 *
 * @example
 * const api = bindByNoun(client, async (noun) => (await import(`./nouns/${noun}.js`)).default);
 * await api.schools.show({ id: 1 });
 */
export function bindByNoun(
  requester: Requester,
  entriesOf: (noun: string) => Promise<readonly Endpoint[]>,
): ApiMethods {
  const nouns = new Map<string, Record<string, BoundMethod>>();
  const methodOf =
    (noun: string, verb: string): BoundMethod =>
    async (input, options) => {
      const endpoint = (await entriesOf(noun)).find((e) => e.noun === noun && e.verb === verb);
      if (!endpoint) throw new Error(`no table entry for api.${noun}.${verb}`);
      return bound(requester, endpoint)(input, options);
    };
  const group = (noun: string) => {
    const methods: Record<string, BoundMethod> = {};
    return new Proxy(methods, {
      get: (_, verb) => (typeof verb === 'string' ? (methods[verb] ??= methodOf(noun, verb)) : undefined),
    });
  };
  // `then` is no noun: the object is not mistaken for a promise when a promise resolves to it.
  return new Proxy(nouns, {
    get: (_, noun) =>
      typeof noun === 'string' && noun !== 'then'
        ? (nouns.get(noun) ?? nouns.set(noun, group(noun)).get(noun))
        : undefined,
  }) as unknown as ApiMethods;
}
