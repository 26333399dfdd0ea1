/**
 * What `connect()` (core/node.ts) reads: the CLI's profile files, and the CLI's own rules for choosing
 * the URL and token (core/api/connection.ts). Loaded on the first `connect()`, so a script that only
 * calls `createNodeClient` never loads them.
 */
import type { ClientOptions } from '../api/options.js';
import { chooseProfile, resolveConnection, type EnvironmentVariables } from '../api/connection.js';
import { ENVIRONMENT_NAMES } from '../api/environments.js';
import type { ApiMethods } from '../endpoints/methods.js';
import type { NodeApiClient, NodeTransportOptions } from '../node.js';
import { openConfigStore } from './config-store.js';
import { configDir } from './paths.js';

export interface ConnectOptions extends Omit<ClientOptions, 'baseUrl' | 'environment' | 'token'>, NodeTransportOptions {
  /** The API base URL; beats every other way of naming the API (as `--api-url`). */
  readonly apiUrl?: string;
  /** A named environment: production, preview, staging, dev, sandbox (as `--env`). */
  readonly env?: string;
  /** The session token (as `--token`); else `EDSHED_TOKEN`, else the profile's stored token. */
  readonly token?: string;
  /** The CLI profile (as `--profile`); else `EDSHED_PROFILE`, else the default `edshed profiles use` set, else `default`. */
  readonly profile?: string;
  /** Where config.json and credentials.json are; else `EDSHED_CONFIG_DIR`, else the user's config directory. */
  readonly configDir?: string;
  /** The environment variables to read; default `process.env`. */
  readonly processEnv?: EnvironmentVariables;
}

/** Where `connect()` is pointed. Never the token. */
export interface ConnectionInfo {
  readonly baseUrl: string;
  /** What named the API: `apiUrl`, `env`, `EDSHED_API_URL`, `EDSHED_ENV`, `profile` or `credentials`. */
  readonly source: string;
  /** The named environment whose URL this is (`production`), if any. */
  readonly environment: string | undefined;
  readonly profile: string;
  /** Whether a token will be sent. */
  readonly signedIn: boolean;
}

/** The bound API, with the client underneath and a way to close its sockets. */
export type ConnectedApi = ApiMethods & {
  /** The client, for raw calls (`client.request({ method, path })`) and `setToken`. */
  readonly client: NodeApiClient;
  readonly connection: ConnectionInfo;
  /** Closes the pooled sockets (waits for requests in flight). */
  close(): Promise<void>;
};

// The three extra keys must never shadow an endpoint group.
type Clash = Extract<keyof ApiMethods, 'client' | 'connection' | 'close'>;
const noClash: [Clash] extends [never] ? true : never = true;
void noClash;

/** What `connect()` needs to build its client. */
export interface FoundConnection {
  readonly info: ConnectionInfo;
  readonly clientOptions: ClientOptions & NodeTransportOptions;
}

/**
 * Reads the CLI's profile files and chooses the API and token for `connect()` (see there for the
 * order). Throws ClientConfigError, or ConfigFileError for a file that cannot be read.
 *
 * @example
 * const { info, clientOptions } = findConnection({ profile: 'staging' });
 * const client = createNodeClient(clientOptions);
 */
export function findConnection(options: ConnectOptions): FoundConnection {
  const { apiUrl, env: environment, token, profile: requested, configDir: dir, processEnv, ...rest } = options;
  const env = processEnv ?? process.env;
  const store = openConfigStore(dir || configDir(env));
  const profile = chooseProfile(requested, env, store.defaultProfile());
  const request = {
    ...(apiUrl ? { apiUrl } : {}),
    ...(environment ? { env: environment } : {}),
    ...(token ? { token } : {}),
  };
  const connection = resolveConnection(request, env, store.profile(profile), store.credential(profile), {
    apiUrl: 'apiUrl',
    env: 'env',
    missing:
      `No API to talk to: pass { apiUrl } or { env } (${ENVIRONMENT_NAMES.join(', ')}), set EDSHED_API_URL or EDSHED_ENV, ` +
      `or sign in with \`edshed auth login --api-url URL\` (profile "${profile}" has no API in ${store.paths.credentials})`,
  });
  return {
    info: {
      baseUrl: connection.baseUrl,
      source: connection.source,
      environment: connection.environment,
      profile,
      signedIn: connection.token !== undefined,
    },
    clientOptions: { ...rest, baseUrl: connection.baseUrl, ...(connection.token ? { token: connection.token } : {}) },
  };
}
