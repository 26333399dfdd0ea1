import { renameSync, rmSync } from 'node:fs';
import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { CliError, EXIT } from '../cli-error.js';
import { ensurePrivateDir } from '../config/paths.js';
import type { Factory } from '../factory.js';
import { confirmBulk } from './confirm.js';
import { executeRun } from './execute.js';
import { openBulkInput } from './input.js';
import { openItemsWriter, readItems, type BulkItem } from './items-file.js';
import { createJournal, itemsFile, newRunId, runsDir, type ItemOutcome, type RunHeader } from './journal.js';
import { bodyHash, driftOf, hashFile, readPlan, type Plan } from './plan-file.js';
import { readTargets, targetIdOf, targetKindOf, type TargetState } from './targets.js';
import { validateInput } from './validate.js';

export interface ApplyOptions {
  /** The plan file saved by `--dry-run --plan FILE`. */
  readonly file: string;
  readonly concurrency: number;
  readonly rate?: number | undefined;
  readonly results?: string | undefined;
  readonly yes?: boolean | undefined;
}

const usage = (file: string, why: string): CliError => new CliError(`${file}: ${why}; nothing was sent`, EXIT.usage);

/** The plan's endpoint, and its input file unchanged since the plan (exit 2 otherwise). */
async function checkPlan(file: string, plan: Plan): Promise<Endpoint> {
  const endpoint = ENDPOINTS.find((e) => e.command === plan.command);
  if (!endpoint || endpoint.method !== plan.endpoint.method || endpoint.path !== plan.endpoint.path) {
    throw usage(file, `the plan is for ${plan.command} (${plan.endpoint.method} ${plan.endpoint.path}), which this edshed does not have`);
  }
  const sha = await hashFile(plan.input.path).catch(() => undefined);
  if (sha === undefined) throw usage(file, `its input file ${plan.input.path} cannot be read`);
  if (sha !== plan.input.sha256) throw usage(file, `its input file ${plan.input.path} changed since the plan (content hash differs); make a new plan with --dry-run --plan`);
  return endpoint;
}

/**
 * Rebuilds the plan's items from its input file, as the dry run did, into the run's items file; every
 * item must be the planned one (same index, path and body hash). Rows the plan set aside are returned
 * as skipped outcomes.
 */
async function rebuildItems(c: Factory, file: string, plan: Plan, endpoint: Endpoint, itemsPath: string): Promise<{ rows: number; skipped: ItemOutcome[] }> {
  const writer = openItemsWriter(itemsPath);
  const skipped: ItemOutcome[] = [];
  let next = 0;
  let mismatch: string | undefined;
  const onItem = async (item: BulkItem) => {
    const planned = plan.items[next];
    next += 1;
    if (planned?.index !== item.index || planned.path !== item.request.path || planned.body_hash !== bodyHash(item.request.body)) mismatch ??= `line ${item.line}`;
    else await writer.write(item);
  };
  try {
    const report = await validateInput(await openBulkInput(plan.input.path, c.io), {
      endpoint,
      defaults: plan.defaults,
      onItem,
      onReject: (row, reasons, index) => {
        if (index !== undefined) skipped.push({ index, line: row.line, status: 'skipped', http_status: null, message: reasons.join('; '), request_id: null });
      },
    });
    await writer.close();
    if (mismatch !== undefined || next !== plan.items.length) throw usage(file, `the item at ${mismatch ?? `index ${next}`} is not the one planned (the plan was edited)`);
    return { rows: report.rows, skipped };
  } catch (error) {
    await writer.close().catch(() => undefined);
    rmSync(itemsPath, { force: true });
    throw error;
  }
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

async function* without(items: AsyncIterable<BulkItem>, skip: ReadonlySet<number>): AsyncGenerator<BulkItem> {
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
  const drifted = driftOutcomes(plan, states);
  const total = plan.items.length - drifted.length;
  try {
    await confirmBulk(c, endpoint, total, o.file, o.yes);
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
  const journal = createJournal(c.env, header);
  for (const outcome of [...skipped, ...drifted]) journal.append(outcome);
  if (!c.globals.quiet) for (const outcome of drifted) c.io.stderr.write(`line ${outcome.line}: skipped (${outcome.message})\n`);
  const skip = new Set(drifted.map((outcome) => outcome.index));
  const amountOf = kind === 'invoices' ? (item: BulkItem) => states.get(targetIdOf(endpoint, item.request.path) ?? -1) : undefined;
  await executeRun(c, { header, journal, items: without(readItems(itemsFile(c.env, runId)), skip), total, concurrency: o.concurrency, rate: o.rate, results: o.results, amountOf });
}
