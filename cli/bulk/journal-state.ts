import { createReadStream, existsSync } from 'node:fs';
import { z } from 'zod';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Env } from '../factory/factory.js';
import { runHeaderSchema } from './journal-header.js';
import { journalFile, type ItemStatus, type RunHeader } from './journal.js';
import {
  journalTally,
  outcomeStep,
  sentStep,
  unsentStep,
  withKey,
  type JournalProblem,
  type JournalState,
  type JournalTally,
  type Step,
} from './journal-tally.js';
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

export { IN_FLIGHT_AT_STOP, type JournalProblem, type JournalState } from './journal-tally.js';

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
    return sent.success ? sentStep(sent.data, items) : undefined;
  }
  if (type === 'unsent') {
    const unsent = unsentSchema.safeParse(value);
    return unsent.success ? unsentStep(unsent.data, items) : undefined;
  }
  const outcome = outcomeSchema.safeParse(value);
  return outcome.success ? outcomeStep(outcome.data, items) : undefined;
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
  let tally: JournalTally | undefined;
  for await (const step of journalSteps(file)) {
    if (step.kind === 'header') tally = journalTally(step.header);
    else tally?.step(step);
  }
  if (tally === undefined) throw new CliError(`${file}: empty journal`, EXIT.usage);
  return tally.state();
}

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
