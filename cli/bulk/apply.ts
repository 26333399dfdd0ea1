import { renameSync, rmSync } from 'node:fs';
import type { Endpoint } from '../../core/endpoints/define.js';
import { CliError, EXIT } from '../cli-error.js';
import { ensurePrivateDir } from '../config/paths.js';
import type { Factory } from '../factory.js';
import { confirmBulk } from './confirm.js';
import { executeNewRun } from './execute.js';
import { endpointCommand } from './endpoint-command.js';
import { readItems, type BulkItem, type BulkRequest } from './items-file.js';
import { itemsFile, newRunId, runsDir, type ItemOutcome, type RunHeader } from './journal.js';
import { driftOf, readPlan, type Plan } from './plan-file.js';
import { alreadyApplied, readsBack } from './read-back.js';
import { readTargets, targetIdOf, targetKindOf, type TargetState } from './targets.js';
import { checkPlan, rebuildItems } from './plan-check.js';

export interface ApplyOptions {
  /** The plan file saved by `--dry-run --plan FILE`. */
  readonly file: string;
  readonly concurrency: number;
  readonly rate?: number | undefined;
  readonly results?: string | undefined;
  readonly yes?: boolean | undefined;
}

/** Items whose target's state is not the planned one, as skipped outcomes. */
function driftOutcomes(plan: Plan, states: ReadonlyMap<number, TargetState>): ItemOutcome[] {
  const outcomes: ItemOutcome[] = [];
  for (const item of plan.items) {
    const drift = item.target_id === null ? undefined : driftOf(item.state, states.get(item.target_id));
    if (drift !== undefined) outcomes.push({ index: item.index, line: item.line, status: 'skipped', http_status: null, message: drift, request_id: null });
  }
  return outcomes;
}

/**
 * Drifted items whose target already shows their change (this plan applied before, or by hand): they
 * go again, with their key, and the server answers that nothing changed, instead of a drift skip.
 */
async function alreadyDone(c: Factory, endpoint: Endpoint, itemsPath: string, drifted: readonly ItemOutcome[]): Promise<Set<number>> {
  const done = new Set<number>();
  if (drifted.length === 0 || !readsBack(endpoint)) return done;
  const indexes = new Set(drifted.map((outcome) => outcome.index));
  const client = await c.client();
  for await (const item of readItems(itemsPath, endpointCommand(endpoint).parse)) if (indexes.has(item.index) && (await alreadyApplied(client, endpoint, item.row))) done.add(item.index);
  return done;
}

async function* without<Row>(items: AsyncIterable<BulkItem<Row>>, skip: ReadonlySet<number>): AsyncGenerator<BulkItem<Row>> {
  for await (const item of items) if (!skip.has(item.index)) yield item;
}

/**
 * `edshed bulk apply FILE`: runs exactly a saved plan, a new journaled run whose item N carries the key
 * `edshed-plan-<plan id>-N` (so applying a plan twice replays, never repeats). For invoice and
 * subscription workflows it first re-reads each target and skips any whose state changed since the plan.
 *
 * @example
 * await runApply(c, { file: 'plan.json', concurrency: 4 });
 */
export async function runApply(c: Factory, o: ApplyOptions): Promise<void> {
  const plan = await readPlan(o.file);
  const endpoint = await checkPlan(o.file, plan);
  const command = endpointCommand(endpoint);
  const connection = await c.connection();
  if (!connection.token && endpoint.role !== 'public') {
    throw new CliError(`not signed in (profile ${connection.profile ?? 'default'}, ${connection.baseUrl}): run edshed login first; nothing was sent`, EXIT.auth);
  }
  const runId = newRunId(c.now());
  ensurePrivateDir(runsDir(c.env));
  const partial = `${itemsFile(c.env, runId)}.partial`;
  const { rows, skipped } = await rebuildItems(c, o.file, plan, endpoint, partial);
  const kind = targetKindOf(endpoint);
  const ids = plan.items.flatMap((item) => (item.target_id === null ? [] : [item.target_id]));
  const states = kind === undefined ? new Map<number, TargetState>() : await readTargets(await c.client(), kind, ids);
  const applied = await alreadyDone(c, endpoint, partial, driftOutcomes(plan, states));
  const drifted = driftOutcomes(plan, states).filter((outcome) => !applied.has(outcome.index));
  const total = plan.items.length - drifted.length;
  try {
    await confirmBulk(c, command, total, o.file, o.yes);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, itemsFile(c.env, runId));
  const header: RunHeader = {
    type: 'run',
    version: 1,
    run_id: runId,
    command: endpoint.command,
    file: plan.input.path,
    created: c.now().toISOString(),
    items: rows,
    idempotency_prefix: `edshed-plan-${plan.plan_id}`,
    api: connection.baseUrl,
    profile: connection.profile ?? 'default',
  };
  if (!c.globals.quiet) for (const outcome of drifted) c.io.stderr.write(`line ${outcome.line}: skipped (${outcome.message})\n`);
  const skip = new Set(drifted.map((outcome) => outcome.index));
  const amountOf = kind === 'invoices' ? (item: BulkItem<BulkRequest>) => states.get(targetIdOf(endpoint, item.row.path) ?? -1) : undefined;
  const items = without(readItems(itemsFile(c.env, runId), command.parse), skip);
  await executeNewRun(c, { command, header, known: [...skipped, ...drifted], items, total, concurrency: o.concurrency, rate: o.rate, results: o.results, amountOf });
}
