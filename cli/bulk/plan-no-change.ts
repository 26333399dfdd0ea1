/** A dry run's rows that would change nothing: their target is already as the row wants it (invoice and subscription workflows). */
import type { TargetState } from './targets.js';

/** A row to judge once its target's state is known. */
export interface NoChangeCheck<Row> {
  readonly index: number;
  readonly line: number;
  readonly target_id: number;
  readonly row: Row;
}

/** A row that would change nothing, and why (`already paid`). */
export interface NoChange {
  readonly index: number;
  readonly line: number;
  readonly target_id: number;
  readonly reason: string;
}

/**
 * The rows whose target is already as they want it, in file order; a target not found is not one of them.
 *
 * @example
 * judgeNoChange([{ index: 0, line: 2, target_id: 8, row }], states, command.target.unchanged) // [{ index: 0, line: 2, target_id: 8, reason: 'already paid' }]
 */
export function judgeNoChange<Row>(checks: readonly NoChangeCheck<Row>[], states: ReadonlyMap<number, TargetState>, unchanged: (row: Row, now: TargetState) => string | undefined): NoChange[] {
  const found: NoChange[] = [];
  for (const { row, ...check } of checks) {
    const now = states.get(check.target_id);
    const reason = now === undefined ? undefined : unchanged(row, now);
    if (reason !== undefined) found.push({ ...check, reason });
  }
  return found;
}
