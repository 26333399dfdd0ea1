import { appendFileSync, chmodSync, closeSync, fsync, fsyncSync, openSync, readSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, stateDir } from '../config/paths.js';
import { appendText } from '../write/append-text.js';
import type { Env } from '../factory/factory.js';
import type { RunHeader, RunSettings } from './journal-header.js';
import {
  journalTally,
  outcomeStep,
  sentStep,
  unsentStep,
  type JournalState,
  type JournalTally,
} from './journal-tally.js';

/** An item's outcome: `unknown` when the request may or may not have been applied (the connection dropped). */
export type ItemStatus = 'done' | 'failed' | 'unknown' | 'skipped';

export type { RunHeader, RunSettings } from './journal-header.js';

/** One line per item outcome; the last line for an index is its state. */
export interface ItemOutcome {
  readonly index: number;
  readonly line: number;
  readonly status: ItemStatus;
  readonly http_status: number | null;
  readonly message: string;
  readonly request_id: string | null;
  /**
   * What the item writes to, as a person names it (`INV-000004`, `subscription 12 -> school 7`), known
   * when it was planned: results and `runs show` name items by it without a request.
   */
  readonly key?: string | undefined;
}

/**
 * The outcome of an item set aside without a request (a row refused by the checks, a target that drifted).
 *
 * @example
 * skippedOutcome(3, 5, 'drift: was open, now paid') // { index: 3, line: 5, status: 'skipped', ... }
 */
export function skippedOutcome(index: number, line: number, message: string): ItemOutcome {
  return { index, line, status: 'skipped', http_status: null, message, request_id: null };
}

/** An item whose request provably never reached the server (connection refused): it waits to be sent, as if never tried. */
export interface NotSent {
  readonly index: number;
  readonly line: number;
  /** Why it could not be sent (`Network error: ... ECONNREFUSED`). */
  readonly message: string;
  readonly key?: string | undefined;
}

/** An item as the journal names it: where it is in the file, and its natural key when it has one. */
export interface JournalItem {
  readonly index: number;
  readonly line: number;
  readonly key?: string | undefined;
}

/**
 * Milliseconds between two fsyncs. An item's `sent` line is written to the OS before its request goes
 * out, so a killed CLI never takes an item it sent for one never sent; fsync only guards against power
 * loss, where an outcome lost is an item sent again with its same key (a replay). An fsync blocks the
 * run, so it is paced by time, not by lines.
 */
const FSYNC_EVERY_MS = 1_000;

/** The folder of run journals: `<state dir>/runs`. */
export const runsDir = (env: Env): string => join(stateDir(env), 'runs');
export const journalFile = (env: Env, runId: string): string => join(runsDir(env), `${runId}.jsonl`);
/** The requests of a run, one JSON line per valid row (items-file.ts). */
export const itemsFile = (env: Env, runId: string): string => join(runsDir(env), `${runId}.items.jsonl`);

/**
 * A new run id: the time (UTC, sortable) and four random hex digits.
 *
 * @example
 * newRunId(new Date('2026-11-02T10:00:00Z'), () => 0.5) // '20261102-100000-8000'
 */
