/**
 * Where a run stands, built a line at a time: what `readJournal` makes of a journal's lines as it reads
 * them (journal-state.ts), and what a new run's writer (journal.ts) makes of the lines as it writes them,
 * so that the run's end does not read back what it has just written. One definition of the state, for both.
 */
import type { ItemOutcome, ItemStatus, JournalItem, NotSent } from './journal.js';
import type { RunHeader } from './journal-header.js';

/** An item not done, as `runs show` lists it: `unsent` when its request never reached the server (it waits to be sent). */
export interface JournalProblem extends Omit<ItemOutcome, 'status'> {
  readonly status: ItemStatus | 'unsent';
}

/** What an item sent without an outcome after it says: the run stopped (a crash, a kill) while it was in flight. */
export const IN_FLIGHT_AT_STOP =
  'sent, but the run stopped before its answer was recorded: it may or may not have been applied';

const CODES: readonly (ItemStatus | 'pending')[] = ['pending', 'done', 'failed', 'unknown', 'skipped'];

/** Where a run stands, from its journal: the last outcome of each item wins. */
export interface JournalState {
  readonly header: RunHeader;
  /** Per item: its status, `pending` when no outcome was written (never sent, or its request never reached the server). */
  statusOf(index: number): ItemStatus | 'pending';
  readonly counts: Readonly<Record<ItemStatus | 'pending', number>>;
  /** The last outcome of each item not done (failed, unknown, skipped, unsent), in index order. */
  readonly problems: readonly JournalProblem[];
  /** How many times the run was resumed. */
  readonly resumes: number;
}

/** A journal line after the header, as the state of its item: `pending` for an item back to waiting (unsent). */
export type Step =
  | { readonly kind: 'resume'; readonly results?: RunHeader['results'] }
  | { readonly kind: 'item'; readonly status: ItemStatus | 'pending'; readonly problem: JournalProblem };

/** A `sent` line's step: unknown until its outcome follows. Undefined for an item outside the run. */
export function sentStep({ index, line, key }: JournalItem, items: number): Step | undefined {
  if (index >= items) return undefined;
  const problem = { index, line, ...(key === undefined ? {} : { key }) };
  return {
    kind: 'item',
    status: 'unknown',
    problem: { ...problem, status: 'unknown', http_status: null, message: IN_FLIGHT_AT_STOP, request_id: null },
  };
}

/** An `unsent` line's step: back to waiting. */
export function unsentStep({ index, line, message, key }: NotSent, items: number): Step | undefined {
  if (index >= items) return undefined;
  const problem = { index, line, ...(key === undefined ? {} : { key }), message };
  return {
    kind: 'item',
    status: 'pending',
    problem: { ...problem, status: 'unsent', http_status: null, request_id: null },
  };
}

/** An outcome line's step: the outcome's own fields, as its line holds them. */
export function outcomeStep(outcome: ItemOutcome, items: number): Step | undefined {
  const { index, line, status, http_status, message, request_id, key } = outcome;
  if (index >= items) return undefined;
  const problem = { index, line, status, http_status, message, request_id, ...(key === undefined ? {} : { key }) };
  return { kind: 'item', status, problem };
}

/** A later line of an item without a key (a read-back) keeps the key an earlier line gave. */
export const withKey = (problem: JournalProblem, before: JournalProblem | undefined): JournalProblem =>
  problem.key === undefined && before?.key !== undefined ? { ...problem, key: before.key } : problem;

/** The state of a run from its header on, a step at a time. */
export interface JournalTally {
  step(step: Step | undefined): void;
  state(): JournalState;
}

/**
 * A tally of a run from its header: each step applied as its line is read or written.
 *
 * @example
 * const tally = journalTally(header);
 * tally.step(sentStep({ index: 0, line: 2 }, header.items));
 * tally.state().counts.unknown // 1
 */
export function journalTally(first: RunHeader): JournalTally {
  let header = first;
  const statuses = new Uint8Array(header.items);
  const others = new Map<number, JournalProblem>();
  let resumes = 0;
  return {
    step(step) {
      if (step === undefined) return;
      if (step.kind === 'resume') {
        resumes += 1;
        if (step.results) header = { ...header, results: step.results };
        return;
      }
      const { index } = step.problem;
      statuses[index] = CODES.indexOf(step.status);
      if (step.status === 'done') others.delete(index);
      else others.set(index, withKey(step.problem, others.get(index)));
    },
    state() {
      const counts = { pending: 0, done: 0, failed: 0, unknown: 0, skipped: 0 };
      for (const code of statuses) counts[CODES[code] ?? 'pending'] += 1;
      const codes = statuses.slice();
      return {
        header,
        statusOf: (index) => CODES[codes[index] ?? 0] ?? 'pending',
        counts,
        problems: [...others.values()].sort((a, b) => a.index - b.index),
        resumes,
      };
    },
  };
}
