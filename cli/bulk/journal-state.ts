import { createReadStream, existsSync } from 'node:fs';
import { z } from 'zod';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Env } from '../factory/factory.js';
import { runHeaderSchema } from './journal-header.js';
import { journalFile, type ItemOutcome, type ItemStatus, type RunHeader } from './journal.js';
import { blockLines, lineChunks } from './lines.js';

const outcomeSchema = z.object({
  type: z.literal('item'),
  index: z.number().int().nonnegative(),
  line: z.number().int().nonnegative(),
  status: z.enum(['done', 'failed', 'unknown', 'skipped']),
  http_status: z.number().int().nullable(),
  message: z.string(),
  request_id: z.string().nullable(),
  key: z.string().optional(),
});

/** An item about to be sent (journal.ts `sent`): unknown until its outcome line follows. */
const sentSchema = z.object({
  type: z.literal('sent'),
  index: z.number().int().nonnegative(),
  line: z.number().int().nonnegative(),
  key: z.string().optional(),
});
/** An item whose request never reached the server (journal.ts `unsent`): waiting again, like one never sent. */
const unsentSchema = sentSchema.extend({ type: z.literal('unsent'), message: z.string() });

/** A resume's line: `results` when that resume gave the run its results file. */
const resumeSchema = z.object({ type: z.literal('resume'), results: runHeaderSchema.shape.results });

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

/**
 * The journal file of a run that exists; else a usage error (an id is letters, digits, `_` and `-`).
 *
 * @example
 * existingJournal(c.env, '20261102-100000-8000') // '/home/jane/.local/state/edshed/runs/20261102-100000-8000.jsonl'
 */
export function existingJournal(env: Env, runId: string): string {
  const file = journalFile(env, runId);
  if (!/^[\w-]+$/.test(runId) || !existsSync(file))
    throw new CliError(`no run ${runId}; see edshed runs list`, EXIT.usage);
  return file;
}

/** A journal line after the header, as the state of its item: `pending` for an item back to waiting (unsent). */
type Step =
  | { readonly kind: 'resume'; readonly results?: RunHeader['results'] }
  | { readonly kind: 'item'; readonly status: ItemStatus | 'pending'; readonly problem: JournalProblem };

/**
 * The header of a journal, then each line after it as a step; a line cut short by a crash, or of an
 * item outside the run, is passed over.
 */
async function* journalSteps(
  file: string,
): AsyncGenerator<Step | { readonly kind: 'header'; readonly header: RunHeader }> {
  let items: number | undefined;
  for await (const block of lineChunks(createReadStream(file))) {
    for (const text of blockLines(block)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
      if (items === undefined) {
        const parsed = runHeaderSchema.safeParse(value);
        if (!parsed.success) throw new CliError(`${file}: not a run journal (bad first line)`, EXIT.usage);
        items = parsed.data.items;
        yield { kind: 'header', header: parsed.data };
        continue;
      }
      const step = stepOf(value, items);
      if (step) yield step;
    }
  }
  if (items === undefined) throw new CliError(`${file}: empty journal`, EXIT.usage);
}

function stepOf(value: unknown, items: number): Step | undefined {
  if (value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'resume') {
    const results = resumeSchema.safeParse(value);
    return results.success && results.data.results
      ? { kind: 'resume', results: results.data.results }
      : { kind: 'resume' };
  }
  // A line is checked against the one schema its type names: a failed check costs zod far more than a
  // passed one, and an outcome line tried as `sent` and `unsent` first was most of reading a journal.
  const type = value !== null && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
  if (type === 'sent') {
    const sent = sentSchema.safeParse(value);
    if (!sent.success) return undefined;
    const { type: _type, ...item } = sent.data;
    return item.index < items
      ? {
          kind: 'item',
          status: 'unknown',
          problem: { ...item, status: 'unknown', http_status: null, message: IN_FLIGHT_AT_STOP, request_id: null },
        }
      : undefined;
  }
  if (type === 'unsent') {
    const unsent = unsentSchema.safeParse(value);
    if (!unsent.success) return undefined;
    const { type: _type, ...item } = unsent.data;
    return item.index < items
      ? { kind: 'item', status: 'pending', problem: { ...item, status: 'unsent', http_status: null, request_id: null } }
      : undefined;
  }
  const outcome = outcomeSchema.safeParse(value);
  if (!outcome.success || outcome.data.index >= items) return undefined;
  const { type: _type, ...item } = outcome.data;
  return { kind: 'item', status: item.status, problem: item };
}

