/** Superuser subscription lifecycle calls: expiry, sync, move, delete, cancellations of every kind. */
import { callerId } from '../../kit/reach.js';
import { findSchool } from '../../domain/schools/find.js';
import {
  cancelAndRefund,
  cancelUncollectable,
  cancelVoid,
  deactivate,
  move,
  remove,
  setExpiry,
  sync,
} from '../../domain/subscriptions/lifecycle.js';
import { answerSub, cancelAtExpiryHandler, subscriptionOf, undoCancelHandler } from '../../kit/subscription-answers.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

const reason = (ctx: { readonly input: { readonly reason?: string } }): string => ctx.input.reason ?? '';

export const subscriptionAdminHandlers = {
  'POST superuser/subscriptions/{id}/setexpiry': (ctx) => {
    return answerSub(ctx, setExpiry(ctx.db, subscriptionOf(ctx), ctx.input.expiry, ctx.now()));
  },
  'POST superuser/subscriptions/{id}/syncsubscription': (ctx) => {
    const { subscription, applied } = sync(ctx.db, subscriptionOf(ctx), ctx.now());
    return answerSub(ctx, subscription, { schedules_applied: applied });
  },
  'POST subscriptions/{id}/move': (ctx) => {
    const { school } = ctx.input;
    const sub = subscriptionOf(ctx);
    findSchool(ctx.db, school);
    const { subscription, changed } = move(ctx.db, sub, school, ctx.now());
    return answerSub(ctx, subscription, { changed });
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
    const { subscription, refunded } = cancelAndRefund(
      ctx.db,
      subscriptionOf(ctx),
      reason(ctx),
      callerId(ctx),
      ctx.now(),
    );
    return answerSub(ctx, subscription, { refunded });
  },
  'POST superuser/subscriptions/{id}/cancelvoid': (ctx) =>
    answerSub(ctx, cancelVoid(ctx.db, subscriptionOf(ctx), reason(ctx), callerId(ctx), ctx.now())),
  'POST superuser/subscriptions/{id}/canceluncollectable': (ctx) =>
    answerSub(ctx, cancelUncollectable(ctx.db, subscriptionOf(ctx), reason(ctx), callerId(ctx), ctx.now())),
} satisfies PartialHandlerMap;
