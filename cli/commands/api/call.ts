import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { METHODS, type Method } from '../../../core/endpoints/define.js';
import { CliError, EXIT } from '../../cli-error.js';
import { addCommonOptions, applyLeafGlobals, collect, parseFieldArgs } from '../../flags.js';
import { readInputObject } from '../../input-file.js';
import { printResponse } from '../../print-response.js';
import type { DefineCommand } from '../index.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Make a raw API call and print the response JSON')
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument('<path>', 'path relative to the API base, e.g. superuser/invoices/12/paid')
    .option('-F, --field <key=value>', 'payload key (repeatable): query string for GET and DELETE, JSON body otherwise', collect)
    .option('--input <file>', 'JSON object body from a file, or - for standard input (fields override it)')
    .option('--idempotency-key <key>', 'make a write safe to retry (default: a fresh key per run)')
    .addHelpText('after', '\nExamples:\n  edshed api GET schoolsubscriptions --field take=5\n  edshed api POST superuser/invoices/12/paid -F method=bacs -F date=2026-11-02\n  echo \'{"seats": 30}\' | edshed api PATCH users/me/school/subscriptions/4/users/seats --input -');
  addCommonOptions(cmd);
  cmd.action(async (methodArg: string, pathArg: string, opts: Record<string, unknown>) => {
    applyLeafGlobals(f, opts);
    const method = methodArg.toUpperCase() as Method;
    if (!METHODS.includes(method)) throw new CliError(`"${methodArg}" is not an HTTP method (${METHODS.join(', ')})`, EXIT.usage);
    const path = pathArg.replace(/^\/+/, '');
    if (path === '' || /^[a-z]+:\/\//i.test(path)) throw new CliError(`"${pathArg}": give a path relative to the API base, not a URL`, EXIT.usage);
    const payload = opts.input ? await readInputObject(String(opts.input), f.io) : {};
    Object.assign(payload, parseFieldArgs((opts.field as string[] | undefined) ?? []));
    const inQuery = method === 'GET' || method === 'DELETE';
    const client = await f.client();
    const response = await client.request({
      method,
      path,
      ...(inQuery ? (Object.keys(payload).length ? { query: payload } : {}) : { body: payload }),
      ...(method === 'GET' ? {} : { idempotencyKey: (opts.idempotencyKey as string | undefined) ?? `edshed-cli-${randomUUID()}` }),
    });
    if (!f.globals.format && !f.globals.fields) f.globals = { ...f.globals, json: true };
    await printResponse(f, response.data);
  });
};

export default define;
