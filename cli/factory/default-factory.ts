import { CliError, EXIT } from '../errors/cli-error.js';
import { profileName, type Env, type Factory, type GlobalOptions } from './factory.js';
import type { Io } from './io.js';
import type { ConfigStore } from '../config/store.js';
import type { Connection } from '../config/connection.js';
import type { ApiClient } from '../../core/api/client.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { RequestEvent, ResponseEvent } from '../../core/api/options.js';
import type { Prompter } from '../prompt/prompter.js';
import type { AuditWriter } from '../audit/writer.js';
import { createColors, wantsColor } from '../output/colors.js';
import { methodNounEntries } from '../table/table-nouns.js';

/**
 * Builds the real dependencies for the process. Heavy modules (zod, the HTTP client, the endpoint schemas) are imported on first use.
 *
 * @example
 * const f = createFactory(processIo(), process.env, VERSION, terminalPrompter(() => process.stdin, () => process.stderr));
 */
export function createFactory(
  io: Io,
  env: Env,
  version: string,
  prompter: Prompter,
  globals: GlobalOptions = {},
): Factory {
  const shared: { config?: Promise<ConfigStore> } = {};
  return build(io, env, version, prompter, Object.freeze({ ...globals }), shared);
}

function build(
  io: Io,
  env: Env,
  version: string,
  prompter: Prompter,
  globals: Readonly<GlobalOptions>,
  shared: { config?: Promise<ConfigStore> },
): Factory {
  let connection: Promise<Connection> | undefined;
  let client: Promise<ApiClient> | undefined;
  let api: Promise<ApiMethods> | undefined;
  let audit: Promise<AuditWriter> | undefined;
  const asUsage = (error: unknown): never => {
    throw error instanceof CliError
      ? error
      : new CliError(String(error instanceof Error ? error.message : error), EXIT.usage);
  };
  const f: Factory = {
    io,
    env,
    version,
    globals,
    prompter,
    colors: createColors(wantsColor({ isTTY: io.stdoutIsTTY, env, flag: globals.color })),
    withGlobals: (next) => build(io, env, version, prompter, Object.freeze({ ...next }), shared),
    withIo: (next) => build(next, env, version, prompter, globals, shared),
    config() {
      shared.config ??= Promise.all([import('../config/store.js'), import('../config/paths.js')])
        .then(([store, paths]) => store.openConfigStore(paths.configDir(env)))
        .catch((error: unknown) => {
          shared.config = undefined;
          return asUsage(error);
        });
      return shared.config;
    },
    connection() {
      connection ??= (async () => {
        const store = await f.config();
        const name = profileName(f, store.defaultProfile());
        // A profile asked for by name must exist (`default` always may not yet): a typo would otherwise
        // read as "no API" or a request without the token meant.
        const asked = globals.profile || env.EDSHED_PROFILE;
        if (asked && asked !== 'default' && !globals.creatingProfile && !store.profileNames().includes(asked)) {
          const { unknownProfile } = await import('../config/store.js');
          throw unknownProfile(asked, store.profileNames());
        }
        const credential = store.credential(name);
        const { resolveConnection } = await import('../config/connection.js');
        const resolved = resolveConnection(globals, env, store.profile(name), credential);
        const stored = resolved.token !== undefined && resolved.token === credential?.token;
        return {
          ...resolved,
          profile: name,
          username: stored ? credential?.username : undefined,
          caller: stored ? credential?.caller : undefined,
        };
      })().catch((error: unknown) => {
        connection = undefined;
        return asUsage(error);
      });
      return connection;
    },
    client() {
      client ??= (async () => {
        const resolved = await f.connection();
        // node:http, not the undici package or Node's fetch: for a one-off command either costs more than
        // its whole request (see cli/http/http-fetch.ts, bench/one-off.bench.mjs).
        const [{ createClient }, { nodeHttpFetch }, { requestTimeoutMs }, { redactUrl }] = await Promise.all([
          import('../../core/api/client.js'),
          import('../http/http-fetch.js'),
          import('../http/timeout.js'),
          import('../../core/api/redact.js'),
        ]);
        const timeoutMs = requestTimeoutMs(globals, env);
        return createClient({
          fetch: nodeHttpFetch(),
          // One budget for every attempt and every wait between them: a silent server costs the command
          // --timeout, not --timeout once per retry.
          timeoutMs,
          totalTimeoutMs: timeoutMs,
          totalTimeoutScope: globals.timeoutPerRequest === true ? 'request' : 'client',
          baseUrl: resolved.baseUrl,
          ...(resolved.token ? { token: resolved.token } : {}),
          clientType: 'edshed-cli',
          clientVersion: version,
          ...(globals.verbose === true
            ? {
                onRequest: (e: RequestEvent) =>
                  io.stderr.write(
                    `> ${e.method} ${redactUrl(e.url)}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}\n${headerLines(e.headers, '> ')}`,
                  ),
                onResponse: (e: ResponseEvent) =>
                  io.stderr.write(
                    `< ${e.status ?? `no response: ${e.error ?? 'network error'}`} ${e.method} ${redactUrl(e.url)} (${Math.round(e.durationMs)} ms)\n`,
                  ),
              }
            : {}),
        });
      })().catch((error: unknown) => {
        client = undefined;
        return asUsage(error);
      });
      return client;
    },
    api() {
      // The table's entries as data, not its code (cli/table/table-nouns.ts), and of the nouns called only: a
      // one-off command's start-up, measured (bench/one-off.bench.mjs).
      api ??= Promise.all([f.client(), import('../../core/endpoints/bind-table.js')]).then(([c, bind]) =>
        bind.bindByNoun(c, methodNounEntries),
      );
      return api;
    },
    audit() {
      audit ??= (async () => {
        const [resolved, paths, writer] = await Promise.all([
          f.connection(),
          import('../config/paths.js'),
          import('../audit/writer.js'),
        ]);
        return writer.openAuditWriter(paths.stateDir(env), {
          profile: resolved.profile ?? profileName(f),
          environment: resolved.environment ?? 'custom',
          api: resolved.baseUrl,
          user: resolved.username ?? null,
          now: () => f.now(),
        });
      })();
      return audit;
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
