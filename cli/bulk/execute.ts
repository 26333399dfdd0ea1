import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { warnIfProduction } from '../write/send.js';
import { rowFactory, type BulkCommand, type RowResult } from './bulk-command.js';
import { readItems, type BulkItem } from './items-file.js';
import { createJournal, itemsFile, type ItemOutcome, type JournalWriter, type RunHeader } from './journal.js';
import { readJournal } from './journal-state.js';
import { openReporter } from './progress.js';
import { acquireRunLock } from './run-lock.js';
import type { BeforeSending } from './before-sending.js';
import { writeResults, type ResultsTarget } from './results-file.js';
import { runItems, type RunStop } from './runner.js';
import { addAmount, formatTotals } from './target-summary.js';
import { byCodeUnits } from '../../core/domain/order.js';

/** A skipped item's message when its target changed between the plan and the apply (plan-file.ts driftOf). */
export const isDrift = (message: string): boolean => message.startsWith('drift:');

/** Server failures in a row (after the client's own retries) before a run pauses. */
export const RETRY_BUDGET = 10;

export interface ExecuteOptions<Row> {
  /** What runs once per item. */
  readonly command: BulkCommand<Row>;
  readonly header: RunHeader;
  readonly journal: JournalWriter;
  /** The items to send this session, in order. */
  readonly items: AsyncIterable<BulkItem<Row>>;
  readonly total: number;
  readonly concurrency: number;
  readonly rate?: number | undefined;
  /** The run's results file: rewritten whole from the journal as the session starts and as it ends. */
  readonly results?: ResultsTarget | undefined;
  /** Which items of the run's items file this session sends (a resume: those not done); absent: all. */
  readonly sends?: ((index: number) => boolean) | undefined;
  /** A new run's guard of its files until the first request (before-sending.ts): released as the runner takes Ctrl-C. */
  readonly beforeSending?: BeforeSending | undefined;
  /** Invoice workflows: an item's invoice amount, summed per currency over the items done. */
  readonly amountOf?:
    | ((item: BulkItem<Row>) => { readonly currency: string | null; readonly total: number | null } | undefined)
    | undefined;
}

/**
 * Starts a new run: takes its lock (held from before the journal exists, so a resume of it started
 * while it still goes is refused), writes the journal's header and the outcomes already known (rows set
 * aside, drift), then runs the items.
 *
 * @example
 * await executeNewRun(c, { command, header, known: skipped, items: readItems(file, command.parse), total: 868, concurrency: 4 });
 */
export async function executeNewRun<Row>(
  c: Factory,
  o: Omit<ExecuteOptions<Row>, 'journal'> & { readonly known: readonly ItemOutcome[] },
): Promise<void> {
  const lock = acquireRunLock(c.env, o.header.run_id, o.header.command, c.now());
  try {
    const journal = createJournal(c.env, o.header);
    for (const outcome of o.known) journal.append(outcome);
    await executeRun(c, { ...o, journal });
  } finally {
    lock.release();
  }
}

/**
 * Runs a run's items (a new run or a resume), each through the command's own run function (the path of
 * the single command: sendWrite, audit log with the run id) with a quiet factory, journals each outcome, writes the results file, prints progress and the
 * summary, and ends with the run's exit code: 0 all done, 3 some failed, 130 interrupted, 1 paused, 4
 * signed out; every way but 0 says how to go on.
 *
 * @example
 * await executeRun(c, { command, header, journal, items: readItems(file, command.parse), total: 868, concurrency: 4 });
 */
export async function executeRun<Row>(c: Factory, o: ExecuteOptions<Row>): Promise<void> {
  const { header, command } = o;
  const concurrency = Math.min(o.concurrency, command.maxConcurrency ?? o.concurrency);
  // Written first, so a path that cannot be written stops the session before anything is sent.
  if (o.results) await writeResults(c.env, header.run_id, o.results);
  // An item's natural key, worked out once as it is first sent and kept until its outcome is recorded.
  const keys = new Map<number, string | undefined>();
  const keyOf = (item: BulkItem<Row>) => {
    if (keys.has(item.index)) return keys.get(item.index);
    const key = command.naturalKey?.(item.row);
    keys.set(item.index, key);
    return key;
  };
  const totals = new Map<string, number>();
  // The invoice amounts the rows' answers carried, by item, until the item's outcome is recorded;
  // undefined for a write that changed nothing (not money done in this session).
  const amounts = new Map<number, RowResult['amount']>();
  const note = (line: string) => {
    if (!c.globals.quiet) c.io.stderr.write(`${line}\n`);
  };
  await warnIfProduction(c);
  if (command.load) await loadRows(c, command, header, o.sends, o.journal);
  note(
    `Run ${header.run_id}: sending ${o.total} item${o.total === 1 ? '' : 's'} of ${header.command} (concurrency ${concurrency}${o.rate ? `, at most ${o.rate}/s` : ''}).`,
  );
  const at = () => c.now().getTime();
  const progress = await openReporter(c, o.total, header.command);
  const rows = rowFactory(c, (text) => progress.log(text));
  // From here a Ctrl-C is the runner's: it stops sending, and the run is recorded and resumable.
  o.beforeSending?.release();
  const signal = c.io.interrupts({ quiet: progress.showsStopping });
  const stopping = () => progress.report({ kind: 'stopping', at: at() });
  signal.addEventListener('abort', stopping, { once: true });
  let stop: RunStop;
  try {
    stop = await runItems(o.items, {
      concurrency,
      rate: o.rate,
      retryBudget: RETRY_BUDGET,
      keyOf: (item) => `${header.idempotency_prefix}-${item.index}`,
      signal,
      run: async (item, idempotencyKey, signal) => {
        const result = await command.run(rows, item.row, { idempotencyKey, runId: header.run_id, signal });
        if (result.amount || result.changed === false)
          amounts.set(item.index, result.changed === false ? undefined : result.amount);
        return result;
      },
      onStart: (item) => {
        o.journal.sent({ index: item.index, line: item.line, key: keyOf(item) });
        progress.report({ kind: 'sent', at: at() });
      },
      onRequeue: () => progress.report({ kind: 'requeued', at: at() }),
      onNotSent: (item, message) => o.journal.unsent({ index: item.index, line: item.line, message, key: keyOf(item) }),
      record: (item, outcome) => {
        const key = keyOf(item);
        const entry = { index: item.index, line: item.line, ...outcome, ...(key === undefined ? {} : { key }) };
        o.journal.append(entry);
        progress.report({
          kind: 'settled',
          at: at(),
          status: outcome.status,
          line: item.line,
          message: outcome.message,
        });
        if (outcome.status === 'done')
          addAmount(totals, amounts.has(item.index) ? amounts.get(item.index) : o.amountOf?.(item));
        amounts.delete(item.index);
        keys.delete(item.index);
      },
      notify: (message) => progress.report({ kind: 'note', at: at(), message }),
      onPause: (pause) => progress.report({ kind: 'paused', at: at(), ...pause }),
    });
  } finally {
    signal.removeEventListener('abort', stopping);
    await progress.close();
    await o.journal.close();
    if (o.results) await writeResults(c.env, header.run_id, o.results);
  }
  await summarise(c, o.journal, header, stop, o.results?.path, o.amountOf || totals.size > 0 ? totals : undefined);
}

