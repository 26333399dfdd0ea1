import { existsSync } from 'node:fs';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import type { BulkCommand } from './bulk-command.js';
import { DEFAULT_CONCURRENCY } from './bulk-options.js';
import { executeRun } from './execute.js';
import { commandOfRun } from './run-command.js';
import { readItems, type BulkItem } from './items-file.js';
import { itemsFile, reopenJournal, type JournalWriter, type RunHeader } from './journal.js';
import { resultsTarget, writeResults, type ResultsTarget } from './results-file.js';
import { existingJournal, readJournal, shouldSend, type JournalState } from './journal-state.js';
import { acquireRunLock } from './run-lock.js';
import { timeoutPerRequest } from '../http/timeout.js';

export interface ResumeOptions {
  readonly runId: string;
  /** Send failed items again too (unknown and never-sent ones always go). */
  readonly retryFailed: boolean;
  /** Given on `runs resume`: overrides the run's own (its journal's settings, else the default). */
  readonly concurrency?: number | undefined;
  /** As concurrency; null: no limit, though the run had one (`--rate none`). */
  readonly rate?: number | null | undefined;
  /** Only for a run without one (the run keeps it); the run's own results file is completed without it. */
  readonly results?: string | undefined;
}

/**
 * The results file a resume completes: the run's own (given at its start, or by an earlier resume), else
 * the one given now, which the run then keeps. A different one given for a run that has its own is a
 * usage error naming both.
 */
function resumeResults(runId: string, header: RunHeader, given: string | undefined): ResultsTarget | undefined {
  const asked = given === undefined ? undefined : resultsTarget(given);
  if (asked && header.results && asked.path !== header.results.path) {
    throw new CliError(
      `--results ${asked.path}: run ${runId} keeps its results in ${header.results.path}, and each resume completes that file; leave --results out. Nothing was sent`,
      EXIT.usage,
    );
  }
  return header.results ?? asked;
}

async function* toSend<Row>(
  items: AsyncIterable<BulkItem<Row>>,
  sends: (index: number) => boolean,
): AsyncGenerator<BulkItem<Row>> {
  for await (const item of items) if (sends(item.index)) yield item;
}

/**
 * Invoice and subscription workflows: reads back the target of each item whose outcome is unknown and
 * records it done when the change is already there, so it is not sent again (a production server may
 * have forgotten the key). Returns the indexes settled.
 */
async function settleUnknown<Row>(
  c: Factory,
  command: BulkCommand<Row>,
  file: string,
  state: JournalState,
  journal: JournalWriter,
): Promise<Set<number>> {
  const settled = new Set<number>();
  if (state.counts.unknown === 0 || command.applied === undefined) return settled;
  for await (const item of readItems(file, command.parse)) {
    if (state.statusOf(item.index) !== 'unknown' || !(await command.applied(c, item.row).catch(() => false))) continue;
    journal.append({
      index: item.index,
      line: item.line,
      status: 'done',
      http_status: null,
      message: 'read back: the target already shows the change; not sent again',
      request_id: null,
    });
    settled.add(item.index);
  }
  if (settled.size > 0 && !c.globals.quiet)
    c.io.stderr.write(
      `${settled.size} item${settled.size === 1 ? '' : 's'} of unknown outcome already applied (read back); not sent again.\n`,
    );
  return settled;
}

/**
 * `edshed runs resume ID`: runs the items of a run that are not done (through the same command, built
 * again from the journal's header), from the run's own items file
 * (the input file is not needed again), each with the key it had, so the server replays anything it had
 * already applied. It must be the same API the run started on.
 *
 * @example
 * await runResume(c, { runId: '20261102-100000-8000', retryFailed: false }); // the run's own concurrency and rate
 */
export async function runResume(command: Factory, o: ResumeOptions): Promise<void> {
  // Many requests: --timeout is each one's (with its retries), not the run's.
  const c = timeoutPerRequest(command);
  existingJournal(c.env, o.runId);
  // Read the journal only once no other process sends this run's items (it would change under us).
  const lock = acquireRunLock(c.env, o.runId, 'runs resume', c.now());
  try {
    await resumeLocked(c, o);
  } finally {
    lock.release();
  }
}

async function resumeLocked(c: Factory, o: ResumeOptions): Promise<void> {
  const state = await readJournal(c.env, o.runId);
  const { header } = state;
  const file = itemsFile(c.env, o.runId);
  if (!existsSync(file))
    throw new CliError(`run ${o.runId} has no items file (${file}); it cannot be resumed`, EXIT.usage);
  const results = resumeResults(o.runId, header, o.results);
  const connection = await c.connection();
  if (connection.baseUrl !== header.api) {
    throw new CliError(
      `run ${o.runId} wrote to ${header.api}, but this profile uses ${connection.baseUrl}: pass --api-url ${header.api} or --profile ${header.profile}`,
      EXIT.usage,
    );
  }
  const { counts } = state;
  const total = counts.pending + counts.unknown + (o.retryFailed ? counts.failed : 0);
  if (total === 0) {
    // Nothing to send, but the file is still made whole (a session killed before it rewrote it).
    if (results) await writeResults(c.env, o.runId, results);
    if (!c.globals.quiet) {
      const failed = counts.failed > 0 ? `; ${counts.failed} failed (--retry-failed sends them again)` : '';
      c.io.stderr.write(`Run ${o.runId}: nothing to send: ${counts.done} done, ${counts.skipped} skipped${failed}.\n`);
    }
    if (counts.failed > 0)
      throw new CliError(
        `${counts.failed} of ${header.items} items failed; see edshed runs show ${o.runId}`,
        EXIT.bulkPartial,
      );
    return;
  }
  const command = await commandOfRun(header);
  const journal = reopenJournal(c.env, o.runId, c.now(), header.results === undefined ? results : undefined);
  const settled = await settleUnknown(c, command, file, state, journal).catch(async (error: unknown) => {
    await journal.close();
    throw error;
  });
  const sends = (index: number) => !settled.has(index) && shouldSend(state.statusOf(index), o.retryFailed);
  const items = toSend(readItems(file, command.parse), sends);
  // The run's own settings, so a resume sends as the run did; a journal from before they were kept has none.
  const concurrency = o.concurrency ?? header.settings?.concurrency ?? DEFAULT_CONCURRENCY;
  const rate = o.rate === null ? undefined : (o.rate ?? header.settings?.rate);
  await executeRun(c, {
    command,
    header,
    journal,
    items,
    total: total - settled.size,
    concurrency,
    rate,
    results,
    sends,
  });
}
