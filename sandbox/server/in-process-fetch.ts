import type { InjectOptions, Response as InjectResponse } from 'light-my-request';
import type { FetchLike } from '../../core/api/types.js';
import { IN_PROCESS_HOST } from './host-check.js';

const BASE = `http://${IN_PROCESS_HOST}/`;

/**
 * A `fetch` answered by the server in-process (`inject` drives its request listener with no socket), for
 * tests and scripts that need no socket. A dropped connection rejects like undici's fetch does:
 * TypeError('fetch failed').
 *
 * @example
 * const fetch = inProcessFetch(sandbox.inject);
 * const res = await fetch('http://sandbox.invalid/users/me', { headers: { 'x-token': token } });
 */
export function inProcessFetch(inject: (options: InjectOptions) => Promise<InjectResponse>): FetchLike {
  return async (input, init) => {
    const request = new Request(
      typeof input === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(input) ? new URL(input, BASE) : input,
      init,
    );
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    // In-process calls come from code on this machine, never from a page: the reserved name passes the Host check.
    const headers: Record<string, string> = { host: IN_PROCESS_HOST };
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    let response;
    try {
      response = await inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        ...(payload ? { payload } : {}),
        ...(init?.signal ? { signal: init.signal } : {}),
      });
    } catch (error) {
      throw new TypeError('fetch failed', { cause: error });
    }
    const out = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: out,
    });
  };
}