/** The command's reads before the session's first row; the journal is closed if they fail (nothing was sent). */
async function loadRows<Row>(
  c: Factory,
  command: BulkCommand<Row>,
  header: RunHeader,
  sends: ((index: number) => boolean) | undefined,
  journal: JournalWriter,
): Promise<void> {
  async function* rows(): AsyncGenerator<Row> {
    for await (const item of readItems(itemsFile(c.env, header.run_id), command.parse))
      if (sends?.(item.index) ?? true) yield item.row;
  }
  try {
    await command.load?.(c, rows());
  } catch (error) {
    await journal.close();
    throw error;
  }
}

async function summarise(
  c: Factory,
  journal: JournalWriter,
  header: RunHeader,
  stop: RunStop,
  results: string | undefined,
  totals: ReadonlyMap<string, number> | undefined,
): Promise<void> {
  // A new run's journal kept its state as it was written; a resumed run's earlier sessions are read back.
  const { counts, problems } = journal.state?.() ?? (await readJournal(c.env, header.run_id));
  const drift = problems.filter((p) => p.status === 'skipped' && isDrift(p.message)).length;
  const id = header.run_id;
  const amounts = totals ? { done_totals: Object.fromEntries([...totals].sort(([a], [b]) => byCodeUnits(a, b))) } : {};
  const summary = {
    run_id: id,
    command: header.command,
    file: header.file,
    items: header.items,
    ...counts,
    drift,
    ...amounts,
    stopped: stop,
  };
  if (c.globals.json) c.io.stdout.write(`${JSON.stringify(summary)}\n`);
  if (!c.globals.quiet) {
    const setAside = counts.skipped - drift;
    c.io.stderr.write(
      `Run ${id} (${header.command}, ${header.file}): ${counts.done} done, ${counts.failed} failed, ${drift} skipped (drift), ${counts.unknown} unknown` +
        `${setAside > 0 ? `, ${setAside} set aside` : ''}${counts.pending > 0 ? `, ${counts.pending} not sent yet` : ''} of ${header.items}.\n` +
        (totals ? `Invoices done in this session: ${formatTotals(totals)}\n` : '') +
        `Details: edshed runs show ${id}${results ? `; results in ${results}` : ''}\n`,
    );
  }
  const resume = `edshed runs resume ${id}`;
  if (stop === 'interrupted')
    throw new CliError(
      `interrupted; in-flight requests finished and were recorded. Resume with: ${resume}`,
      EXIT.interrupted,
    );
  if (stop === 'paused')
    throw new CliError(
      `run paused: the server keeps failing or cannot be reached. When it is healthy again, resume with: ${resume}`,
      EXIT.requestFailed,
    );
  if (stop === 'auth')
    throw new CliError(
      `not signed in (or the session expired): sign in with edshed login, then resume with: ${resume}`,
      EXIT.auth,
    );
  if (counts.failed + counts.unknown > 0) {
    throw new CliError(
      `${counts.failed + counts.unknown} of ${header.items} items did not succeed; see edshed runs show ${id}, and send them again with: ${resume} --retry-failed`,
      EXIT.bulkPartial,
    );
  }
  // Items whose requests never reached the server wait for a resume, which sends them (no --retry-failed).
  if (counts.pending > 0)
    throw new CliError(
      `${counts.pending} of ${header.items} items not sent: the server could not be reached. Send them with: ${resume}`,
      EXIT.bulkPartial,
    );
  // A drifted item was planned but not applied: the plan did not fully happen, which a script must see.
  if (drift > 0)
    throw new CliError(
      `${drift} of ${header.items} items skipped: their target changed since the plan (see edshed runs show ${id}); make a new plan for them`,
      EXIT.bulkPartial,
    );
}
