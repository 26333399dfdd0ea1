/** An engagement snapshot as the API answers it (core's SNAPSHOT shape), and the small checks every snapshots command shares. */
import { ApiError } from '../../../core/api/errors/index.js';
import { shapeKeys } from '../../../core/shapes/define.js';
import { SNAPSHOT } from '../../../core/shapes/system.js';
import type { Snapshot } from '../../../core/shapes/types.js';
import type { Factory } from '../../factory/factory.js';
import { answerShaped } from '../../read/records.js';
import { parseWholeNumber } from '../../input/whole-number.js';
import { HintedError } from '../../write/hinted-error.js';

export type { Snapshot };

/** The columns of a snapshot (its shape's keys), for checking `--fields` before anything is sent. */
export const SNAPSHOT_FIELDS = shapeKeys(SNAPSHOT);

/**
 * The snapshot in an answer (`{ snapshot: {...} }`), checked against core's shape; exit 1 naming what
 * differs when the answer has none.
 *
 * @example
 * (await snapshotOf(data, 'GET superuser/sales/reports/engagement/snapshots/3')).id // 3
 */
export function snapshotOf(data: unknown, call: string): Promise<Snapshot> {
  return answerShaped(data, 'snapshot', SNAPSHOT, call);
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
  return snapshotOf(
    (await (await c.api()).snapshots.show({ id })).data,
    `GET superuser/sales/reports/engagement/snapshots/${id}`,
  );
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
