import { Option, type Command } from 'commander';
import { offerValues } from '../completion/values.js';
import { FORMATS } from '../output/formats.js';
import { ENVIRONMENT_NAMES } from '../../core/api/environments.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory, GlobalOptions } from '../factory/factory.js';
import { TIMEOUT_MEANING } from '../http/timeout.js';

/** The help of `--timeout`, on the program and on every command that calls the API. */
export const TIMEOUT_HELP = `${TIMEOUT_MEANING} (env EDSHED_TIMEOUT)`;

/** The help of `--no-color`, on the program and on every command. */
export const COLOR_HELP =
  'no colours (also NO_COLOR, TERM=dumb, or when output is not a terminal; see edshed help environment)';

/**
 * The short options the program and its commands give (`-q, --quiet`, `-h, --help`, `-y, --yes`): a payload
 * key of one of these letters would become `--q` beside `-q`, one keystroke from quiet.
 */
export const SHORT_OPTIONS: Readonly<Record<string, string>> = { q: 'quiet', h: 'help', y: 'yes' };

/** What a one-letter payload key means, spelled out for its flag where the letter is a short option. */
const SPELLED_OUT: Readonly<Record<string, string>> = { q: 'query' };

/**
 * The flag a payload key becomes: `po_number` -> `po-number`, `pupilIds` -> `pupil-ids`. A key whose flag
 * would be a short option's letter is spelled out (`q` -> `query`, any other `x` -> `x-value`), so
 * `edshed users list --query smith` and `-q` (quiet) never sit side by side.
 *
 * @example
 * flagOf('po_number') // 'po-number'
 * flagOf('q') // 'query'
 */
export function flagOf(key: string): string {
  const flag = key
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  if (SHORT_OPTIONS[flag] === undefined) return flag;
  return SPELLED_OUT[flag] ?? `${flag}-value`;
}

/** The attribute commander stores a flag under (`po-number` -> `poNumber`). */
export function attributeOf(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const OUTPUT_FLAGS = ['json', 'format', 'fields', 'quiet', 'color'] as const;
const CONNECTION_FLAGS = ['api-url', 'env', 'token', 'profile', 'verbose', 'timeout'] as const;

/**
 * Adds the output and connection options every leaf command accepts after its name, except those a
 * payload key of the endpoint already uses (the payload wins; the global form before the noun still works).
 */
export function addCommonOptions(
  cmd: Command,
  taken: ReadonlySet<string> = new Set(),
  options: { readonly connection?: boolean } = {},
): Command {
  const connection = new Set<string>(CONNECTION_FLAGS);
  const add = (flag: string, define: () => void) => {
    // Commands that never call the API (`prices tier`) take only the output options.
    if (!taken.has(flag) && (options.connection !== false || !connection.has(flag))) define();
  };
  add('json', () => cmd.addOption(new Option('--json', 'print the response as JSON').conflicts('format')));
  add('format', () => cmd.addOption(formatOption()));
  add('fields', () =>
    cmd.addOption(
      new Option(
        '--fields <list>',
        'only these fields, comma-separated, or all (a table shows the default columns; see edshed help output)',
      ),
    ),
  );
  add('quiet', () =>
    cmd.addOption(new Option('-q, --quiet', 'print data only: no notes on stderr').conflicts('verbose')),
  );
  add('color', () => cmd.option('--no-color', COLOR_HELP));
  add('api-url', () => cmd.option('--api-url <url>', 'API base URL (env EDSHED_API_URL)'));
  add('env', () => cmd.addOption(envOption()));
  add('token', () => cmd.option('--token <token>', 'session token (env EDSHED_TOKEN); prefer `edshed login`'));
  add('profile', () => cmd.option('--profile <name>', 'credentials profile (env EDSHED_PROFILE)'));
  add('verbose', () =>
    cmd.addOption(
      new Option('--verbose', 'print request and response lines to stderr (token redacted)').conflicts('quiet'),
    ),
  );
  add('timeout', () => cmd.option('--timeout <seconds>', TIMEOUT_HELP));
  return cmd;
}

/** `--env`, whose names the completion scripts offer (an unknown one is refused when the API is chosen). */
export function envOption(description = `named environment: ${ENVIRONMENT_NAMES.join(', ')}`): Option {
  return offerValues(new Option('--env <name>', description), ENVIRONMENT_NAMES);
}

/** `--format`, whose values the completion scripts offer. */
export function formatOption(description = 'output format: table, tsv, csv, json, ndjson'): Option {
  return offerValues(new Option('--format <kind>', description), FORMATS);
}

/** Options that contradict each other: commander refuses them given together on one command; these are also refused across the program and the leaf. */
const CONFLICTS = [
  ['json', 'format'],
  ['quiet', 'verbose'],
] as const;

function refuseConflicts(merged: Readonly<Record<string, unknown>>): void {
  for (const [a, b] of CONFLICTS) {
    const given = (key: string) => merged[key] !== undefined && merged[key] !== false;
    if (given(a) && given(b)) {
      const shown = (key: string) => `--${key}${typeof merged[key] === 'string' ? ` ${String(merged[key])}` : ''}`;
      throw new CliError(`${shown(a)} cannot be used with ${shown(b)}: give one of them; nothing was sent`, EXIT.usage);
    }
  }
}

/**
 * The factory a leaf command runs with: the program's options, then the leaf's own (a leaf flag that a
 * payload key uses is the payload's, not the global option). Resolved once, read-only.
 *
 * @example
 * const c = leafFactory(f, cmd); // in an action: c.globals.json
 */
export function leafFactory(f: Factory, cmd: Command, taken: ReadonlySet<string> = new Set()): Factory {
  let root = cmd;
  while (root.parent) root = root.parent;
  const merged: Record<string, unknown> = { ...f.globals, ...definedOnly(root === cmd ? {} : root.opts()) };
  const opts = cmd.opts<Record<string, unknown>>();
  for (const flag of [...CONNECTION_FLAGS, ...OUTPUT_FLAGS]) {
    const value = taken.has(flag) ? undefined : opts[attributeOf(flag)];
    // commander sets `color: true` by default for --no-color; only an explicit false changes anything.
    if (value !== undefined && !(flag === 'color' && value === true)) merged[attributeOf(flag)] = value;
  }
  if (merged.color === true) delete merged.color;
  refuseConflicts(merged);
  return f.withGlobals(merged as GlobalOptions);
}

function definedOnly(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/**
 * Parses repeated `--field key=value`. Values that read as JSON (numbers, true, [1,2], {"a":1}) are
 * sent as that JSON; anything else as text.
 *
 * @example
 * parseFieldArgs(['seats=30', 'po_number=PO-1']) // { seats: 30, po_number: 'PO-1' }
 */
export function parseFieldArgs(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`--field "${pair}": expected key=value`, EXIT.usage);
    out[pair.slice(0, eq)] = jsonOrText(pair.slice(eq + 1));
  }
  return out;
}

/** `"12"` -> 12, `"[1,2]"` -> [1, 2], `"hello"` -> "hello". */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
