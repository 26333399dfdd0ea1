/** Seat assignment on the school's subscriptions: users (pupils), teachers and groups, and the seat counts. */
import { day } from '../../domain/billing/dates.js';
import { fields, parseField } from '../../kit/input.js';
import { createInvoice, serializeInvoice } from '../../domain/invoices/invoices.js';
import { assign, checkSeats, type Target, unassign } from '../../domain/subscriptions/members.js';
import { getPlan } from '../../domain/pricing/catalogue.js';
import { upgradeCost } from '../../domain/pricing/pricing.js';
import { updateSubscription } from '../../domain/subscriptions/subscriptions.js';
import type { Handler, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';

interface Request {
  readonly ids: number[];
  readonly toUsers: boolean;
  readonly strict: boolean;
}

// The table has checked the keys (ids, and booleans for the two switches); the ids become row numbers here.
function request(ctx: Parameters<Handler>[0], target: Target): Request {
  const key = target === 'group' ? 'group_ids' : 'user_ids';
  const strict = ctx.input['error_on_user_limit'] === true;
  return {
    ids: parseField(key, fields.ids, ctx.input[key]),
    toUsers: target === 'group' && ctx.input['assign_to_users'] === true,
    strict,
  };
}

function assignHandler(target: Target): Handler {
  return (ctx) => {
    const sub = subscriptionOf(ctx);
    const { ids, toUsers, strict } = request(ctx, target);
    const result = assign(ctx.db, sub, target, ids, { strict, toUsers }, ctx.now());
    return answerSub(ctx, subscriptionOf(ctx), { assigned: result.assigned, skipped: result.skipped });
  };
}

function unassignHandler(target: Target): Handler {
  return (ctx) => {
    const sub = subscriptionOf(ctx);
    const { ids, toUsers } = request(ctx, target);
    const removed = unassign(ctx.db, sub, target, ids, toUsers);
    return answerSub(ctx, subscriptionOf(ctx), { removed });
  };
}

/** Sets a seat count; more seats on a paid, invoiced subscription are invoiced for the rest of the term. */
function seatsHandler(
  target: 'user' | 'teacher',
): RouteHandler<
  'PATCH users/me/school/subscriptions/{id}/users/seats' | 'PATCH users/me/school/subscriptions/{id}/teachers/seats'
> {
  return (ctx) => {
    const sub = subscriptionOf(ctx);
    const { seats } = ctx.input;
    checkSeats(ctx.db, sub, target, seats);
    const next = target === 'user' ? { seats } : { teacher_seats: seats };
    const plan = sub.plan_id === null ? undefined : getPlan(ctx.db, sub.plan_id);
    const cost =
      plan && sub.billing !== 'none' && sub.state !== 'trial'
        ? upgradeCost(sub, plan, plan, next.seats ?? sub.seats, next.teacher_seats ?? sub.teacher_seats, day(ctx.now()))
        : 0;
    const invoice =
      cost > 0
        ? createInvoice(ctx.db, {
            schoolId: sub.school_id,
            subscriptionId: sub.id,
            kind: 'upgrade',
            billing: sub.billing === 'card' ? 'card' : 'invoice',
            currency: sub.currency,
            amount: cost,
            description: `Subscription ${sub.id}: ${seats} ${target === 'user' ? '' : 'teacher '}seats`,
            now: ctx.now(),
          })
        : null;
    return answerSub(ctx, updateSubscription(ctx.db, sub.id, next, ctx.now()), {
      invoice: invoice && serializeInvoice(invoice),
    });
  };
}

export const memberHandlers = {
  'POST users/me/school/subscriptions/{id}/users': assignHandler('user'),
  'DELETE users/me/school/subscriptions/{id}/users': unassignHandler('user'),
  'POST users/me/school/subscriptions/{id}/teachers': assignHandler('teacher'),
  'DELETE users/me/school/subscriptions/{id}/teachers': unassignHandler('teacher'),
  'POST users/me/school/subscriptions/{id}/groups': assignHandler('group'),
  'DELETE users/me/school/subscriptions/{id}/groups': unassignHandler('group'),
  'PATCH users/me/school/subscriptions/{id}/users/seats': seatsHandler('user'),
  'PATCH users/me/school/subscriptions/{id}/teachers/seats': seatsHandler('teacher'),
} satisfies PartialHandlerMap;
