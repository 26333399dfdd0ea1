import { renameSync, rmSync } from 'node:fs';
import { CliError, EXIT } from '../errors/cli-error.js';
import { ensurePrivateDir } from '../config/paths.js';
import type { Factory } from '../factory/factory.js';
import type { BulkCommand } from './bulk-command.js';
import type { BulkFlags } from './bulk-options.js';
import { stopBeforeSending } from './before-sending.js';
import { confirmBulk } from './confirm.js';
import { executeNewRun } from './execute.js';
import { openBulkInput, type BulkInput } from './input.js';
import { openItemsWriter, readItems } from './items-file.js';
import {
  itemsFile,
  newRunId,
  runSettings,
  runsDir,
  skippedOutcome,
  type ItemOutcome,
  type RunHeader,
} from './journal.js';
import { printPlan } from './plan.js';
import { PLAN_HEAP_GROWTH_PERCENT, withHeapGrowth } from './heap-growth.js';
import { openRejects } from './rejects.js';
import { validateInput, type ValidationReport } from './validate.js';
import { timeoutPerRequest } from '../http/timeout.js';
import { runPreflight } from './preflight.js';
import { printRunWarnings, readRunWarnings } from './run-warnings.js';
import { checkResultsWritable, resultsTarget } from './results-file.js';
import { checkOutputFile } from '../write/atomic-file.js';

export interface BulkRunOptions<Row = unknown> extends BulkFlags {
  /** What runs once per row: a table endpoint (endpoint-command.ts) or a curated command. */
  readonly command: BulkCommand<Row>;
  readonly from: string;
  /** Values given on the command line (path parameters, payload keys, a curated command's options): defaults for every row. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The keys of `defaults` given as path arguments: a file that gives them too is refused (exit 2). */
  readonly pinned?: ReadonlySet<string>;
  /** With --from, a prefix: item N is sent with `<prefix>-N`. */
  readonly idempotencyKey?: string | undefined;
  readonly dryRun?: boolean | undefined;
  readonly yes?: boolean | undefined;
}

/** Prints every problem and stops with exit 2, unless the report allows a run. */
function refuseProblems(c: Factory, input: BulkInput, report: ValidationReport, skipInvalid: boolean): void {
  if (report.problems.length === 0 && report.valid > 0) return;
  for (const line of report.problems) c.io.stderr.write(`${line}\n`);
  const count = report.problems.length;
  if (count === 0)
    throw new CliError(`${input.name}: no valid rows (${report.rejected} set aside); nothing was sent`, EXIT.usage);
  const hint = report.fatal || skipInvalid ? '' : ' (--skip-invalid sets bad rows aside and runs the rest)';
  throw new CliError(`${count} problem${count === 1 ? '' : 's'} in ${input.name}; nothing was sent${hint}`, EXIT.usage);
}

/**
 * `--from FILE` on a write command, generated or curated: validates every row first (nothing is sent if
 * any row is bad, unless --skip-invalid), prints the plan for --dry-run, else asks once (if at all) and
 * starts a journaled run of the command's run function per row, as the single command runs it.
 *
 * @example
 * await runBulk(c, { command: endpointCommand(endpoint), from: 'payments.csv', defaults: { method: 'bacs' }, concurrency: 4, skipInvalid: false });
 */
export async function runBulk<Row>(command: Factory, o: BulkRunOptions<Row>): Promise<void> {
  // Many requests: --timeout is each one's (with its retries), not the run's.
  const c = timeoutPerRequest(command);
  if (o.dryRun) {
    if (o.plan !== undefined) await checkOutputFile(o.plan, '--plan', { force: true });
    const input = await openBulkInput(o.from, c.io);
    return withHeapGrowth(PLAN_HEAP_GROWTH_PERCENT, () => printPlan(c, input, o));
  }
  const connection = await c.connection();
  if (!connection.token && o.command.signedIn) {
    throw new CliError(
      `not signed in (profile ${connection.profile ?? 'default'}, ${connection.baseUrl}): run edshed login first; nothing was sent`,
      EXIT.auth,
    );
  }
  if (o.results !== undefined) checkResultsWritable(resultsTarget(o.results));
  const { input, rejects } = openRejects(await openBulkInput(o.from, c.io), o);
  const runId = newRunId(c.now());
  // Ctrl-C before the first request removes what the run has made so far, and says nothing was sent.
  const guard = stopBeforeSending(c, runId);
  try {
    const partial = `${itemsFile(c.env, runId)}.partial`;
    ensurePrivateDir(runsDir(c.env));
    const writer = openItemsWriter(partial);
    const skipped: ItemOutcome[] = [];
    let report: ValidationReport;
    try {
      report = await validateInput(input, {
        command: o.command,
        defaults: o.defaults,
        ...(o.pinned ? { pinned: o.pinned } : {}),
        onItem: (item) => writer.write(item),
        ...(o.skipInvalid
          ? {
              onReject: async (row, reasons, index) => {
                if (index !== undefined) skipped.push(skippedOutcome(index, row.line, reasons.join('; ')));
                await rejects?.write(row, reasons);
              },
            }
          : {}),
      });
      await writer.close();
      refuseProblems(c, input, report, o.skipInvalid);
      await runPreflight(c, o.command, input.name, 'nothing was written');
      const warned = await readRunWarnings(c, o.command, readItems(partial, o.command.parse));
      printRunWarnings(c, warned);
      await confirmBulk(c, o.command, report.valid, input.name, o.yes, warned?.destination);
      await o.command.prepare?.();
    } catch (error) {
      await writer.close().catch(() => undefined);
      rmSync(partial, { force: true });
      await rejects?.discard();
      throw error;
    }
    await rejects?.close();
    if (report.rejected > 0 && !c.globals.quiet)
      c.io.stderr.write(
        `${report.rejected} bad row${report.rejected === 1 ? '' : 's'} set aside${o.rejects ? ` in ${o.rejects}` : ''}.\n`,
      );
    renameSync(partial, itemsFile(c.env, runId));
    const header: RunHeader = {
      type: 'run',
      version: 1,
      run_id: runId,
      command: o.command.name,
      ...(o.command.resume ? { bulk: o.command.resume } : {}),
      file: input.name,
      created: c.now().toISOString(),
      items: report.rows,
      idempotency_prefix: o.idempotencyKey ?? `edshed-bulk-${runId}`,
      api: connection.baseUrl,
      profile: connection.profile ?? 'default',
      settings: runSettings(o),
      ...(o.results ? { results: resultsTarget(o.results) } : {}),
    };
    await executeNewRun(c, {
      command: o.command,
      header,
      known: skipped,
      items: readItems(itemsFile(c.env, runId), o.command.parse),
      total: report.valid,
      concurrency: o.concurrency,
      rate: o.rate,
      results: header.results,
      beforeSending: guard,
    });
  } finally {
    guard.release();
  }
}
