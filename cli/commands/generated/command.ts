import { Option, type Command } from 'commander';
import { offerList, offerValues } from '../../completion/values.js';
import { replyFieldNames } from '../../../core/shapes/reply.js';
import { MAX_TAKE } from '../../../core/domain/constants.js';
import { exampleOf } from '../../help/example.js';
import { paramHelp } from '../../read/path-keys.js';
import { fieldInfo, takesJson, type Endpoint, type FieldSpec } from '../../../core/endpoints/define.js';
import type { Factory } from '../../factory/factory.js';
import {
  addCommonOptions,
  attributeOf,
  collect,
  flagOf,
  jsonOrText,
  leafFactory,
  parseFieldArgs,
} from '../../input/flags.js';
import { readInputObject } from '../../input/input-file.js';
import { addWriteOptions, pageFlags, writeFlags } from '../../write/options.js';
import { changesMoney } from '../../write/money.js';
import { addBulkOptions, bulkFlags, offersBulk } from '../../bulk/bulk-options.js';
import { addPasswordOptions, isPasswordKey, passwordInput } from '../../prompt/password-input.js';

const KIND_HELP: Record<string, string> = {
  string: 'text',
  text: 'text',
  int: 'whole number',
  number: 'number',
  boolean: 'true or false',
  date: 'date YYYY-MM-DD',
  day: 'day YYYY-MM-DD',
  id: 'id',
  serial: 'id, a whole number',
  ids: 'ids, comma-separated',
  flag: '0 or 1',
  take: `page size, 1 to ${MAX_TAKE}`,
  skip: 'items to pass over, 0 or more',
  strings: 'list, comma-separated',
  json: 'JSON value',
  object: 'JSON object',
};

// The limits of a sized field, in the words of its kind: `at most 120 characters`, `0 or more`.
function limitsOf(kind: string, min: number | undefined, max: number | undefined): string {
  const unit = kind === 'string' || kind === 'text' ? ' characters' : kind === 'strings' ? ' items' : '';
  if (min !== undefined && max !== undefined) return `, ${min} to ${max}${unit}`;
  if (max !== undefined) return `, at most ${max}${unit}`;
  return min === undefined ? '' : `, at least ${min}${unit}`;
}

/** The values completion offers for a field: its table's `oneOf`, or true and false. */
function valuesToOffer(spec: FieldSpec): readonly string[] {
  const field = fieldInfo(spec);
  if (field.oneOf) return field.oneOf;
  return field.kind === 'boolean' ? ['true', 'false'] : [];
}

function describeField(spec: FieldSpec): string {
  const field = fieldInfo(spec);
  const what = field.oneOf
    ? `one of ${field.oneOf.join(', ')}`
    : (field.expected ?? `${KIND_HELP[field.kind] ?? field.kind}${limitsOf(field.kind, field.min, field.max)}`);
  return `${what}${field.nullable ? ' or null' : ''}${field.optional ? '' : ' (required)'}`;
}

/**
 * The constructor of a table endpoint's command: path parameters are positional arguments in path
 * order, each payload key a `--flag`, plus `--input`, `--field` (open payloads), the write options
 * (`--dry-run`, `--idempotency-key`, `--yes` for destructive calls), `--from FILE` and the bulk options
 * for writes, `--limit`/`--all` for paged lists, and the output options. The action only parses;
 * `runEndpoint` does the work, or `runBulk` once per row with `--from` (then the arguments are optional:
 * a file column or the command line gives them).
 */
