import { Option, type Command } from 'commander';
import type { Endpoint } from '../../core/endpoints/define.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import { recordFormat } from './record-format.js';
import { sameFile } from '../write/same-file.js';

/** The options of a bulk run, checked. */
export interface BulkFlags {
  readonly skipInvalid: boolean;
  readonly rejects?: string | undefined;
  readonly results?: string | undefined;
  readonly concurrency: number;
  readonly rate?: number | undefined;
  /** With --dry-run: save the plan here for `edshed bulk apply`. */
  readonly plan?: string | undefined;
}

const BULK_FLAGS = ['from', 'skip-invalid', 'rejects', 'results', 'concurrency', 'rate', 'plan'] as const;
export const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 64;

/**
 * Whether a command takes `--from`: every write, unless a payload key of the endpoint already uses one of
 * the bulk flags.
 *
 * @example
 * offersBulk(endpointOf('invoices mark-paid'), new Set(['method', 'date'])) // true
 */
export function offersBulk(endpoint: Endpoint, taken: ReadonlySet<string>): boolean {
  return endpoint.method !== 'GET' && !BULK_FLAGS.some((flag) => taken.has(flag));
}

/**
 * Adds `--from` and the options of a bulk run to a write command, generated (see `offersBulk`) or
 * curated; `yes` adds `--yes` for a command that has none yet (a production run asks first); `plan: false`
 * (a curated command without targets) hides `--plan`, which its run refuses.
 *
 * @example
 * if (offersBulk(endpoint, taken)) addBulkOptions(cmd, { yes: !endpoint.destructive && !taken.has('yes') });
 */
export function addBulkOptions(
  cmd: Command,
  options: { readonly yes: boolean; readonly columns?: string; readonly plan?: boolean },
): Command {
  cmd
    .option(
      '--from <file>',
      `run once per row of a CSV or NDJSON file (- for standard input); columns are ${options.columns ?? 'the arguments and payload keys'}, flags given here are defaults for every row`,
    )
    .option(
      '--skip-invalid',
      'with --from: set bad rows aside and run the rest (default: any bad row stops the run before anything is sent)',
    )
    .option('--rejects <file>', 'with --skip-invalid: write the bad rows here, with the reason (.csv or .ndjson)')
    .option(
      '--results <file>',
      "with --from: write each item's status, HTTP status, message and request id here (.csv or .ndjson)",
    )
    .option('--concurrency <n>', `with --from: requests in flight at most (default ${DEFAULT_CONCURRENCY})`)
    .option('--rate <n>', 'with --from: requests per second at most');
  // A curated command whose rows have no target (pupils, snapshots) has nothing for a plan to check: --plan stays off its help and is refused with a reason.
  const plan = new Option(
    '--plan <file>',
    'with --from and --dry-run: save the plan (JSON) for edshed bulk apply FILE',
  );
  cmd.addOption(options.plan === false ? plan.hideHelp() : plan);
  if (options.yes) cmd.option('-y, --yes', 'with --from: do not ask before a production run (needed off a terminal)');
  return cmd;
}

function number(flag: string, raw: unknown, check: (n: number) => boolean, expected: string): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (String(raw).trim() === '' || !check(n))
    throw new CliError(`${flag}: expected ${expected}, got "${String(raw)}"`, EXIT.usage);
  return n;
}

/**
 * Reads and checks the bulk options (exit 2 on a bad one); undefined without --from, where giving one of
 * them is a usage error.
 *
 * @example
 * bulkFlags({ from: 'payments.csv', concurrency: '8' }) // { from: 'payments.csv', skipInvalid: false, concurrency: 8, ... }
 */
export function bulkFlags(
  opts: Readonly<Record<string, unknown>>,
): (BulkFlags & { readonly from: string }) | undefined {
  const from = opts.from as string | undefined;
  const given = ['skipInvalid', 'rejects', 'results', 'concurrency', 'rate', 'plan'].filter(
    (key) => opts[key] !== undefined,
  );
  if (from === undefined) {
    const first = given[0];
    if (first !== undefined)
      throw new CliError(
        `--${first.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} works with --from FILE only`,
        EXIT.usage,
      );
    return undefined;
  }
  if (from.trim() === '') throw new CliError('--from: give a file, or - for standard input', EXIT.usage);
  const rejects = opts.rejects as string | undefined;
  const results = opts.results as string | undefined;
  const plan = opts.plan as string | undefined;
  if (plan !== undefined && opts.dryRun !== true)
    throw new CliError(
      '--plan works with --dry-run (it saves the plan instead of running it; run it with edshed bulk apply FILE)',
      EXIT.usage,
    );
  if (plan !== undefined && (plan.trim() === '' || sameFile(plan, from)))
    throw new CliError(`--plan: name a file other than the input file`, EXIT.usage);
  if (rejects !== undefined && opts.skipInvalid !== true)
    throw new CliError('--rejects works with --skip-invalid (without it, any bad row stops the run)', EXIT.usage);
  for (const [flag, path] of [
    ['--rejects', rejects],
    ['--results', results],
  ] as const) {
    if (path === undefined) continue;
    recordFormat(flag, path);
    if (sameFile(path, from)) throw new CliError(`${flag} ${path}: that is the input file; name another`, EXIT.usage);
  }
  if (rejects !== undefined && results !== undefined && sameFile(rejects, results))
    throw new CliError('--rejects and --results name the same file; name two', EXIT.usage);
  const concurrency =
    number(
      '--concurrency',
      opts.concurrency,
      (n) => Number.isInteger(n) && n >= 1 && n <= MAX_CONCURRENCY,
      `a whole number from 1 to ${MAX_CONCURRENCY}`,
    ) ?? DEFAULT_CONCURRENCY;
  const rate = number(
    '--rate',
    opts.rate,
    (n) => Number.isFinite(n) && n > 0 && n <= 10_000,
    'requests per second, more than 0',
  );
  return { from, skipInvalid: opts.skipInvalid === true, rejects, results, concurrency, rate, plan };
}
