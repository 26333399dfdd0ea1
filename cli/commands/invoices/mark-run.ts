/** The work of `edshed invoices mark`, callable without commander (tests, bulk runs, dashboards). */
import { buildRequest } from '../../../core/endpoints/call.js';
import type { ApiRequest } from '../../../core/api/types.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { wrapLines } from '../../output/fit.js';
import { planOutput } from '../../output/plan.js';
import { confirmOrRefuse } from '../../prompt/prompter.js';
import { changesMoney } from '../../write/money.js';
import { actionInput, endpointOfAction, type ActionDetails, type ActionName } from './actions.js';
import { invoiceKey, lookupInvoice, readInvoices } from '../../read/invoices.js';
import type { KeyText } from '../../read/keys.js';
import { checkInput, parseIds } from './mark-input.js';
import { markOne, type MarkResult } from './mark-item.js';
import { foreseenLine, foreseenRefusal, foreseenTarget } from './mark-foresee.js';
import { markExitCode, markQuestion, printPlanned, printResults, RESULT_FIELDS } from './mark-output.js';

export interface MarkOptions extends ActionDetails {
  /** Invoices as given: ids, numbers (INV-000004) or shareable ids; checked, repeats collapsed with a note. */
  readonly ids: readonly (string | number)[];
  readonly action: ActionName;
  /** Each invoice's key is `<key>-<id>`; default a fresh run id, so a repeat with the same key never applies twice. */
  readonly idempotencyKey?: string | undefined;
  readonly dryRun?: boolean | undefined;
  readonly yes?: boolean | undefined;
  /** The run the writes belong to in the audit log (a bulk run); default the key prefix. */
  readonly runId?: string | undefined;
  /** Once aborted, no further invoice is started (the one in flight finishes, so its outcome is known). */
  readonly signal?: AbortSignal | undefined;
}

export interface MarkSummary {
  readonly results: readonly MarkResult[];
  /** Ids not sent because the run was interrupted or stopped by a 401/403. */
  readonly notSent: readonly number[];
  readonly exitCode: number;
  /** The error behind each failed line, by invoice id (a bulk run judges it: retry, pause, unknown). */
  readonly errors: ReadonlyMap<number, unknown>;
}

/** The ids of invoices given by key or id, one lookup per key, in the order given. */
async function resolveKeys(f: Factory, keys: readonly KeyText[]): Promise<number[]> {
  const api = await f.api();
  const ids: number[] = [];
  for (const key of keys) ids.push((await lookupInvoice(api, key)).id);
  return ids;
}

/**
 * Marks invoices: checks everything local first (ids, action options against the table, output
 * options), reads each invoice, asks once before a void, then sends one write per invoice (audited),
 * reads it back and prints a line per invoice. A refusal of one invoice does not stop the others.
 *
 * @example
 * const { exitCode } = await runMark(c, { ids: ['8', '9'], action: 'paid', method: 'bacs', date: '2026-11-02' });
 */