export function defineEndpointCommand(cmd: Command, endpoint: Endpoint, f: Factory): Command {
  const payload = Object.entries(endpoint.payload ?? {});
  const taken = new Set(payload.map(([key]) => flagOf(key)));
  const paged =
    endpoint.method === 'GET' && endpoint.payload?.take !== undefined && endpoint.payload.skip !== undefined;
  cmd.description(endpoint.summary);
  const bulk = offersBulk(endpoint, taken);
  for (const name of endpoint.params) cmd.argument(`<${name}>`, paramHelp(endpoint.path, name));
  if (bulk && endpoint.params.length > 0) {
    cmd.usage(
      `[options] ${endpoint.params.map((name) => `<${name}>`).join(' ')}\n       edshed ${endpoint.command} [options] --from FILE`,
    );
    // With --from the arguments come from the file (or are defaults for every row); commander parses
    // options before it checks arguments, so they become optional only when --from is given.
    cmd.on('option:from', () => {
      for (const argument of cmd.registeredArguments) argument.required = false;
    });
  }
  for (const [key, spec] of payload) {
    if (isPasswordKey(key)) addPasswordOptions(cmd, key, describeField(spec));
    else
      cmd.addOption(
        offerValues(new Option(`--${flagOf(key)} <value>`, `${key}: ${describeField(spec)}`), valuesToOffer(spec)),
      );
  }
  cmd.option('--input <file>', 'JSON object of payload keys from a file, or - for standard input (flags override it)');
  if (endpoint.open || payload.length === 0)
    cmd.option('--field <key=value>', 'extra payload key (repeatable); JSON values are parsed', collect);
  // A write that changes money asks on a terminal too, so it takes --yes (cli/write/money.ts).
  if (endpoint.method !== 'GET') addWriteOptions(cmd, { destructive: changesMoney(endpoint) });
  if (bulk) addBulkOptions(cmd, { yes: !changesMoney(endpoint) && !taken.has('yes') });
  if (paged)
    cmd.option('--limit <n>', 'fetch pages until N items are shown').option('--all', 'fetch every page (streamed)');
  addCommonOptions(cmd, taken);
  // `--fields` completes the fields of the answer's shape, where the entry declares it.
  const fields = cmd.options.find((option) => option.long === '--fields');
  const fieldNames = replyFieldNames(endpoint);
  if (fields && fieldNames) offerList(fields, ['all', ...fieldNames]);
  const where = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 'query string' : 'JSON body';
  cmd.addHelpText(
    'after',
    `\nCalls ${endpoint.method} ${endpoint.path} (role: ${endpoint.role}${endpoint.destructive ? ', destructive' : ''}); payload keys go in the ${where}.` +
      (endpoint.response ? `\nResponse key: ${endpoint.response}.` : '') +
      `\n\nExample:\n  ${exampleOf(endpoint)}` +
      (bulk
        ? `\n\nOne call per row of a file (journaled, resumable with \`edshed runs resume\`):\n  edshed ${endpoint.command} --from rows.csv --dry-run`
        : ''),
  );

  cmd.action(async (...args: unknown[]) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const c = leafFactory(f, cmd, taken);
    const write = writeFlags(opts);
    const pages = paged ? pageFlags(opts) : { limit: undefined, all: false };
    const many = bulk ? bulkFlags(opts) : undefined;
    const input: Record<string, unknown> = opts.input ? await readInputObject(String(opts.input), c.io) : {};
    Object.assign(input, parseFieldArgs((opts.field as string[] | undefined) ?? []));
    for (const [key, spec] of payload) {
      const value = opts[attributeOf(flagOf(key))];
      if (value === undefined) continue;
      input[key] = takesJson(spec) ? jsonOrText(String(value)) : value;
    }
    endpoint.params.forEach((name, i) => {
      if (args[i] !== undefined) input[name] = args[i];
    });
    if (many !== undefined) {
      const [{ runBulk }, { tableBulkCommand }] = await Promise.all([
        import('../../bulk/run-bulk.js'),
        import('../../bulk/endpoint-command.js'),
      ]);
      // A path argument with --from is a default the file must not contradict (`mark-paid 8 --from` with an id column).
      const pinned = new Set(endpoint.params.filter((_, i) => args[i] !== undefined));
      await runBulk(c, { command: await tableBulkCommand(endpoint), defaults: input, pinned, ...write, ...many });
      return;
    }
    await passwordInput(c, endpoint, opts, input);
    // Loaded here so that zod is not imported by commands that never call the API.
    const { runEndpoint } = await import('./run.js');
    await runEndpoint(c, { endpoint, input, ...write, ...pages });
  });
  return cmd;
}
