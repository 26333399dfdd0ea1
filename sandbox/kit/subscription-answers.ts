/**
 * What the superuser and school subscription calls share: finding the subscription a call names, answering it,
 * and the cancel-at-expiry pair both sides expose.
 */
import { callerId } from './reach.js';
import { pathId } from './input.js';
import type { HandlerContext, HandlerResult, RouteHandler } from './handler.js';
import { reply } from './reply.js';
import { cancelAtExpiry, undoCancelAtExpiry } from '../domain/subscriptions/lifecycle.js';
import { serializeSubscription, type SubscriptionRow, visibleSubscription } from '../domain/subscriptions/subscriptions.js';

/**
 * The subscription named by a path parameter (`id` unless told), clock applied; 404 when out of reach.
 *
 * @example
 * const sub = subscriptionOf(ctx);
 */
export function subscriptionOf(ctx: HandlerContext, name = 'id'): SubscriptionRow {
  return visibleSubscription(ctx, pathId(ctx, 'Subscription', name));
}

/**
 * Answers `{ subscription }` as the API shows it, plus any extra keys.
 *
 * @example
 * return answerSub(ctx, sub, { changed: false });
 */
export function answerSub(ctx: HandlerContext, sub: SubscriptionRow, extra: Readonly<Record<string, unknown>> = {}): HandlerResult {
  return reply(ctx, 'subscription', serializeSubscription(ctx.db, sub), extra);
}

/** Cancel at expiry: repeating it on a cancelling subscription changes nothing. */
export const cancelAtExpiryHandler: RouteHandler<'POST superuser/subscriptions/{id}/cancelatexpiry' | 'POST users/me/school/subscriptions/{id}/cancel'> = (ctx) => {
  const sub = subscriptionOf(ctx);
  if (sub.state === 'cancelling') return answerSub(ctx, sub, { changed: false });
  return answerSub(ctx, cancelAtExpiry(ctx.db, sub, ctx.input.reason ?? '', callerId(ctx), ctx.now()), { changed: true });
};

/** Undo cancel at expiry: a subscription already renewing (active or trial) is left as it is. */
export const undoCancelHandler: RouteHandler<'DELETE superuser/subscriptions/{id}/cancelatexpiry' | 'DELETE users/me/school/subscriptions/{id}/cancel'> = (ctx) => {
  const sub = subscriptionOf(ctx);
  if (sub.state === 'active' || sub.state === 'trial') return answerSub(ctx, sub, { changed: false });
  return answerSub(ctx, undoCancelAtExpiry(ctx.db, sub, ctx.now()), { changed: true });
};
