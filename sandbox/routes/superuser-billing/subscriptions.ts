/** Superuser subscription lifecycle calls: expiry, sync, move, delete, cancellations of every kind. */
import { z } from 'zod';
import { callerId } from '../../kit/reach.js';
import { fields, notFound, pathId } from '../../kit/input.js';
import {
  cancelAndRefund,
  cancelAtExpiry,
  cancelUncollectable,
  cancelVoid,
  deactivate,
  move,
  remove,
  setExpiry,
  subscriptionLifecycle,
  sync,
  undoCancelAtExpiry,
} from '../../domain/subscriptions/lifecycle.js';
import { serializeSubscription, type SubscriptionRow, visibleSubscription } from '../../domain/subscriptions/subscriptions.js';
import type { Handler, HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { input, reply } from '../../kit/reply.js';

const reasonSchema = z.looseObject({ reason: z.string().trim().max(500).optional() });

export function subscriptionOf(ctx: HandlerContext, name = 'id'): SubscriptionRow {
  return visibleSubscription(ctx, pathId(ctx, 'Subscription', name));
}

export function answerSub(ctx: HandlerContext, sub: SubscriptionRow, extra: Readonly<Record<string, unknown>> = {}): HandlerResult {
  return reply(ctx, 'subscription', serializeSubscription(ctx.db, sub), extra);
}

const reason = (ctx: HandlerContext): string => input(ctx, reasonSchema).reason ?? '';

/** Cancel at expiry: repeating it on a cancelling subscription changes nothing. */
export const cancelAtExpiryHandler: Handler = (ctx) => {
  const sub = subscriptionOf(ctx);
  if (sub.state === 'cancelling') return answerSub(ctx, sub, { changed: false });
  return answerSub(ctx, cancelAtExpiry(ctx.db, sub, reason(ctx), callerId(ctx), ctx.now()), { changed: true });
};

/** Undo cancel at expiry: a subscription already renewing (active or trial) is left as it is. */
export const undoCancelHandler: Handler = (ctx) => {
  const sub = subscriptionOf(ctx);
  if (sub.state === 'active' || sub.state === 'trial') return answerSub(ctx, sub, { changed: false });
  return answerSub(ctx, undoCancelAtExpiry(ctx.db, sub, ctx.now()), { changed: true });
};

export const subscriptionAdminHandlers = {
  'POST superuser/subscriptions/{id}/setexpiry': (ctx) => {
    const { expiry } = input(ctx, z.looseObject({ expiry: fields.day }));
    return answerSub(ctx, setExpiry(ctx.db, subscriptionOf(ctx), expiry, ctx.now()));
  },
  'POST superuser/subscriptions/{id}/syncsubscription': (ctx) => {
    const { subscription, applied } = sync(ctx.db, subscriptionOf(ctx), ctx.now());
    return answerSub(ctx, subscription, { schedules_applied: applied });
  },
  'POST subscriptions/{id}/move': (ctx) => {
    const { school } = input(ctx, z.looseObject({ school: fields.id }));
    const sub = subscriptionOf(ctx);
    if (ctx.db.prepare('SELECT 1 FROM schools WHERE id = ? AND deleted_at IS NULL').get(school) === undefined) throw notFound('School', school);
    subscriptionLifecycle.check('move', sub.id, sub.state);
    if (sub.school_id === school) return answerSub(ctx, sub, { changed: false });
    return answerSub(ctx, move(ctx.db, sub, school, ctx.now()), { changed: true });
  },
  'DELETE superuser/subscriptions/{id}': (ctx) => {
    const sub = subscriptionOf(ctx);
    remove(ctx.db, sub, 'remove', ctx.now());
    return reply(ctx, 'deleted', true, { id: sub.id });
  },
  'POST superuser/subscriptions/{id}/cancelatexpiry': cancelAtExpiryHandler,
  'DELETE superuser/subscriptions/{id}/cancelatexpiry': undoCancelHandler,
  'POST superuser/subscriptions/{id}/deactivatesubscription': (ctx) => {
    const sub = subscriptionOf(ctx);
    if (sub.state === 'deactivated') return answerSub(ctx, sub, { changed: false });
    return answerSub(ctx, deactivate(ctx.db, sub, reason(ctx), callerId(ctx), ctx.now()), { changed: true });
  },
  'POST superuser/subscriptions/{id}/cancelandrefund': (ctx) => {
    const { subscription, refunded } = cancelAndRefund(ctx.db, subscriptionOf(ctx), reason(ctx), callerId(ctx), ctx.now());
    return answerSub(ctx, subscription, { refunded });
  },
  'POST superuser/subscriptions/{id}/cancelvoid': (ctx) => answerSub(ctx, cancelVoid(ctx.db, subscriptionOf(ctx), reason(ctx), callerId(ctx), ctx.now())),
  'POST superuser/subscriptions/{id}/canceluncollectable': (ctx) =>
    answerSub(ctx, cancelUncollectable(ctx.db, subscriptionOf(ctx), reason(ctx), callerId(ctx), ctx.now())),
} satisfies PartialHandlerMap;
