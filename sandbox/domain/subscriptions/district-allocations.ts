/**
 * A district moves seats from a subscription it holds (a live subscription of one of its schools, the
 * `parentSubscriptionId`) to another of its schools: into that school's subscription `subscriptionId` to
 * the same product, or, without one, into a new `free` subscription (the district pays) that ends when
 * the parent does. The parent keeps at least the seats it has assigned; each move is recorded.
 */
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import type { SessionUser } from '../../kit/handler.js';
import { findRow, superuserMay } from '../../kit/reach.js';
import { one, run, sqlList } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { logEvent } from '../schools/events.js';
import { findSchool } from '../schools/find.js';
import { getSubscription, updateSubscription, type SubscriptionRow } from './subscriptions.js';

/** The live states but pending: a subscription that holds seats to give or take. */
/** A subscription by id that has not been deleted. */
const LIVE_ROW = 'SELECT * FROM subscriptions WHERE id = ? AND deleted_at IS NULL';

const LIVE_NOT_PENDING = sqlList(LIVE_SUBSCRIPTION_STATES.filter((state) => state !== 'pending'));

function inDistrict(
  ctx: DomainContext,
  user: SessionUser,
  schoolId: number,
  districtId: number | null,
  label: string,
  id: number,
): void {
  const school = findSchool(ctx.db, schoolId);
  if (!superuserMay(user, 'reach every school') && school.district_id !== districtId) throw notFound(label, id);
}

function live(row: SubscriptionRow, action: string): void {
  if (!(LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(row.state) || row.state === 'pending') {
    throw new DomainError(
      'conflict',
      `Subscription ${row.id} is ${row.state}; only a future, trial, active or cancelling subscription can ${action}`,
    );
  }
}

/** What a seat allocation asks: how many seats, from which parent subscription, into which (or a new one). */
export interface SeatAllocation {
  readonly parentSubscriptionId: number;
  readonly subscriptionId?: number;
  readonly quantity: number;
}

/**
 * Moves `input.quantity` seats from the district's parent subscription to school `schoolId` (its
 * subscription to the same product, or a new free one), records the move and logs it in the school;
 * returns the receiving subscription and the parent as they are now.
 *
 * @example
 * const { target, parent } = allocateSeats(ctx, user, 4, { parentSubscriptionId: 2, quantity: 30 });
 */
export function allocateSeats(
  ctx: DomainContext,
  user: SessionUser,
  schoolId: number,
  input: SeatAllocation,
): { target: SubscriptionRow; parent: SubscriptionRow } {
  const school = findSchool(ctx.db, schoolId);
  const districtId = superuserMay(user, 'reach every school') ? school.district_id : user.districtId;
  inDistrict(ctx, user, school.id, districtId, 'School', school.id);
  const parent = findRow<SubscriptionRow>(ctx.db, 'Subscription', LIVE_ROW, input.parentSubscriptionId);
  inDistrict(ctx, user, parent.school_id, districtId, 'Subscription', parent.id);
  live(parent, 'give seats');
  const assigned =
    one<{ n: number }>(
      ctx.db,
      "SELECT COUNT(*) AS n FROM subscription_members WHERE subscription_id = ? AND target = 'user'",
      parent.id,
    )?.n ?? 0;
  const spare = parent.seats - assigned;
  if (input.quantity > spare)
    throw new DomainError(
      'conflict',
      `Subscription ${parent.id} has ${spare} unassigned seats; cannot give ${input.quantity}`,
    );
  const now = ctx.now();
  let target: SubscriptionRow;
  if (input.subscriptionId !== undefined) {
    const found = findRow<SubscriptionRow>(
      ctx.db,
      'Subscription',
      `${LIVE_ROW} AND school_id = ?`,
      input.subscriptionId,
      school.id,
    );
    if (found.id === parent.id)
      throw new DomainError('invalid', 'subscriptionId: must differ from parentSubscriptionId', {
        errors: [{ path: 'subscriptionId', message: 'same as the parent' }],
      });
    if (found.product_id !== parent.product_id)
      throw new DomainError(
        'conflict',
        `Subscription ${found.id} is for another product than subscription ${parent.id}`,
      );
    live(found, 'receive seats');
    target = updateSubscription(ctx.db, found.id, { seats: found.seats + input.quantity }, now);
  } else {
    const clash = one<{ id: number; state: string }>(
      ctx.db,
      `SELECT id, state FROM subscriptions WHERE school_id = ? AND product_id = ? AND deleted_at IS NULL AND kind != 'freemium' AND state IN ${LIVE_NOT_PENDING}`,
      school.id,
      parent.product_id,
    );
    if (clash)
      throw new DomainError(
        'conflict',
        `School ${school.id} already has subscription ${clash.id} (${clash.state}) to this product; pass it as subscriptionId`,
      );
    const stamp = now.toISOString();
    const id = Number(
      run(
        ctx.db,
        `INSERT INTO subscriptions (school_id, product_id, plan_id, kind, state, billing, currency, seats, teacher_seats, start_date, expiry, permissions, created_at, updated_at)
         VALUES (?, ?, ?, 'free', ?, 'none', ?, ?, ?, ?, ?, ?, ?, ?)`,
        school.id,
        parent.product_id,
        parent.plan_id,
        parent.state === 'future' ? 'future' : 'active',
        parent.currency,
        input.quantity,
        parent.teacher_seats > 0 ? Math.min(parent.teacher_seats, 5) : 0,
        parent.state === 'future' ? parent.start_date : stamp.slice(0, 10),
        parent.expiry,
        parent.permissions,
        stamp,
        stamp,
      ).lastInsertRowid,
    );
    target = getSubscription(ctx.db, id) as SubscriptionRow;
  }
  const updatedParent = updateSubscription(ctx.db, parent.id, { seats: parent.seats - input.quantity }, now);
  run(
    ctx.db,
    'INSERT INTO district_allocations (district_id, parent_subscription_id, subscription_id, school_id, quantity, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    districtId ?? 0,
    parent.id,
    target.id,
    school.id,
    input.quantity,
    user.id,
    now.toISOString(),
  );
  logEvent(ctx, school.id, 'district.seats_allocated', {
    parent: parent.id,
    subscription: target.id,
    quantity: input.quantity,
  });
  return { target, parent: updatedParent };
}
