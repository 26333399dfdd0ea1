/**
 * A dry run's rows that would change nothing (their target is already as the row wants it), and the
 * payments the API would refuse (invoice and subscription workflows).
 */
import { paymentVerdict } from '../../core/domain/invoice-payment.js';
import { alreadyAtSchool } from '../../core/domain/subscription-move.js';
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
  /**
   * A payment the row records (`invoices mark-paid`): judged by the API's payment rules instead, which
   * also tell the rows it would refuse (a date before the invoice was issued...).
   */
  readonly payment?: { readonly method: string; readonly date: string };
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
  (wish.school === undefined || alreadyAtSchool({ school_id: now.school }, wish.school)) &&
  (wish.accounted === undefined || wish.accounted === now.accounted);

/** What a dry run foresees of its rows, in file order: those that would change nothing, and those the API would refuse. */
export interface TargetJudgement {
  readonly noChange: NoChange[];
  readonly refused: NoChange[];
}

/**
 * The rows whose target is already as they want it, and the payments the API would refuse (by the rules
 * of core/domain/invoice-payment.ts, as of `today`, a `YYYY-MM-DD` day); a target not found is in neither.
 *
 * @example
 * judgeTargets([{ index: 0, line: 2, target_id: 8, wish: { state: 'paid', reason: 'already paid' } }], states, '2026-11-02').noChange
 * // [{ index: 0, line: 2, target_id: 8, reason: 'already paid' }]
 */
export function judgeTargets(
  checks: readonly NoChangeCheck[],
  states: ReadonlyMap<number, TargetState>,
  today: string,
): TargetJudgement {
  const judged: TargetJudgement = { noChange: [], refused: [] };
  for (const { wish, ...check } of checks) {
    const now = states.get(check.target_id);
    if (now === undefined) continue;
    const verdict =
      wish.payment === undefined
        ? granted(wish, now)
          ? { kind: 'no-change', reason: wish.reason }
          : undefined
        : paymentVerdict(now, wish.payment, today);
    if (verdict !== undefined)
      (verdict.kind === 'no-change' ? judged.noChange : judged.refused).push({ ...check, reason: verdict.reason });
  }
  return judged;
}