export async function runMark(f: Factory, options: MarkOptions): Promise<MarkSummary> {
  // Numbers (INV-000004) and shareable ids are read as keys here, and looked up (one request each) only
  // after every local check; ids need no request.
  const keys = options.ids.map((given) => invoiceKey(String(given)));
  const given = [...new Set(keys.map((key) => ('id' in key ? String(key.id) : key.text)))];
  if (keys.length === 0) parseIds([]);
  checkInput(options.action, options);
  const plan = planOutput(f, { write: true, knownFields: RESULT_FIELDS, command: 'invoices mark' });
  const note = (line: string) => (f.globals.quiet ? undefined : f.io.stderr.write(`${line}\n`));
  const endpoint = endpointOfAction(options.action);
  const verb = options.action.charAt(0).toUpperCase() + options.action.slice(1);
  const ask = endpoint.destructive && !options.dryRun && options.yes !== true;
  if (ask && !f.prompter.interactive) {
    throw new CliError(
      `${verb} ${given.length} invoice${given.length === 1 ? '' : 's'} (${given.join(', ')}): pass --yes to confirm (no terminal to ask on); nothing was sent`,
      EXIT.usage,
    );
  }
  const resolved = keys.some((key) => !('id' in key))
    ? await resolveKeys(f, keys)
    : keys.map((key) => (key as { readonly id: number }).id);
  const { ids, repeated } = parseIds(resolved);
  if (repeated.length > 0)
    note(`Invoice${repeated.length > 1 ? 's' : ''} ${repeated.join(', ')} given more than once; each is marked once.`);
  const runId = options.idempotencyKey ?? `edshed-${globalThis.crypto.randomUUID()}-${options.action}`;
  const keyOf = (id: number) => `${runId}-${id}`;
  const invoices = await readInvoices(await f.api(), ids, foreseenTarget);
  // What the API would refuse, as its read shows, is not sent: refused before any question (exit 2 when
  // that is every invoice), else a failed line each among the others'.
  const foreseen = new Map<number, string>();
  for (const id of ids) {
    const invoice = invoices.get(id);
    const refusal = invoice && (await foreseenRefusal(options.action, id, options, invoice));
    if (refusal) foreseen.set(id, refusal);
  }
  const toSend = ids.filter((id) => !foreseen.has(id));
  if (toSend.length === 0 && !options.dryRun) {
    // A refusal a line each, wrapped at a terminal's width under its own indent; one line each in a pipe.
    const refusals = [...foreseen.values()].map((refusal) => `  ${refusal}`);
    const lines = f.io.stderrIsTTY ? wrapLines(refusals, Math.max(40, f.io.columns ?? 80)) : refusals;
    const them = ids.length === 1 ? 'it' : `all ${ids.length}`;
    throw new CliError(`nothing was sent: the API would refuse ${them}, as read:\n${lines.join('\n')}`, EXIT.usage);
  }

  if (options.dryRun) {
    const planned: { id: number; request: ApiRequest }[] = [];
    for (const [id, refusal] of foreseen) note(`Invoice ${id}: not sent: ${refusal}`);
    for (const id of toSend) {
      try {
        planned.push({
          id,
          request: buildRequest(endpoint, actionInput(options.action, id, options, invoices.get(id)), {
            idempotencyKey: keyOf(id),
          }),
        });
      } catch (error) {
        note(`Invoice ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await printPlanned(f, plan, planned);
    return { results: [], notSent: ids, exitCode: EXIT.ok, errors: new Map() };
  }
  // A write of money is asked about at a terminal too; a script (no terminal) sends it as before.
  const askMoney = !ask && changesMoney(endpoint) && f.prompter.interactive && options.yes !== true;
  if (ask || askMoney) await confirmOrRefuse(f.prompter, markQuestion(verb, toSend, invoices), { yes: options.yes });

  const results: MarkResult[] = [];
  const errors = new Map<number, unknown>();
  let stop: unknown;
  for (const id of ids) {
    if (options.signal?.aborted || stop !== undefined) break;
    const refusal = foreseen.get(id);
    if (refusal !== undefined) {
      results.push(foreseenLine(id, invoices.get(id), refusal));
      continue;
    }
    const outcome = await markOne(f, {
      action: options.action,
      details: options,
      id,
      before: invoices.get(id),
      idempotencyKey: keyOf(id),
      runId: options.runId ?? runId,
    });
    results.push(outcome.result);
    if (outcome.error !== undefined) errors.set(id, outcome.error);
    stop = outcome.stop;
  }
  await printResults(f, plan, results);
  const notSent = ids.slice(results.length);
  const counts = (['done', 'unchanged', 'failed'] as const)
    .map((s) => [s, results.filter((r) => r.status === s).length] as const)
    .filter(([, n]) => n > 0);
  note(
    `invoices mark ${options.action}: ${counts.map(([s, n]) => `${n} ${s}`).join(', ') || 'nothing sent'}${notSent.length > 0 ? `; not sent: ${notSent.join(', ')}` : ''}.`,
  );
  return {
    results,
    notSent,
    errors,
    exitCode: markExitCode(results, {
      stopped: stop !== undefined,
      interrupted: notSent.length > 0 && stop === undefined,
    }),
  };
}
