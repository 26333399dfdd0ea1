/** A dry run's rows that would change nothing: their target is already as the row wants it (invoice and subscription workflows). */
import type { TargetState } from './targets.js';

/**
 * What a row asks of its target, as fields of the target's state (`{ state: 'paid' }`, `{ school: 5 }`),
 * and what a target already so means (`already paid`). A dry run keeps one per row until the targets'
 * states are read, so a command shares one object across rows where the row does not matter.
 */
export interface TargetWish {
  readonly state?: string;
  readonly school?: number;
  /** An invoice sent to accounting (it has an accounting id). */
  readonly accounted?: boolean;
  readonly reason: string;
}

/** A row to judge once its target's state is known (its wish, not the whole row: a dry run may read millions). */
export interface NoChangeCheck {
  readonly index: number;
  readonly line: number;
  readonly target_id: number;
  readonly wish: TargetWish;
}

/** A row that would change nothing, and why (`already paid`). */
export interface NoChange {
  readonly index: number;
  readonly line: number;
  readonly target_id: number;
  readonly reason: string;
}

const granted = (wish: TargetWish, now: TargetState): boolean =>
  (wish.state === undefined || wish.state === now.state) &&
  (wish.school === undefined || wish.school === now.school) &&
  (wish.accounted === undefined || wish.accounted === now.accounted);

/**
 * The rows whose target is already as they want it, in file order; a target not found is not one of them.
 *
 * @example
 * judgeNoChange([{ index: 0, line: 2, target_id: 8, wish: { state: 'paid', reason: 'already paid' } }], states) // [{ index: 0, line: 2, target_id: 8, reason: 'already paid' }]
 */
export function judgeNoChange(checks: readonly NoChangeCheck[], states: ReadonlyMap<number, TargetState>): NoChange[] {
  const found: NoChange[] = [];
  for (const { wish, ...check } of checks) {
    const now = states.get(check.target_id);
    if (now !== undefined && granted(wish, now)) found.push({ ...check, reason: wish.reason });
  }
  return found;
}
