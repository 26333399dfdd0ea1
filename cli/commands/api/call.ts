import type { Command } from 'commander';
import { METHODS, type Method } from '../../../core/endpoints/define.js';
import { pathProblem } from '../../../core/api/query.js';
import { isDownloadPath } from '../../../core/api/response.js';
import type { ApiRequest } from '../../../core/api/types.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, collect, leafFactory, parseFieldArgs } from '../../input/flags.js';
import { readInputObject } from '../../input/input-file.js';
import { planOutput } from '../../output/plan.js';
import { confirmOrRefuse } from '../../prompt/prompter.js';
import { printResponse } from '../../output/print-response.js';
import { printDryRun } from '../../write/dry-run.js';
import { addWriteOptions, writeFlags, type WriteFlags } from '../../write/options.js';
import { sendWrite } from '../../write/send.js';
import type { DefineCommand } from '../define.js';

export interface ApiCallOptions extends WriteFlags {
  readonly method: Method;
  /** Relative to the API base, checked by `apiTarget`. */
  readonly path: string;
  /** `-F key=value` payload keys; they override the `--input` file's. */
  readonly field: readonly string[];
  /** A JSON object body file, or `-` for standard input. */
  readonly input?: string | undefined;
  /** No output option was given on the command itself: the answer prints as JSON unless a global one says otherwise. */
  readonly jsonByDefault: boolean;
}

/**
 * The method and path of a raw call, checked before anything is read or sent (exit 2 otherwise).
 *
 * @example
 * apiTarget('get', '/schoolsubscriptions') // { method: 'GET', path: 'schoolsubscriptions' }
 */
export function apiTarget(methodArg: string, pathArg: string): { method: Method; path: string } {
  const method = methodArg.toUpperCase() as Method;
  if (!METHODS.includes(method))
    throw new CliError(`"${methodArg}" is not an HTTP method (${METHODS.join(', ')})`, EXIT.usage);
  const path = pathArg.replace(/^\/+/, '');
  if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path))
    throw new CliError(`"${pathArg}": give a path relative to the API base, not a URL`, EXIT.usage);
  const outside = pathProblem(path);
  if (outside !== undefined)
    throw new CliError(`"${pathArg}": ${outside}; give a path under the API base (nothing was sent)`, EXIT.usage);
  return { method, path };
}

/**
 * Makes a raw API call and prints the answer: GET reads, anything else is a write (audited, with an
 * Idempotency-Key); a DELETE asks first.
 *
 * @example
 * await runApiCall(c, { method: 'GET', path: 'schoolsubscriptions', field: ['take=5'], jsonByDefault: true, dryRun: false, yes: false, idempotencyKey: undefined });
 */
export async function runApiCall(c: Factory, options: ApiCallOptions): Promise<void> {
  const { method, path } = options;
  const out =
    options.jsonByDefault && !c.globals.format && !c.globals.fields ? c.withGlobals({ ...c.globals, json: true }) : c;
  const payload = options.input ? await readInputObject(options.input, c.io) : {};
  Object.assign(payload, parseFieldArgs(options.field));
  const plan = planOutput(out, { write: method !== 'GET', command: `api ${method} ${path}` });
  const inQuery = method === 'GET' || method === 'DELETE';
  const request: ApiRequest = {
    method,
    path,
    ...(inQuery ? (Object.keys(payload).length ? { query: payload } : {}) : { body: payload }),
    ...(method === 'GET'
      ? {}
      : { idempotencyKey: options.idempotencyKey ?? `edshed-cli-${globalThis.crypto.randomUUID()}` }),
    // A download's answer is the file itself (CSV), as the table's download entries take it.
    ...(isDownloadPath(method, path) ? { answer: 'file' as const } : {}),
  };
  if (options.dryRun) return printDryRun(out, request);
  if (method === 'DELETE') await confirmOrRefuse(c.prompter, `Delete ${path}?`, { yes: options.yes });
  if (method !== 'GET' && options.yes && method !== 'DELETE')
    c.io.stderr.write('Note: --yes only matters for DELETE.\n');
  const response = method === 'GET' ? await (await c.client()).request(request) : await sendWrite(out, request);
  await printResponse(out, response.data, undefined, plan);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Make a raw API call and print the response JSON')
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument('<path>', 'path relative to the API base, e.g. superuser/invoices/12/paid')
    .option(
      '-F, --field <key=value>',
      'payload key (repeatable): query string for GET and DELETE, JSON body otherwise',
      collect,
    )
    .option('--input <file>', 'JSON object body from a file, or - for standard input (fields override it)')
    .addHelpText(
      'after',
      '\nA DELETE asks for confirmation on a terminal and needs --yes in scripts.\n\nExamples:\n  edshed api GET schoolsubscriptions --field take=5\n  edshed api POST superuser/invoices/12/paid -F method=bacs -F date=2026-11-02 --dry-run\n  echo \'{"seats": 30}\' | edshed api PATCH users/me/school/subscriptions/4/users/seats --input -',
    );
  addWriteOptions(cmd, { destructive: true });
  addCommonOptions(cmd);
  cmd.action(async (methodArg: string, pathArg: string, opts: Record<string, unknown>) => {
    const jsonByDefault = opts.format === undefined && opts.fields === undefined && opts.json === undefined;
    const c = leafFactory(f, cmd);
    const target = apiTarget(methodArg, pathArg);
    await runApiCall(c, {
      ...target,
      jsonByDefault,
      field: (opts.field as string[] | undefined) ?? [],
      input: opts.input ? String(opts.input) : undefined,
      ...writeFlags(opts),
    });
  });
};

export default define;
