import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FetchLike } from '../core/api/types.js';
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
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  for (const agent of Object.values(agents)) agent.on('free', (socket: { unref(): void }) => socket.unref());
  return (input, init = {}) => {
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) return globalThis.fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = Object.fromEntries(new NodeHeaders(init.headers));
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const req = send(url, { method: init.method ?? 'GET', headers, agent: agents[protocol] }, (res) => {
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

function toResponse(res: IncomingMessage, bytes: Buffer, url: string): Response {
  const status = res.statusCode ?? 500;
  const empty = status === 204 || status === 304 || bytes.length === 0;
  const init = { status, statusText: res.statusMessage ?? '', headers: new NodeHeaders(res.headers), url };
  return new NodeResponse(empty ? null : new Uint8Array(bytes), init);
}
