/**
 * Runs the sandbox as a long-lived server for `edshed sandbox start`: listen, print the URL and the
 * seeded accounts, wait for a stop signal, then close the HTTP server first (no request half-answered) and the
 * database last (nothing half-written; WAL checkpointed on close).
 */
import { createServer } from 'node:net';
import { formatFaults, NO_FAULTS, parseFaults } from './faults.js';
import { defaultDatabasePath } from './paths.js';
import { createSandbox } from './server.js';
import { isLoopback } from './loopback.js';
import { oneValue } from '../kit/sql.js';
import type { SeedSize } from '../db/seed/index.js';

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** A file path or `:memory:`; default: the data directory's sandbox.db. */
  readonly db?: string;
  readonly reset: boolean;
  readonly seed: SeedSize;
  readonly faults?: string;
  readonly rateLimit: number;
  readonly logger?: boolean;
  /** Origins answered under CORS besides the site's dev and preview origins. */
  readonly corsOrigins?: readonly string[];
  /** The toolkit's version, shown in `openapi.json`. */
  readonly version?: string;
}

export interface ServeOutput {
  write(text: string): unknown;
}

/**
 * Starts the sandbox and serves until `stop` settles; resolves once everything is closed.
 *
 * @example
 * await serve({ port: 8787, host: '127.0.0.1', reset: false, seed: 'demo', rateLimit: 600 }, process.stderr, signalled());
 */
export async function serve(options: ServeOptions, out: ServeOutput, stop: Promise<string>): Promise<void> {
  const faults = options.faults === undefined ? undefined : parseFaults(options.faults);
  const database = options.db ?? defaultDatabasePath();
  if (!isLoopback(options.host)) {
    out.write(
      `Warning: listening on ${options.host} makes the sandbox and its well-known passwords reachable from other machines\n`,
    );
  }
  // Claim the port before touching the database, so a busy port never costs a --reset its data.
  await ensurePortFree(options.port, options.host);
  const sandbox = createSandbox({
    db: database,
    reset: options.reset,
    seed: options.seed,
    rateLimit: options.rateLimit,
    logger: options.logger ?? false,
    corsOrigins: options.corsOrigins ?? [],
    ...(options.version === undefined ? {} : { version: options.version }),
    ...(faults ? { faults } : {}),
  });
  let url: string;
  try {
    url = await sandbox.listen({ port: options.port, host: options.host });
  } catch (error) {
    await sandbox.close();
    throw portError(error, options.port, options.host);
  }
  const state = sandbox.seeded ? `new, ${options.seed} seed` : 'existing data kept; --reset rebuilds it';
  // Only the seeded accounts this database has: a copy of production (sandbox import) holds the superuser alone.
  const accounts = sandbox.accounts.filter(
    (a) =>
      oneValue(sandbox.db, 'SELECT 1 FROM users WHERE username = ? AND deleted_at IS NULL', a.username) !== undefined,
  );
  const width = Math.max(...accounts.map((a) => a.username.length));
  out.write(
    [
      `EdShed sandbox listening at ${url}`,
      `Database: ${database} (${state})`,
      `Faults: ${formatFaults(faults ?? NO_FAULTS)}; rate limit ${options.rateLimit} requests a minute per token`,
      'Accounts (password "sandbox"):',
      ...accounts.map((a) => `  ${a.username.padEnd(width)}  ${a.role}`),
      'Sign in with the CLI:',
      `  printf sandbox | edshed auth login --api-url ${url} -u superuser --password-stdin`,
      `API reference: ${url}docs (OpenAPI document: ${url}openapi.json)`,
      'Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
  const signal = await stop;
  out.write(`Received ${signal}; stopping the sandbox\n`);
  await sandbox.close();
  out.write('Sandbox stopped; database closed\n');
}

function portError(error: unknown, port: number, host: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new Error(
      `Port ${port} on ${host} is in use: stop what is using it, or pick another with --port (0 picks a free one)`,
    );
  if (code === 'EACCES')
    return new Error(`Not allowed to listen on port ${port} on ${host}: pick a port above 1023 with --port`);
  if (code === 'EADDRNOTAVAIL') return new Error(`${host} is not an address of this machine: pick another with --host`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new Error(`${host} is no host name this machine can look up: give an address of this machine with --host`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Listens on the port for a moment and lets go: refuses early, with a clear message, when it is taken. */
async function ensurePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(portError(error, port, host)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
