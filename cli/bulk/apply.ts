import { renameSync, rmSync } from 'node:fs';
import { CliError, EXIT } from '../errors/cli-error.js';
import { ensurePrivateDir } from '../config/paths.js';
import type { Factory } from '../factory/factory.js';
import { stopBeforeSending, type BeforeSending } from './before-sending.js';
import { confirmBulk } from './confirm.js';
import { executeNewRun } from './execute.js';
import type { BulkCommand } from './bulk-command.js';
import { readItems, type BulkItem } from './items-file.js';
import {
  itemsFile,
  newRunId,
  runSettings,
  runsDir,
  skippedOutcome,
  type ItemOutcome,
  type RunHeader,
} from './journal.js';
import { driftOf, readPlan, type Plan } from './plan-file.js';
import { checkResultsWritable, resultsTarget } from './results-file.js';
import { sameFile } from '../write/same-file.js';
import { readTargets, type TargetState } from './targets.js';
import { checkPlan, rebuildItems } from './plan-check.js';
import { timeoutPerRequest } from '../http/timeout.js';
import { printRunWarnings, readRunWarnings } from './run-warnings.js';

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
    if (drift !== undefined) outcomes.push(skippedOutcome(item.index, item.line, drift));
  }
  return outcomes;
}

/**
 * Drifted items whose target already shows their change (this plan applied before, or the same change
 * made by hand): still skipped for drift, as every target changed since the plan is, their message
 * saying so.
 */
async function noteAlreadyThere<Row>(
  c: Factory,
  command: BulkCommand<Row>,
  itemsPath: string,
  drifted: readonly ItemOutcome[],
): Promise<ItemOutcome[]> {
  if (drifted.length === 0 || command.applied === undefined) return [...drifted];
  const byIndex = new Map(drifted.map((outcome) => [outcome.index, outcome]));
  for await (const item of readItems(itemsPath, command.parse)) {
    const outcome = byIndex.get(item.index);
    if (outcome !== undefined && (await command.applied(c, item.row).catch(() => false)))
      byIndex.set(item.index, { ...outcome, message: `${outcome.message}; it already shows this item's change` });
  }
  return [...byIndex.values()];
}

async function* without<Row>(
  items: AsyncIterable<BulkItem<Row>>,
  skip: ReadonlySet<number>,
): AsyncGenerator<BulkItem<Row>> {
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
  // The results file is written over whatever is there: never over a file the plan was made from.
  const read = [
    { path: plan.input.path, what: "the plan's input file" },
    ...(plan.statements ?? []).map((s) => ({ path: s.path, what: 'a statement the plan was made from' })),
  ];
  const { results } = o;
  const taken = results === undefined ? undefined : read.find((f) => sameFile(results, f.path));
  if (taken !== undefined)
    throw new CliError(
      `--results ${results ?? ''}: that is ${taken.what}; name another file; nothing was sent`,
      EXIT.usage,
    );
  if (results !== undefined) checkResultsWritable(resultsTarget(results));
  if (plan.items.length === 0) {
    // A reconcile plan with no confident lines: nothing to send, and nothing to check against.
    if (!c.globals.quiet)
      c.io.stderr.write(`${o.file}: the plan has no writes (no confident or accepted lines); nothing was sent.\n`);
    return;
  }
  // Many requests: --timeout is each one's (with its retries), not the run's.
  await applyPlan(timeoutPerRequest(c), o, plan, await checkPlan(o.file, plan), { guard: true });
}

/**
 * Applies a plan already read and checked (`readPlan`, `checkPlan`), as `runApply` does: what
 * `edshed bulk rehearse` runs against its private copy, with a factory signed in there. With `guard`
 * (`runApply`), a Ctrl-C before the first request removes the run's files and says nothing was sent.
 *
 * @example
 * await applyPlan(timeoutPerRequest(c), { file: 'plan.json', concurrency: 4, yes: true }, plan, await checkPlan('plan.json', plan));
 */
export async function applyPlan<Row>(
  c: Factory,
  o: ApplyOptions,
  plan: Plan,
  command: BulkCommand<Row>,
  own: { readonly guard?: boolean } = {},
): Promise<void> {
  const connection = await c.connection();
  if (!connection.token && command.signedIn) {
    throw new CliError(
      `not signed in (profile ${connection.profile ?? 'default'}, ${connection.baseUrl}): run edshed login first; nothing was sent`,
      EXIT.auth,
    );
  }
  const runId = newRunId(c.now());
  // With `guard` (the command, not a rehearsal, which takes Ctrl-C itself), Ctrl-C before the first
  // request removes what the run has made so far, and says nothing was sent.
  const guard = own.guard === true ? stopBeforeSending(c, runId) : undefined;
  try {
    await applyGuarded(c, o, plan, command, runId, guard);
  } finally {
    guard?.release();
  }
}

/** `applyPlan` once its run has an id and its files a guard until the first request. */
async function applyGuarded<Row>(
  c: Factory,
  o: ApplyOptions,
  plan: Plan,
  command: BulkCommand<Row>,
  runId: string,
  guard: BeforeSending | undefined,
): Promise<void> {
  const connection = await c.connection();
  ensurePrivateDir(runsDir(c.env));
  const partial = `${itemsFile(c.env, runId)}.partial`;
  const { rows, skipped } = await rebuildItems(c, o.file, plan, command, partial);
  const { target } = command;
  const ids = plan.items.flatMap((item) => (item.target_id === null ? [] : [item.target_id]));
  const states =
    target === undefined ? new Map<number, TargetState>() : await readTargets(await c.api(), target.kind, ids);
  // A target changed since the plan is skipped, whatever it changed to: the plan no longer describes it.
  const drifted = await noteAlreadyThere(c, command, partial, driftOutcomes(plan, states));
  const total = plan.items.length - drifted.length;
  try {
    // Read again now, not taken from the plan: the schools and their subscriptions may have changed since.
    const warned = await readRunWarnings(
      c,
      command,
      without(readItems(partial, command.parse), new Set(drifted.map((d) => d.index))),
    );
    printRunWarnings(c, warned);
    await confirmBulk(c, command, total, o.file, o.yes, warned?.destination);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, itemsFile(c.env, runId));
  const header: RunHeader = {
    type: 'run',
    version: 1,
    run_id: runId,
    command: command.name,
    // A curated command's kind and arguments, so that runs resume builds it again.
    ...(command.resume ? { bulk: command.resume } : {}),
    file: plan.input.path,
    created: c.now().toISOString(),
    items: rows,
    idempotency_prefix: `edshed-plan-${plan.plan_id}`,
    api: connection.baseUrl,
    profile: connection.profile ?? 'default',
    settings: runSettings(o),
    ...(o.results ? { results: resultsTarget(o.results) } : {}),
  };
  if (!c.globals.quiet)
    for (const outcome of drifted) c.io.stderr.write(`line ${outcome.line}: skipped (${outcome.message})\n`);
  const skip = new Set(drifted.map((outcome) => outcome.index));
  const amountOf =
    target?.kind === 'invoices' ? (item: BulkItem<Row>) => states.get(target.id(item.row) ?? -1) : undefined;
  const items = without(readItems(itemsFile(c.env, runId), command.parse), skip);
  await executeNewRun(c, {
    command,
    header,
    known: [...skipped, ...drifted],
    items,
    total,
    concurrency: o.concurrency,
    rate: o.rate,
    results: header.results,
    amountOf,
    beforeSending: guard,
  });
}