/**
 * Reads a run's journal. An item sent without an outcome after it (in flight when the run died) is
 * unknown. A line cut short by a crash is ignored (its item counts as it stood before, and is sent
 * again, with the same key). Unknown run: a usage error.
 *
 * @example
 * const state = await readJournal(c.env, '20261102-100000-8000');
 * state.statusOf(0) // 'done'
 */
export async function readJournal(env: Env, runId: string): Promise<JournalState> {
  const file = existingJournal(env, runId);
  let header: RunHeader | undefined;
  let statuses = new Uint8Array(0);
  const others = new Map<number, JournalProblem>();
  let resumes = 0;
  for await (const step of journalSteps(file)) {
    if (step.kind === 'resume') {
      resumes += 1;
      if (step.results && header) header = { ...header, results: step.results };
    } else if (step.kind === 'item') {
      statuses[step.problem.index] = CODES.indexOf(step.status);
      if (step.status === 'done') others.delete(step.problem.index);
      else others.set(step.problem.index, withKey(step.problem, others.get(step.problem.index)));
    } else {
      header = step.header;
      statuses = new Uint8Array(header.items);
    }
  }
  if (header === undefined) throw new CliError(`${file}: empty journal`, EXIT.usage);
  const counts = { pending: 0, done: 0, failed: 0, unknown: 0, skipped: 0 };
  for (const code of statuses) counts[CODES[code] ?? 'pending'] += 1;
  return {
    header,
    statusOf: (index) => CODES[statuses[index] ?? 0] ?? 'pending',
    counts,
    problems: [...others.values()].sort((a, b) => a.index - b.index),
    resumes,
  };
}

/** A later line of an item without a key (a read-back) keeps the key an earlier line gave. */
const withKey = (problem: JournalProblem, before: JournalProblem | undefined): JournalProblem =>
  problem.key === undefined && before?.key !== undefined ? { ...problem, key: before.key } : problem;

/**
 * Every item's last outcome across the run and all its resumes, in index order: what `runs results`
 * prints and a results file holds. Items never tried have none (an item back to waiting is `unsent`).
 *
 * @example
 * const { outcomes } = await readOutcomes(c.env, '20261102-100000-8000');
 * outcomes[0] // { index: 0, line: 2, key: 'INV-000008', status: 'done', http_status: 200, ... }
 */
export async function readOutcomes(
  env: Env,
  runId: string,
): Promise<{ readonly header: RunHeader; readonly outcomes: readonly JournalProblem[] }> {
  const file = existingJournal(env, runId);
  let header: RunHeader | undefined;
  const last = new Map<number, JournalProblem>();
  for await (const step of journalSteps(file)) {
    if (step.kind === 'item') last.set(step.problem.index, withKey(step.problem, last.get(step.problem.index)));
    else if (step.kind === 'header') header = step.header;
  }
  if (header === undefined) throw new CliError(`${file}: empty journal`, EXIT.usage);
  return { header, outcomes: [...last.values()].sort((a, b) => a.index - b.index) };
}

/**
 * Whether a resume sends an item: pending (never sent, or never reached the server) and unknown ones always (with their same key, so the server
 * replays what it already applied), failed ones only with --retry-failed, done and skipped ones never.
 *
 * @example
 * shouldSend('unknown', false) // true
 */
export function shouldSend(status: ItemStatus | 'pending', retryFailed: boolean): boolean {
  return status === 'pending' || status === 'unknown' || (status === 'failed' && retryFailed);
}
