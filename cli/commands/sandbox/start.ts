import { Option, type Command } from 'commander';
import { offerValues } from '../../completion/values.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';
import { FAULTS_HELP } from '../../../sandbox/server/faults.js';
import { driverRefusal } from '../../../sandbox/db/driver-support.js';

interface StartOptions {
  readonly port: string;
  readonly host: string;
  readonly db?: string;
  readonly reset?: boolean;
  readonly seed: string;
  readonly faults?: string;
  readonly rateLimit: string;
  readonly log?: boolean;
  readonly corsOrigin: string[];
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got "${value}"`, EXIT.usage);
  return n;
}

/** Resolves with the signal's name on the first SIGINT or SIGTERM. */
function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** The start options checked: numbers parsed, the seed one of the two. */
export interface SandboxStartOptions extends Omit<StartOptions, 'port' | 'rateLimit' | 'seed'> {
  readonly port: number;
  readonly rateLimit: number;
  readonly seed: 'demo' | 'large';
}

/**
 * Starts the sandbox server and resolves once a SIGINT or SIGTERM has stopped it; a bad origin or
 * fault spec is exit 2 before anything opens, a Node the SQLite driver cannot run on exit 1.
 *
 * @example
 * await runSandboxStart(f, { port: 0, host: '127.0.0.1', seed: 'demo', rateLimit: 600, corsOrigin: [] });
 */
export async function runSandboxStart(f: Factory, options: SandboxStartOptions): Promise<void> {
  const { port, rateLimit } = options;
  // A Node the SQLite driver crashes on ends the process with no message once a database opens: say so first.
  const refusal = driverRefusal();
  if (refusal !== undefined) throw new CliError(refusal, EXIT.requestFailed);
  const [{ serve }, { parseFaults }, { FaultSpecError }, { normaliseOrigin }, { notSandboxFileProblem }] =
    await Promise.all([
      import('../../../sandbox/server/serve.js'),
      import('../../../sandbox/server/faults.js'),
      import('../../../sandbox/server/fault-spec-error.js'),
      import('../../../sandbox/server/cors.js'),
      import('../../../sandbox/db/database.js'),
    ]);
  if (options.db !== undefined && options.db !== ':memory:') {
    const problem = options.db === '' ? 'give a file, or :memory:' : notSandboxFileProblem(options.db);
    if (problem !== undefined) throw new CliError(`--db ${options.db}: ${problem}; nothing was started`, EXIT.usage);
  }
  const corsOrigins = options.corsOrigin.map((origin) => {
    const normal = normaliseOrigin(origin);
    if (normal === null)
      throw new CliError(
        `--cors-origin must be an origin (scheme, host and port, as in http://localhost:3000), got "${origin}"`,
        EXIT.usage,
      );
    return normal;
  });
  if (options.faults !== undefined) {
    try {
      parseFaults(options.faults);
    } catch (error) {
      if (error instanceof FaultSpecError) throw new CliError(`--faults: ${error.message}`, EXIT.usage);
      throw error;
    }
  }
  await serve(
    {
      port,
      host: options.host,
      reset: options.reset ?? false,
      seed: options.seed,
      rateLimit,
      logger: options.log ?? false,
      corsOrigins,
      version: f.version,
      ...(options.db === undefined ? {} : { db: options.db }),
      ...(options.faults === undefined ? {} : { faults: options.faults }),
    },
    f.io.stderr,
    stopSignal(),
  );
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Start the local sandbox API server (runs until Ctrl-C or SIGTERM)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '8787')
    .option('--host <host>', 'address to bind; anything but loopback prints a warning', '127.0.0.1')
    .option('--db <path>', 'database file, or :memory: (default: sandbox.db in the data directory)')
    .option('--reset', 'delete the database and build and seed it afresh')
    .addOption(
      offerValues(new Option('--seed <size>', 'seed for a new or reset database: demo or large').default('demo'), [
        'demo',
        'large',
      ]),
    )
    .option('--faults <spec>', 'inject faults (see below)')
    .option('--rate-limit <n>', 'requests per minute per token', '600')
    .option('--log', 'log each request to stderr')
    .option(
      '--cors-origin <origin>',
      "also answer web pages from this origin under CORS, as http://host:port (repeatable; the site's dev and preview origins always are)",
      collect,
      [],
    )
    .addHelpText(
      'after',
      `\nFault spec: ${FAULTS_HELP}.\nSwitch faults while running: PUT __sandbox/faults {"faults":"500=0.1"}; read write counts: GET __sandbox/writes.\nOn a port other than 8787, EDSHED_SANDBOX_URL=http://127.0.0.1:PORT points --env sandbox at it.\n\nExamples:\n  edshed sandbox start\n  edshed sandbox start --db :memory: --port 0\n  edshed sandbox start --reset --seed large\n  edshed sandbox start --cors-origin http://localhost:3000\n  edshed sandbox start --faults 500=0.1,429=0.05,latency=50-200,drop-after=0.02`,
    );
  cmd.action(async (opts: StartOptions) => {
    if (opts.seed !== 'demo' && opts.seed !== 'large')
      throw new CliError(`--seed must be demo or large, got "${opts.seed}"`, EXIT.usage);
    // An empty host would bind every address of the machine, with the well-known passwords.
    if (opts.host.trim() === '')
      throw new CliError('--host: give an address to bind (127.0.0.1 unless given), not an empty one', EXIT.usage);
    const port = wholeNumber('--port', opts.port, 0, 65_535);
    const rateLimit = wholeNumber('--rate-limit', opts.rateLimit, 1, 1_000_000);
    await runSandboxStart(f, { ...opts, seed: opts.seed, port, rateLimit });
  });
};

export default define;