export function newRunId(now: Date, random: () => number = Math.random): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${Math.floor(random() * 0x10000)
    .toString(16)
    .padStart(4, '0')}`;
}

/**
 * The settings a run keeps in its header, from its options (the rate only when there is one).
 *
 * @example
 * runSettings({ concurrency: 8, rate: undefined }) // { concurrency: 8 }
 */
export function runSettings(o: { readonly concurrency: number; readonly rate?: number | undefined }): RunSettings {
  return { concurrency: o.concurrency, ...(o.rate === undefined ? {} : { rate: o.rate }) };
}

/**
 * Appends to a run's journal. An intent (`sent`) is written at once, with every line held before it, in
 * one synchronous append; outcomes are held until then, or until the turn of the event loop they came in
 * is over, so the outcomes of the items that settle together and the next item's intent are one write.
 * A kill in between loses at most those outcomes: their items read as sent with no outcome (unknown),
 * which a resume reads back or sends again under the same key, never as a new write.
 */
export interface JournalWriter {
  readonly file: string;
  /**
   * An item is about to be sent: on the OS, with whatever was held, before this returns (and so before
   * its request goes out), so an item in flight when the run dies counts as unknown (read back before it
   * goes again), not as never sent.
   */
  sent(item: JournalItem): void;
  /** The item's request never reached the server: it is back to waiting (a resume sends it), not unknown. */
  unsent(item: NotSent): void;
  /** An item's outcome, held with the others of this turn (see above). */
  append(outcome: ItemOutcome): void;
  /** Flushes to disk and closes (once the fsync under way, if any, is over). */
  close(): Promise<void>;
  /**
   * A new run's journal: where the run stands, as the lines written so far say (what `readJournal` would
   * read back), kept as they are written so the run's summary need not read them again. Absent for a
   * journal reopened by a resume: its earlier sessions' lines are read back (journal-state.ts).
   */
  readonly state?: () => JournalState;
}

function writer(file: string, fd: number, tally?: JournalTally, items = 0): JournalWriter {
  let synced = performance.now();
  // The periodic fsync runs in the thread pool: on a busy disk it takes milliseconds the run need not wait.
  let syncing: Promise<void> | undefined;
  let held = '';
  let later: NodeJS.Immediate | undefined;
  const flush = () => {
    if (later !== undefined) clearImmediate(later);
    later = undefined;
    if (held === '') return;
    const text = held;
    held = '';
    appendText(fd, text);
    const now = performance.now();
    if (syncing === undefined && now - synced >= FSYNC_EVERY_MS) {
      synced = now;
      syncing = new Promise<void>((resolve) => fsync(fd, () => resolve())).finally(() => (syncing = undefined));
    }
  };
  // A process.exit (a second Ctrl-C) still writes what is held: it runs no more turns of the loop.
  process.on('exit', flush);
  const line = (record: object) => void (held += `${JSON.stringify(record)}\n`);
  const hold = (record: object) => {
    line(record);
    later ??= setImmediate(flush);
  };
  return {
    file,
    sent: (item) => {
      const { index, line: at, key } = item;
      line({ type: 'sent', index, line: at, ...(key === undefined ? {} : { key }) });
      tally?.step(sentStep(item, items));
      flush();
    },
    unsent: (item) => {
      const { index, line, message, key } = item;
      hold({ type: 'unsent', index, line, message, ...(key === undefined ? {} : { key }) });
      tally?.step(unsentStep(item, items));
    },
    append: (outcome) => {
      hold({ type: 'item', ...outcome });
      tally?.step(outcomeStep(outcome, items));
    },
    ...(tally ? { state: () => tally.state() } : {}),
    close: async () => {
      flush();
      process.off('exit', flush);
      await syncing;
      fsyncSync(fd);
      closeSync(fd);
    },
  };
}

/**
 * Starts a run's journal (the runs folder 0700, the file 0600) with its header line.
 *
 * @example
 * const journal = createJournal(c.env, { type: 'run', version: 1, run_id, command: 'invoices mark-paid', ... });
 * journal.append({ index: 0, line: 2, status: 'done', http_status: 200, message: 'ok', request_id: 'r1' });
 */
export function createJournal(env: Env, header: RunHeader): JournalWriter {
  ensurePrivateDir(runsDir(env));
  const file = journalFile(env, header.run_id);
  const fd = openSync(file, 'wx', 0o600);
  chmodSync(file, 0o600);
  appendFileSync(fd, `${JSON.stringify(header)}\n`);
  fsyncSync(fd);
  return writer(file, fd, journalTally(header), header.items);
}

/**
 * Opens an existing journal to append to (a resume), first ending a line cut short by a crash. Its
 * `resume` line carries `results` when this resume gives the run its results file (a run started
 * without one): the run keeps it from then on, as if given at the start.
 *
 * @example
 * const journal = reopenJournal(c.env, '20261102-100000-8000', c.now());
 */
export function reopenJournal(env: Env, runId: string, now: Date, results?: RunHeader['results']): JournalWriter {
  const file = journalFile(env, runId);
  const fd = openSync(file, 'a+');
  const size = fstatSync(fd).size;
  const last = Buffer.alloc(1);
  if (size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a) appendFileSync(fd, '\n');
  const journal = writer(file, fd);
  appendFileSync(
    fd,
    `${JSON.stringify({ type: 'resume', time: now.toISOString(), ...(results ? { results } : {}) })}\n`,
  );
  return journal;
}
