import type { Agent, IncomingMessage, request } from 'node:http';
import type { FetchLike } from '../../core/api/types.js';
import { NodeHeaders, NodeResponse } from './http-response.js';

/**
 * A `fetch` for the CLI over `node:http`, with keep-alive agents whose idle sockets never hold the process
 * open. Node's own fetch costs a one-off command about twice its whole start-up: loading its undici, then
 * waiting on its keep-alive socket before the process may exit (bench/one-off.bench.mjs). It answers a
 * NodeResponse, since Node's own Response and Headers load that same undici. Bodies it does not handle
 * itself (streams, form data, blobs) go to the global fetch.
 *
 * @example
 * const client = createClient({ baseUrl, token, fetch: nodeHttpFetch() });
 */
export function nodeHttpFetch(): FetchLike {
  const transports: { 'http:'?: Promise<Transport>; 'https:'?: Promise<Transport> } = {};
  return async (input, init = {}) => {
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))
      return globalThis.fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const { agent, send } = await (transports[protocol] ??= openTransport(protocol));
    const headers = plainRecord(init.headers) ?? Object.fromEntries(new NodeHeaders(init.headers));
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const req = send(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve(toResponse(res, Buffer.concat(chunks), url.href)));
      });
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => signal?.removeEventListener('abort', onAbort));
      req.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
      req.end(body ?? undefined);
    });
  };
}

/**
 * Headers given as a plain record of strings, as the API client builds them (checked and normalised by
 * core/api/header-fields.ts), taken as they are: node:http refuses a name that is not a token and a value
 * with CR, LF or a character past a byte itself, so a bulk run does not check every request's headers
 * twice. Undefined for any other form, which goes through NodeHeaders.
 */
function plainRecord(init: HeadersInit | undefined): Record<string, string> | undefined {
  if (init === undefined || init === null || typeof init !== 'object' || Array.isArray(init)) return undefined;
  const proto: unknown = Object.getPrototypeOf(init);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const record = init as Record<string, unknown>;
  for (const key in record) if (typeof record[key] !== 'string') return undefined;
  return record as Record<string, string>;
}

interface Transport {
  readonly agent: Agent;
  readonly send: typeof request;
}

/**
 * A keep-alive agent whose idle sockets never hold the process open; node:https (and TLS) loads only for an
 * https URL. Taken with `process.getBuiltinModule`, not `import()`: from Node 22 an ES import of node:http
 * builds its namespace from every export, getters included, and one of them loads Node's bundled undici
 * (about 25 ms; tests/e2e/one-off-modules.test.ts).
 */
async function openTransport(protocol: 'http:' | 'https:'): Promise<Transport> {
  const { Agent: KeepAlive, request: send } =
    protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const agent = new KeepAlive({ keepAlive: true });
  agent.on('free', (socket: { unref(): void }) => socket.unref());
  return { agent, send };
}

function toResponse(res: IncomingMessage, bytes: Buffer, url: string): Response {
  const status = res.statusCode ?? 500;
  const empty = status === 204 || status === 304 || bytes.length === 0;
  const init = { status, statusText: res.statusMessage ?? '', headers: new NodeHeaders(res.headers), url };
  return new NodeResponse(empty ? null : new Uint8Array(bytes), init);
}
