import { ApiError } from '../../../core/api/errors/index.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { requestWithoutInput } from '../../../core/endpoints/request-shape.js';
import { mainValue, replyFieldNames, tableColumns } from '../../../core/shapes/reply.js';
import type { Factory } from '../../factory/factory.js';
import { planOutput } from '../../output/plan.js';
import { confirmOrRefuse } from '../../prompt/prompter.js';
import { printResponse } from '../../output/print-response.js';
import { printDryRun } from '../../write/dry-run.js';
import { changedNothing, sendWrite } from '../../write/send.js';
import { conflictHint, describeAction, unchangedNote } from '../../write/describe.js';
import { HintedError } from '../../write/hinted-error.js';
import { changesMoney } from '../../write/money.js';
import { isPaged, printPages } from './pages.js';
import { rowsOf, totalOf } from '../../output/rows.js';
import { keyedParams, resolvePathKeys } from '../../read/path-keys.js';

/** Everything one call of a table endpoint needs, already parsed (by commander, a bulk file row, a dashboard). */
export interface EndpointCallOptions {
  readonly endpoint: Endpoint;
  /** Path parameters and payload keys together, as the client methods take them. */
  readonly input: Readonly<Record<string, unknown>>;
  /** For a write; a fresh key per run when absent. */
  readonly idempotencyKey?: string | undefined;
  readonly dryRun?: boolean | undefined;
  readonly yes?: boolean | undefined;
  /** For a paged list: stop after this many items, or fetch every page. */
  readonly limit?: number | undefined;
  readonly all?: boolean | undefined;
}

/** How long each default column of a list's table stays on a narrow terminal: its shape's `priority`. */
function tablePriorities(endpoint: Endpoint): Readonly<Record<string, number>> | undefined {
  const main = mainValue(endpoint.reply);
  return main?.list ? main.shape.priority : undefined;
}

/** The fields an endpoint's answer has, where its entry declares the shape. */
function knownFields(endpoint: Endpoint): readonly string[] | undefined {
  return replyFieldNames(endpoint) ?? undefined;
}

/**
 * Runs one table endpoint: every local check first (output options, input against the table), then a
 * dry run, or the confirmation of a destructive call, then the request, then the answer printed.
 *
 * @example
 * await runEndpoint(c, { endpoint, input: { id: 8, method: 'bacs', date: '2026-09-01' } });
 */
export async function runEndpoint(f: Factory, options: EndpointCallOptions): Promise<void> {
  const { endpoint } = options;
  const write = endpoint.method !== 'GET';
  const columns = tableColumns(endpoint) ?? undefined;
  const plan = planOutput(f, {
    write,
    knownFields: knownFields(endpoint),
    tableColumns: columns,
    priorities: tablePriorities(endpoint),
    names: !write && columns !== undefined,
    command: endpoint.command,
  });
  const idempotencyKey = write ? (options.idempotencyKey ?? `edshed-cli-${globalThis.crypto.randomUUID()}`) : undefined;
  const callOptions = idempotencyKey ? { idempotencyKey } : {};
  const input = await withIds(f, endpoint, options.input, callOptions);
  // The schemas (zod) load only when there is input to check: `invoices list` has none.
  const request =
    requestWithoutInput(endpoint, input, callOptions) ??
    (await import('../../../core/endpoints/call.js')).buildRequest(endpoint, input, callOptions);
  if (options.dryRun) return printDryRun(f, request);
  if (endpoint.destructive)
    await confirmOrRefuse(f.prompter, `${describeAction(endpoint, input)}?`, { yes: options.yes });
  // A write of money asks a person at a terminal; a script (no terminal on stdin) sends it as before.
  else if (changesMoney(endpoint) && f.prompter.interactive)
    await confirmOrRefuse(f.prompter, `${describeAction(endpoint, input)}?`, { yes: options.yes });
  if (!write) {
    if (isPaged(endpoint) && (options.all || options.limit !== undefined)) {
      await printPages(f, endpoint, input, { limit: options.all ? undefined : options.limit }, plan);
      return;
    }
    const response = await (await f.client()).request(request);
    if (await (await import('../../views/index.js')).printView(f, endpoint.command, response.data, plan)) return;
    // A reply of one record and its related ones (`{ subscription, invoices }`) shows the record's fields.
    await printResponse(f, response.data, endpoint.response ?? mainValue(endpoint.reply)?.key, plan);
    if (isPaged(endpoint)) noteMore(f, response.data, endpoint, Number(input.skip ?? 0));
    return;
  }
  let data: unknown;
  try {
    data = (await sendWrite(f, request)).data;
  } catch (error) {
    const hint =
      error instanceof ApiError && error.status === 409
        ? await conflictHint(endpoint, input, error.message)
        : undefined;
    throw hint ? new HintedError(error, hint) : error;
  }
  await printResponse(f, data, endpoint.response, plan);
  if (changedNothing(data) && !f.globals.quiet) f.io.stderr.write(`${unchangedNote(endpoint, input, data)}\n`);
}

/**
 * The input with path parameters given as natural keys (`INV-000004`) turned into ids: the rest of the
 * input is checked against the table first (an id standing in), so bad input exits 2 with nothing sent,
 * then each key costs one read; an unknown or ambiguous key exits 2 before any write.
 */
async function withIds(
  f: Factory,
  endpoint: Endpoint,
  input: Readonly<Record<string, unknown>>,
  callOptions: { readonly idempotencyKey?: string },
): Promise<Readonly<Record<string, unknown>>> {
  const keyed = keyedParams(endpoint, input);
  if (keyed.length === 0) return input;
  const { buildRequest } = await import('../../../core/endpoints/call.js');
  buildRequest(endpoint, { ...input, ...Object.fromEntries(keyed.map((param) => [param, 1])) }, callOptions);
  return resolvePathKeys(() => f.api(), endpoint, input);
}

/** "showing 10 of 11" on stderr when a list has more than one page shows. */
function noteMore(f: Factory, data: unknown, endpoint: Endpoint, skip: number): void {
  const total = totalOf(data, endpoint.response);
  const shown = rowsOf(data, endpoint.response).length;
  if (f.globals.quiet || total === undefined || skip + shown >= total) return;
  f.io.stderr.write(`Showing ${skip + 1}-${skip + shown} of ${total}; --all for every page or --limit N.\n`);
}
