import { CliError, EXIT } from './cli-error.js';
import { profileName, type Factory, type GlobalOptions } from './factory.js';
import type { Io } from './io.js';
import type { ConfigStore } from './config/store.js';
import type { ApiClient } from '../core/api/client.js';
import type { RequestEvent, ResponseEvent } from '../core/api/options.js';

/**
 * Builds the real dependencies for the process. Heavy modules (conf, undici) are imported on first use.
 *
 * @example
 * const f = createFactory(processIo(), process.env, VERSION);
 */
export function createFactory(io: Io, env: Readonly<Record<string, string | undefined>>, version: string): Factory {
  let config: Promise<ConfigStore> | undefined;
  let client: Promise<ApiClient> | undefined;
  const f: Factory = {
    io,
    env,
    version,
    globals: {} as GlobalOptions,
    config() {
      config ??= Promise.all([import('./config/store.js'), import('./config/paths.js')]).then(([store, paths]) =>
        store.openConfigStore(paths.configDir(env)),
      );
      return config;
    },
    client() {
      client ??= (async () => {
        const store = await f.config();
        const { resolveConnection } = await import('./config/connection.js');
        const connection = resolveConnection(f.globals, env, store.profile(profileName(f)), store.credential(profileName(f)));
        const { createNodeClient } = await import('../core/node.js');
        const verbose = f.globals.verbose === true;
        return createNodeClient({
          baseUrl: connection.baseUrl,
          ...(connection.token ? { token: connection.token } : {}),
          clientType: 'edshed-cli',
          clientVersion: version,
          ...(verbose
            ? {
                onRequest: (e: RequestEvent) =>
                  io.stderr.write(`> ${e.method} ${e.url}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}\n${headerLines(e.headers, '> ')}`),
                onResponse: (e: ResponseEvent) =>
                  io.stderr.write(`< ${e.status ?? `no response: ${e.error ?? 'network error'}`} ${e.method} ${e.url} (${Math.round(e.durationMs)} ms)\n`),
              }
            : {}),
        });
      })().catch((error: unknown) => {
        client = undefined;
        throw error instanceof CliError ? error : new CliError(String(error instanceof Error ? error.message : error), EXIT.usage);
      });
      return client;
    },
    now: () => new Date(),
  };
  return f;
}

/** Request headers for --verbose; the client has already replaced the token with `***`. */
function headerLines(headers: Readonly<Record<string, string>>, prefix: string): string {
  return Object.entries(headers)
    .map(([k, v]) => `${prefix}${k}: ${v}\n`)
    .join('');
}
