/**
 * The Node entry of core (`edshed-toolkit/node`): with the modules under core/node/, the only core code
 * that may import Node or undici. The browser uses `createClient` with `globalThis.fetch`.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { ApiClient } from './api/client.js';
import type { ClientOptions } from './api/options.js';
import type { FetchLike } from './api/types.js';
import type { ConnectedApi, ConnectOptions } from './node/connect.js';

export { ConfigFileError } from './node/config-file-error.js';
export type { ConnectedApi, ConnectionInfo, ConnectOptions } from './node/connect.js';

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
  if (!Number.isInteger(connections) || connections < 1)
    throw new RangeError(`connections must be a positive integer, not ${connections}`);
  const keepAliveTimeout = options.keepAliveTimeoutMs ?? 10_000;
  const dispatcher = new Agent({
    connections,
    keepAliveTimeout,
    keepAliveMaxTimeout: Math.max(keepAliveTimeout, 60_000),
  });
  // undici's fetch takes its own Request/RequestInit classes; at runtime it accepts the standard shapes
  // the client builds (a URL string and a plain init), and its Response has the standard interface.
  const fetch = ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(
      input as Parameters<typeof undiciFetch>[0],
      init as Parameters<typeof undiciFetch>[1],
    )) as unknown as FetchLike;
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
  const client = new ApiClient().init({
    ...options,
    ...(transport ? { fetch: transport.fetch, dispatcher: transport.dispatcher } : {}),
  });
  return Object.assign(client, { close: async () => transport?.close() });
}

/**
 * The typed API (`bindEndpoints(createNodeClient(...))`) signed in as the `edshed` CLI is, so a script
 * run after `edshed auth login` needs no token of its own. The API and token are chosen as the CLI
 * chooses them: the options `apiUrl`, `env`, `token`, `profile`; then `EDSHED_API_URL`, `EDSHED_ENV`
 * (`EDSHED_SANDBOX_URL` moves `sandbox`), `EDSHED_TOKEN`, `EDSHED_PROFILE` (else the default profile
 * `edshed profiles use` chose); then the profile's stored URL and token in `EDSHED_CONFIG_DIR` or the
 * user's config directory. A stored token is sent only to
 * the API that issued it. Other options go to `createNodeClient` (retry, logger, connections...).
 *
 * Throws ClientConfigError when no API is named anywhere or a URL or environment name is bad, and its
 * subclass ConfigFileError (with `path`) when config.json or credentials.json cannot be read.
 *
 * @example
 * import { connect } from 'edshed-toolkit/node';
 * const api = await connect(); // after `edshed auth login`
 * const { data } = await api.invoices.list({ state: 'open' });
 * console.log(api.connection.baseUrl, data.total);
 * await api.close();
 * @example
 * const staging = await connect({ env: 'staging', profile: 'staging', retry: { retries: 0 } });
 */
export async function connect(options: ConnectOptions = {}): Promise<ConnectedApi> {
  const [{ findConnection }, { bindEndpoints }] = await Promise.all([
    import('./node/connect.js'),
    import('./endpoints/methods.js'),
  ]);
  const { info, clientOptions } = findConnection(options);
  const client = createNodeClient(clientOptions);
  return Object.assign(bindEndpoints(client), { client, connection: info, close: () => client.close() });
}
