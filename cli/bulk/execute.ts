import { CliError, EXIT } from '../cli-error.js';
import type { Factory } from '../factory.js';
import { warnIfProduction } from '../write/send.js';
import { rowFactory, type BulkCommand } from './bulk-command.js';
import type { BulkItem } from './items-file.js';
import type { JournalWriter, RunHeader } from './journal.js';
import { readJournal } from './journal-state.js';
import { startProgress } from './progress.js';
import { openRecordFile, type RecordFile } from './record-file.js';
import { runItems, type RunStop } from './runner.js';

/** Server failures in a row (after the client's own retries) before a run pauses. */
export const RETRY_BUDGET = 10;

export const RESULT_COLUMNS = ['index', 'line', 'status', 'http_status', 'message', 'request_id'] as const;

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
  readonly results?: string | undefined;
}

/**
 * Runs a run's items (a new run or a resume), each through the command's own run function (the path of
 * the single command: sendWrite, audit log with the run id), with a quiet factory (no output per row), journals each outcome, writes the results file, prints progress and the
 * summary, and ends with the run's exit code: 0 all done, 3 some failed, 130 interrupted, 1 paused, 4
 * signed out; every way but 0 says how to go on.
 *
 * @example
 * await executeRun(c, { command, header, journal, items: readItems(file, command.parse), total: 868, concurrency: 4 });
 */
export async function executeRun<Row>(c: Factory, o: ExecuteOptions<Row>): Promise<void> {
  const { header, command } = o;
  const rows = rowFactory(c);
  const concurrency = Math.min(o.concurrency, command.maxConcurrency ?? o.concurrency);
  const results: RecordFile | undefined = o.results ? await openRecordFile('--results', o.results, RESULT_COLUMNS) : undefined;
  let written: Promise<void> = Promise.resolve();
  const note = (line: string) => {
    if (!c.globals.quiet) c.io.stderr.write(`${line}\n`);
  };
  await warnIfProduction(c);
  note(`Run ${header.run_id}: sending ${o.total} item${o.total === 1 ? '' : 's'} of ${header.command} (concurrency ${concurrency}${o.rate ? `, at most ${o.rate}/s` : ''}).`);
  const progress = startProgress(o.total, c.globals.quiet ? undefined : note, { now: () => c.now().getTime() });
  let stop: RunStop;
  try {
    stop = await runItems(o.items, {
      concurrency,
      rate: o.rate,
      retryBudget: RETRY_BUDGET,
      keyOf: (item) => `${header.idempotency_prefix}-${item.index}`,
      signal: c.io.interrupts(),
      run: (item, idempotencyKey, signal) => command.run(rows, item.row, { idempotencyKey, runId: header.run_id, signal }),
      onStart: () => progress.started(),
      record: (item, outcome) => {
        const entry = { index: item.index, line: item.line, ...outcome };
        o.journal.append(entry);
        progress.finished(outcome.status);
        if (results) written = written.then(() => results.write(entry));
      },
      notify: note,
    });
  } finally {
    progress.stop();
    o.journal.close();
    await written;
    await results?.close();
  }
  await summarise(c, header, stop, o.results);
}

async function summarise(c: Factory, header: RunHeader, stop: RunStop, results: string | undefined): Promise<void> {
  const { counts } = await readJournal(c.env, header.run_id);
  const id = header.run_id;
  const summary = { run_id: id, command: header.command, file: header.file, items: header.items, ...counts, stopped: stop };
  if (c.globals.json) c.io.stdout.write(`${JSON.stringify(summary)}\n`);
  if (!c.globals.quiet) {
    c.io.stderr.write(
      `Run ${id} (${header.command}, ${header.file}): ${counts.done} done, ${counts.failed} failed, ${counts.unknown} unknown, ${counts.skipped} skipped` +
        `${counts.pending > 0 ? `, ${counts.pending} not sent yet` : ''} of ${header.items}.\n` +
        `Details: edshed runs show ${id}${results ? `; results in ${results}` : ''}\n`,
    );
  }
  const resume = `edshed runs resume ${id}`;
  if (stop === 'interrupted') throw new CliError(`interrupted; in-flight requests finished and were recorded. Resume with: ${resume}`, EXIT.interrupted);
  if (stop === 'paused') throw new CliError(`run paused: the server keeps failing. When it is healthy again, resume with: ${resume}`, EXIT.requestFailed);
  if (stop === 'auth') throw new CliError(`not signed in (or the session expired): sign in with edshed login, then resume with: ${resume}`, EXIT.auth);
  if (counts.failed + counts.unknown > 0) {
    throw new CliError(`${counts.failed + counts.unknown} of ${header.items} items did not succeed; see edshed runs show ${id}, and send them again with: ${resume} --retry-failed`, EXIT.bulkPartial);
  }
}
