/**
 * The only way the import talks to production: a reader that can send GET and nothing else. The refusal
 * is in the transport itself (the fetch the client is built on), so no code path of the import, present or
 * future, can write to the API it copies.
 */
import type { ApiClient } from '../../core/api/client.js';
import type { FetchLike } from '../../core/api/types.js';

/** A write was attempted through the import's reader: a bug, stopped before anything was sent. */
export class WriteRefusedError extends Error {
  constructor(method: string, url: string) {
    super(`sandbox import reads only: refused to send ${method} ${url}`);
    this.name = 'WriteRefusedError';
  }
}

/** `fetch` wrapped so that anything but GET throws before it is sent. */
export function getOnlyFetch(fetch: FetchLike): FetchLike {
  return (input, init) => {
    const method = (
      init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
    ).toUpperCase();
    if (method !== 'GET')
      return Promise.reject(
        new WriteRefusedError(
          method,
          String(input instanceof URL ? input.href : typeof input === 'string' ? input : input.url),
        ),
      );
    return fetch(input, init);
  };
}

/** What the import reads through: one GET, and how many requests it has sent. */
export interface Source {
  get(path: string, query?: Readonly<Record<string, string | number | boolean>>): Promise<unknown>;
  readonly requests: number;
}

/**
 * A source over a client built on `getOnlyFetch`; `onRequest` hears of each request sent (progress).
 *
 * @example
 * const source = getOnlySource(createClient({ baseUrl, token, fetch: getOnlyFetch(nodeHttpFetch()) }));
 */
export function getOnlySource(client: ApiClient, onRequest: () => void = () => undefined): Source {
  let requests = 0;
  return {
    async get(path, query) {
      requests += 1;
      onRequest();
      const { data } = await client.request({ method: 'GET', path, ...(query === undefined ? {} : { query }) });
      return data;
    },
    get requests() {
      return requests;
    },
  };
}
