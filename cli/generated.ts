import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { MAX_TAKE } from '../core/domain/constants.js';
import type { Endpoint, FieldSpec } from '../core/endpoints/define.js';
import type { Factory } from './factory.js';
import { addCommonOptions, applyLeafGlobals, attributeOf, collect, flagOf, jsonOrText, parseFieldArgs } from './flags.js';
import { readInputObject } from './input-file.js';
import { printResponse } from './print-response.js';
import { confirmDestructive } from './confirm.js';

const KIND_HELP: Record<string, string> = {
  string: 'text',
  int: 'whole number',
  number: 'number',
  boolean: 'true or false',
  date: 'date YYYY-MM-DD',
  id: 'id',
  ids: 'ids, comma-separated',
  flag: '0 or 1',
  take: `page size, 1 to ${MAX_TAKE}`,
  skip: 'items to pass over, 0 or more',
  strings: 'list, comma-separated',
  json: 'JSON value',
};

function describeField(spec: FieldSpec): string {
  if (typeof spec === 'object') return `one of ${spec.oneOf.join(', ')}${spec.optional ? '' : ' (required)'}`;
  const optional = spec.endsWith('?');
  const kind = optional ? spec.slice(0, -1) : spec;
  return `${KIND_HELP[kind] ?? kind}${optional ? '' : ' (required)'}`;
}

/**
 * Defines the leaf command of one endpoint on `cmd`: path parameters are positional arguments in path
 * order, each payload key a `--flag`, plus `--input`, `--field` (open payloads), `--idempotency-key`,
 * `--yes` for destructive calls, and the output options.
 */
export function defineEndpointCommand(cmd: Command, endpoint: Endpoint, f: Factory): Command {
  const payload = Object.entries(endpoint.payload ?? {});
  const taken = new Set(payload.map(([key]) => flagOf(key)));
  cmd.description(endpoint.summary);
  for (const name of endpoint.params) cmd.argument(`<${name}>`, `path parameter {${name}}`);
  for (const [key, spec] of payload) cmd.option(`--${flagOf(key)} <value>`, `${key}: ${describeField(spec)}`);
  cmd.option('--input <file>', 'JSON object of payload keys from a file, or - for standard input (flags override it)');
  if (endpoint.open || payload.length === 0) cmd.option('--field <key=value>', 'extra payload key (repeatable); JSON values are parsed', collect);
  if (endpoint.method !== 'GET') cmd.option('--idempotency-key <key>', 'make the write safe to retry (default: a fresh key per run)');
  if (endpoint.destructive) cmd.option('-y, --yes', 'do not ask for confirmation');
  addCommonOptions(cmd, taken);
  const where = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 'query string' : 'JSON body';
  cmd.addHelpText(
    'after',
    `\nCalls ${endpoint.method} ${endpoint.path} (role: ${endpoint.role}${endpoint.destructive ? ', destructive' : ''}); payload keys go in the ${where}.` +
      (endpoint.response ? `\nResponse key: ${endpoint.response}.` : '') +
      (endpoint.note ? `\nNote: ${endpoint.note}` : ''),
  );

  cmd.action(async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const opts = command.opts<Record<string, unknown>>();
    applyLeafGlobals(f, opts, taken);
    const input: Record<string, unknown> = opts.input ? await readInputObject(String(opts.input), f.io) : {};
    Object.assign(input, parseFieldArgs((opts.field as string[] | undefined) ?? []));
    for (const [key, spec] of payload) {
      const value = opts[attributeOf(flagOf(key))];
      if (value === undefined) continue;
      input[key] = typeof spec === 'string' && spec.startsWith('json') ? jsonOrText(String(value)) : value;
    }
    endpoint.params.forEach((name, i) => {
      input[name] = args[i];
    });
    const idempotencyKey =
      endpoint.method === 'GET' ? undefined : ((opts.idempotencyKey as string | undefined) ?? `edshed-cli-${randomUUID()}`);
    // Validate before anything else can happen: bad input never reaches the network. Loaded here so that
    // zod is not imported by commands that never call the API.
    const { buildRequest } = await import('../core/endpoints/call.js');
    const request = buildRequest(endpoint, input, idempotencyKey ? { idempotencyKey } : {});
    if (endpoint.destructive && opts.yes !== true) await confirmDestructive(f, `${endpoint.method} ${request.path}`);
    const client = await f.client();
    const response = await client.request(request);
    await printResponse(f, response.data, endpoint.response);
  });
  return cmd;
}
