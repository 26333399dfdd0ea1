/**
 * A district moves seats from a subscription it holds (a live subscription of one of its schools, the
 * `parentSubscriptionId`) to another of its schools: into that school's subscription `subscriptionId` to
 * the same product, or, without one, into a new `free` subscription (the district pays) that ends when
 * the parent does. The parent keeps at least the seats it has assigned; each move is recorded.
 */
import { getSubscription, LIVE_STATES, serializeSubscription, updateSubscription, type SubscriptionRow } from '../../domain/subscriptions/subscriptions.js';
import type { HandlerContext, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { requireUser, superuserMay } from '../../kit/reach.js';
import { notFound, pathId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import { findSchool } from '../../domain/schools/find.js';
import { one, run } from '../../kit/sql.js';
import { reply } from '../../kit/reply.js';

function inDistrict(ctx: HandlerContext, schoolId: number, districtId: number | null, label: string, id: number): void {
  const school = findSchool(ctx.db, schoolId);
  if (!superuserMay(requireUser(ctx), 'reach every school') && school.district_id !== districtId) throw notFound(label, id);
}

function live(row: SubscriptionRow, action: string): void {
  if (!LIVE_STATES.includes(row.state) || row.state === 'pending') {
    throw new HttpError(409, 'Conflict', `Subscription ${row.id} is ${row.state}; only a future, trial, active or cancelling subscription can ${action}`);
  }
}

const allocate: RouteHandler<'POST users/me/district/schools/{id}/subscriptions'> = (ctx) => {
  const user = requireUser(ctx);
  const school = findSchool(ctx.db, pathId(ctx, 'School'));
  const districtId = superuserMay(user, 'reach every school') ? school.district_id : user.districtId;
  inDistrict(ctx, school.id, districtId, 'School', school.id);
  const input = ctx.input;
  const parent = getSubscription(ctx.db, input.parentSubscriptionId);
  if (!parent || parent.deleted_at) throw notFound('Subscription', input.parentSubscriptionId);
  inDistrict(ctx, parent.school_id, districtId, 'Subscription', parent.id);
  live(parent, 'give seats');
  const assigned = one<{ n: number }>(ctx.db, "SELECT COUNT(*) AS n FROM subscription_members WHERE subscription_id = ? AND target = 'user'", parent.id)?.n ?? 0;
  const spare = parent.seats - assigned;
  if (input.quantity > spare) throw new HttpError(409, 'Conflict', `Subscription ${parent.id} has ${spare} unassigned seats; cannot give ${input.quantity}`);
  const now = ctx.now();
  let target: SubscriptionRow;
  if (input.subscriptionId !== undefined) {
    const found = getSubscription(ctx.db, input.subscriptionId);
    if (!found || found.deleted_at || found.school_id !== school.id) throw notFound('Subscription', input.subscriptionId);
    if (found.id === parent.id) throw new HttpError(422, 'Invalid data', 'subscriptionId: must differ from parentSubscriptionId', { errors: [{ path: 'subscriptionId', message: 'same as the parent' }] });
    if (found.product_id !== parent.product_id) throw new HttpError(409, 'Conflict', `Subscription ${found.id} is for another product than subscription ${parent.id}`);
    live(found, 'receive seats');
    target = updateSubscription(ctx.db, found.id, { seats: found.seats + input.quantity }, now);
  } else {
    const clash = one<{ id: number; state: string }>(
      ctx.db,
      `SELECT id, state FROM subscriptions WHERE school_id = ? AND product_id = ? AND deleted_at IS NULL AND kind != 'freemium' AND state IN ('future', 'trial', 'active', 'cancelling')`,
      school.id,
      parent.product_id,
    );
    if (clash) throw new HttpError(409, 'Conflict', `School ${school.id} already has subscription ${clash.id} (${clash.state}) to this product; pass it as subscriptionId`);
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
  run(ctx.db, 'INSERT INTO district_allocations (district_id, parent_subscription_id, subscription_id, school_id, quantity, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', districtId ?? 0, parent.id, target.id, school.id, input.quantity, user.id, now.toISOString());
  ctx.countWrite();
  logEvent(ctx, school.id, 'district.seats_allocated', { parent: parent.id, subscription: target.id, quantity: input.quantity });
  return reply(ctx, 'subscription', serializeSubscription(ctx.db, target), { parent: serializeSubscription(ctx.db, updatedParent) }, 201);
};

export const districtSubscriptionHandlers = {
  'POST users/me/district/schools/{id}/subscriptions': allocate,
} satisfies PartialHandlerMap;
