import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FetchLike } from '../core/api/types.js';

/**
 * A `fetch` for the CLI over `node:http`, with keep-alive agents whose idle sockets never hold the process
 * open. Node's own fetch costs a one-off command about twice its whole start-up: loading its undici, then
 * waiting on its keep-alive socket before the process may exit (bench/one-off.bench.mjs). Bodies it does
 * not handle itself (streams, form data, blobs) go to the global fetch.
 *
 * @example
 * const client = createClient({ baseUrl, token, fetch: nodeHttpFetch() });
 */
export function nodeHttpFetch(): FetchLike {
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  for (const agent of Object.values(agents)) agent.on('free', (socket: { unref(): void }) => socket.unref());
  return (input, init = {}) => {
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) return globalThis.fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = isPlainRecord(init.headers) ? init.headers : Object.fromEntries(new Headers(init.headers).entries());
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const req = send(url, { method: init.method ?? 'GET', headers, agent: agents[protocol] }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve(toResponse(res, Buffer.concat(chunks))));
      });
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => signal?.removeEventListener('abort', onAbort));
      req.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
      req.end(body ?? undefined);
    });
  };
}

function toResponse(res: IncomingMessage, bytes: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const status = res.statusCode ?? 500;
  return new BufferedResponse(bytes, { status, statusText: res.statusMessage ?? '', headers });
}

/** The core client's headers come as a plain object of names to values: passed on as they are. */
function isPlainRecord(headers: HeadersInit | undefined): headers is Record<string, string> {
  return headers !== undefined && Object.getPrototypeOf(headers) === Object.prototype;
}

/**
 * A Response over a body already read whole. Giving Response the bytes builds a web stream per answer
 * only to read it back (a third of the client's cost per request in a bulk run, bench/bulk-throughput);
 * the readers the API client uses answer from the bytes instead, and `body` makes the stream on demand.
 */
class BufferedResponse extends Response {
  readonly #bytes: Buffer;

  constructor(bytes: Buffer, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#bytes.length === 0 ? null : new Response(new Uint8Array(this.#bytes)).body;
  }

  override async text(): Promise<string> {
    return this.#bytes.toString('utf8');
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.#bytes.toString('utf8')) as unknown;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.#bytes).buffer;
  }

  override async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(this.#bytes)], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): Response {
    return new BufferedResponse(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}
