/** An engagement snapshot as the API answers it, and the small checks every snapshots command shares. */
import { z } from 'zod';
import { ApiError } from '../../../core/api/errors/index.js';
import { CliError, EXIT } from '../../cli-error.js';
import type { Factory } from '../../factory.js';
import { parseWholeNumber } from '../../whole-number.js';
import { HintedError } from '../../write/hinted-error.js';

export const snapshotSchema = z.looseObject({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** queued, running, done or failed (the state of the job computing it). */
  state: z.string(),
  progress: z.number(),
  error: z.string().nullish(),
  rows: z.number().int().optional(),
});
export type Snapshot = z.output<typeof snapshotSchema>;

/** The columns of a snapshot, for checking `--fields` before anything is sent. */
export const SNAPSHOT_FIELDS = ['id', 'start', 'end', 'state', 'progress', 'error', 'job_id', 'school_count', 'rows', 'created_by', 'created_at', 'completed_at'] as const;

/**
 * The snapshot in an answer (`{ snapshot: {...} }`); exit 1 when the answer has none.
 *
 * @example
 * snapshotOf({ snapshot: { id: 3, start: '2026-09-01', end: '2026-11-01', state: 'queued', progress: 0 } }).id // 3
 */
export function snapshotOf(data: unknown): Snapshot {
  const parsed = z.object({ snapshot: snapshotSchema }).safeParse(data);
  if (!parsed.success) throw new CliError('The API answered without an engagement snapshot', EXIT.requestFailed);
  // The API's own key order, for printing (parsing puts the declared keys first).
  return { ...((data as { snapshot: object }).snapshot), ...parsed.data.snapshot };
}

/**
 * A snapshot id from the command line: a whole number from 1, else exit 2.
 *
 * @example
 * parseSnapshotId('3') // 3
 */
export function parseSnapshotId(text: string): number {
  return parseWholeNumber(text, 'snapshot id');
}

/**
 * A snapshot in words, for questions and notes.
 *
 * @example
 * describeSnapshot(snapshot) // 'engagement snapshot 3 (2026-09-01 to 2026-11-01)'
 */
export function describeSnapshot(snapshot: Pick<Snapshot, 'id' | 'start' | 'end'>): string {
  return `engagement snapshot ${snapshot.id} (${snapshot.start} to ${snapshot.end})`;
}

/**
 * A sentence's first word with a capital.
 *
 * @example
 * capitalise(describeSnapshot(snapshot)) // 'Engagement snapshot 3 (2026-09-01 to 2026-11-01)'
 */
export function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * Reads one snapshot with its job's state and progress.
 *
 * @example
 * const snapshot = await fetchSnapshot(c, 3);
 */
export async function fetchSnapshot(c: Factory, id: number): Promise<Snapshot> {
  return snapshotOf((await (await c.api()).snapshots.show({ id })).data);
}

/**
 * The error to report when reading a snapshot's data failed: the server's 409 for a job still queued or
 * running gets the command that waits for it; anything else is returned as it is.
 *
 * @example
 * catch (error) { throw notDoneHint(error, 3); }
 */
export function notDoneHint(error: unknown, id: number): unknown {
  if (error instanceof ApiError && error.status === 409 && /\b(queued|running)\b/.test(error.message)) {
    return new HintedError(error, `\`edshed snapshots wait ${id}\` waits for it to be done.`);
  }
  return error;
}
