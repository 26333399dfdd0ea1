/**
 * The Node entry of core: the only core module that may import Node or undici. The browser uses
 * `createClient` with `globalThis.fetch`.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { ApiClient } from './api/client.js';
import type { ClientOptions } from './api/options.js';
import type { FetchLike } from './api/types.js';

export interface NodeTransportOptions {
  /** Most sockets open per origin at once; further requests queue. Default 16. */
  readonly connections?: number;
  /** How long an idle socket is kept for reuse. Default 10 s. */
  readonly keepAliveTimeoutMs?: number;
}

export interface NodeTransport {
  readonly fetch: FetchLike;
  /** The undici Agent, passed to fetch as `dispatcher`. */
  readonly dispatcher: Agent;
  /** Closes the pooled sockets (waits for requests in flight). */
  close(): Promise<void>;
}

/**
 * A keep-alive undici Agent with a bounded pool, and undici's fetch to use it.
 *
 * @example
 * const transport = createNodeTransport({ connections: 8 });
 * const client = createClient({ environment: 'sandbox', ...transport });
 * // ... later
 * await transport.close();
 */
export function createNodeTransport(options: NodeTransportOptions = {}): NodeTransport {
  const connections = options.connections ?? 16;
  if (!Number.isInteger(connections) || connections < 1) throw new RangeError(`connections must be a positive integer, not ${connections}`);
  const keepAliveTimeout = options.keepAliveTimeoutMs ?? 10_000;
  const dispatcher = new Agent({ connections, keepAliveTimeout, keepAliveMaxTimeout: Math.max(keepAliveTimeout, 60_000) });
  // undici's fetch takes its own Request/RequestInit classes; at runtime it accepts the standard shapes
  // the client builds (a URL string and a plain init), and its Response has the standard interface.
  const fetch = ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], init as Parameters<typeof undiciFetch>[1])) as unknown as FetchLike;
  return { fetch, dispatcher, close: () => dispatcher.close() };
}

/** An ApiClient on the Node transport, with `close()` for the transport. */
export type NodeApiClient = ApiClient & { close(): Promise<void> };

/**
 * An initialised client on a keep-alive undici transport (unless `fetch` is given in the options).
 *
 * @example
 * const client = createNodeClient({ environment: 'sandbox', token });
 * try { await client.request({ method: 'GET', path: 'users/me' }); } finally { await client.close(); }
 */
export function createNodeClient(options: ClientOptions & NodeTransportOptions): NodeApiClient {
  const transport = options.fetch === undefined ? createNodeTransport(options) : undefined;
  const client = new ApiClient().init({ ...options, ...(transport ? { fetch: transport.fetch, dispatcher: transport.dispatcher } : {}) });
  return Object.assign(client, { close: async () => transport?.close() });
}
