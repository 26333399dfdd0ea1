import { createReadStream, existsSync } from 'node:fs';
import { z } from 'zod';
import { CliError, EXIT } from '../cli-error.js';
import type { Env } from '../factory.js';
import { runHeaderSchema } from './journal-header.js';
import { journalFile, type ItemOutcome, type ItemStatus, type RunHeader } from './journal.js';
import { physicalLines } from './lines.js';

const outcomeSchema = z.object({
  type: z.literal('item'),
  index: z.number().int().nonnegative(),
  line: z.number().int().nonnegative(),
  status: z.enum(['done', 'failed', 'unknown', 'skipped']),
  http_status: z.number().int().nullable(),
  message: z.string(),
  request_id: z.string().nullable(),
});

/** An item about to be sent (journal.ts `sent`): unknown until its outcome line follows. */
const sentSchema = z.object({ type: z.literal('sent'), index: z.number().int().nonnegative(), line: z.number().int().nonnegative() });
/** An item whose request never reached the server (journal.ts `unsent`): waiting again, like one never sent. */
const unsentSchema = sentSchema.extend({ type: z.literal('unsent'), message: z.string() });

/** An item not done, as `runs show` lists it: `unsent` when its request never reached the server (it waits to be sent). */
export interface JournalProblem extends Omit<ItemOutcome, 'status'> {
  readonly status: ItemStatus | 'unsent';
}

/** What an item sent without an outcome after it says: the run stopped (a crash, a kill) while it was in flight. */
export const IN_FLIGHT_AT_STOP = 'sent, but the run stopped before its answer was recorded: it may or may not have been applied';

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
  if (!/^[\w-]+$/.test(runId) || !existsSync(file)) throw new CliError(`no run ${runId}; see edshed runs list`, EXIT.usage);
  return file;
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
  for await (const { text } of physicalLines(createReadStream(file))) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    if (header === undefined) {
      const parsed = runHeaderSchema.safeParse(value);
      if (!parsed.success) throw new CliError(`${file}: not a run journal (bad first line)`, EXIT.usage);
      header = parsed.data;
      statuses = new Uint8Array(header.items);
      continue;
    }
    if ((value as { type?: unknown }).type === 'resume') resumes += 1;
    const sent = sentSchema.safeParse(value);
    if (sent.success && sent.data.index < statuses.length) {
      statuses[sent.data.index] = CODES.indexOf('unknown');
      others.set(sent.data.index, { index: sent.data.index, line: sent.data.line, status: 'unknown', http_status: null, message: IN_FLIGHT_AT_STOP, request_id: null });
      continue;
    }
    const unsent = unsentSchema.safeParse(value);
    if (unsent.success && unsent.data.index < statuses.length) {
      const { index, line, message } = unsent.data;
      statuses[index] = CODES.indexOf('pending');
      others.set(index, { index, line, status: 'unsent', http_status: null, message, request_id: null });
      continue;
    }
    const outcome = outcomeSchema.safeParse(value);
    if (!outcome.success || outcome.data.index >= statuses.length) continue;
    const { type: _type, ...item } = outcome.data;
    statuses[item.index] = CODES.indexOf(item.status);
    if (item.status === 'done') others.delete(item.index);
    else others.set(item.index, item);
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
