import type { School, Subscription } from '../../../core/shapes/types.js';
import { productName, schoolLabel } from '../../read/records.js';
import type { Row } from '../../output/rows.js';

/** A move as it happened: the subscription read back after it, and the schools it left and joined. */
export interface MoveOutcome {
  readonly subscription: Subscription;
  readonly from: School;
  readonly to: School;
  /** False when the server says the subscription was already there (a repeat of the same move). */
  readonly changed: boolean;
}

/** The fields of the row `subscriptions move` prints (checked by --fields before anything is sent). */
export const MOVE_FIELDS = [
  'id',
  'product',
  'state',
  'start_date',
  'expiry',
  'seats',
  'seats_used',
  'school_id',
  'school',
  'from_school_id',
  'from_school',
] as const;

/**
 * What is about to move, for the person asked to confirm it (stderr).
 *
 * @example
 * moveSummary(sub, oakfield, northside)
 * // 'Subscription 5: Spelling Shed, future, 2026-09-02 to 2027-09-01, 300 seats (0 used)\n  from: Oakfield ...\n  to:   Northside ...\n'
 */
export function moveSummary(sub: Subscription, from: School, to: School): string {
  const dates = `${sub.start_date ?? '?'} to ${sub.expiry ?? 'no expiry'}`;
  const seats =
    sub.seats === null || sub.seats === undefined
      ? ''
      : `, ${sub.seats} seats${sub.assigned ? ` (${sub.assigned.users} used)` : ''}`;
  return (
    [
      `Subscription ${sub.id}: ${productName(sub)}, ${sub.state}, ${dates}${seats}`,
      `  from: ${schoolLabel(from)}`,
      `  to:   ${schoolLabel(to)}`,
    ].join('\n') + '\n'
  );
}

/**
 * The subscription after the move as one row: where it is now and where it came from.
 *
 * @example
 * moveRow(outcome) // { id: 5, product: 'Spelling Shed', ..., school_id: 2, school: 'Northside Academy', from_school_id: 1, ... }
 */
export function moveRow(outcome: MoveOutcome): Row {
  const { subscription: sub, from, to } = outcome;
  const school = sub.school_id === to.id ? to.name : sub.school_id === from.id ? from.name : null;
  const row: Record<(typeof MOVE_FIELDS)[number], unknown> = {
    id: sub.id,
    product: productName(sub),
    state: sub.state,
    start_date: sub.start_date ?? null,
    expiry: sub.expiry ?? null,
    seats: sub.seats ?? null,
    seats_used: sub.assigned?.users ?? null,
    school_id: sub.school_id,
    school,
    from_school_id: from.id,
    from_school: from.name,
  };
  return row;
}
