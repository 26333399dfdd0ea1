import type { Command } from 'commander';
import { METHODS, type Method } from '../../../core/endpoints/define.js';
import { pathProblem } from '../../../core/api/query.js';
import { isDownloadPath } from '../../../core/api/response.js';
import type { ApiRequest } from '../../../core/api/types.js';
import { CliError, EXIT } from '../../cli-error.js';
import { addCommonOptions, collect, leafFactory, parseFieldArgs } from '../../flags.js';
import { readInputObject } from '../../input-file.js';
import { planOutput } from '../../output/plan.js';
import { confirmOrRefuse } from '../../prompt/prompter.js';
import { printResponse } from '../../print-response.js';
import { printDryRun } from '../../write/dry-run.js';
import { addWriteOptions, writeFlags } from '../../write/options.js';
import { sendWrite } from '../../write/send.js';
import type { DefineCommand } from '../define.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Make a raw API call and print the response JSON')
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument('<path>', 'path relative to the API base, e.g. superuser/invoices/12/paid')
    .option('-F, --field <key=value>', 'payload key (repeatable): query string for GET and DELETE, JSON body otherwise', collect)
    .option('--input <file>', 'JSON object body from a file, or - for standard input (fields override it)')
    .addHelpText(
      'after',
      '\nA DELETE asks for confirmation on a terminal and needs --yes in scripts.\n\nExamples:\n  edshed api GET schoolsubscriptions --field take=5\n  edshed api POST superuser/invoices/12/paid -F method=bacs -F date=2026-11-02 --dry-run\n  echo \'{"seats": 30}\' | edshed api PATCH users/me/school/subscriptions/4/users/seats --input -',
    );
  addWriteOptions(cmd, { destructive: true });
  addCommonOptions(cmd);
  cmd.action(async (methodArg: string, pathArg: string, opts: Record<string, unknown>) => {
    const json = opts.format === undefined && opts.fields === undefined && opts.json === undefined;
    const c = leafFactory(f, cmd);
    const out = json && !c.globals.format && !c.globals.fields ? c.withGlobals({ ...c.globals, json: true }) : c;
    const method = methodArg.toUpperCase() as Method;
    if (!METHODS.includes(method)) throw new CliError(`"${methodArg}" is not an HTTP method (${METHODS.join(', ')})`, EXIT.usage);
    const path = pathArg.replace(/^\/+/, '');
    if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path)) throw new CliError(`"${pathArg}": give a path relative to the API base, not a URL`, EXIT.usage);
    const outside = pathProblem(path);
    if (outside !== undefined) throw new CliError(`"${pathArg}": ${outside}; give a path under the API base (nothing was sent)`, EXIT.usage);
    const write = writeFlags(opts);
    const payload = opts.input ? await readInputObject(String(opts.input), c.io) : {};
    Object.assign(payload, parseFieldArgs((opts.field as string[] | undefined) ?? []));
    const plan = planOutput(out, { write: method !== 'GET', command: `api ${method} ${path}` });
    const inQuery = method === 'GET' || method === 'DELETE';
    const request: ApiRequest = {
      method,
      path,
      ...(inQuery ? (Object.keys(payload).length ? { query: payload } : {}) : { body: payload }),
      ...(method === 'GET' ? {} : { idempotencyKey: write.idempotencyKey ?? `edshed-cli-${globalThis.crypto.randomUUID()}` }),
      // A download's answer is the file itself (CSV), as the table's download entries take it.
      ...(isDownloadPath(method, path) ? { answer: 'file' as const } : {}),
    };
    if (write.dryRun) return printDryRun(out, request);
    if (method === 'DELETE') await confirmOrRefuse(c.prompter, `Delete ${path}?`, { yes: write.yes });
    if (method !== 'GET' && write.yes && method !== 'DELETE') c.io.stderr.write('Note: --yes only matters for DELETE.\n');
    const response = method === 'GET' ? await (await c.client()).request(request) : await sendWrite(out, request);
    await printResponse(out, response.data, undefined, plan);
  });
};

export default define;
