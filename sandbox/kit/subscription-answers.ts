/**
 * What the superuser and school subscription calls share: finding the subscription a call names, answering it,
 * and the cancel-at-expiry pair both sides expose (its rules: domain/subscriptions/cancel-at-expiry.ts).
 */
import { pathId } from './input.js';
import type { HandlerContext, HandlerResult, RouteHandler } from './handler.js';
import { reply } from './reply.js';
import { requestCancelAtExpiry, withdrawCancelAtExpiry } from '../domain/subscriptions/cancel-at-expiry.js';
import {
  serializeSubscription,
  type SubscriptionRow,
  visibleSubscription,
} from '../domain/subscriptions/subscriptions.js';

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
export function answerSub(
  ctx: HandlerContext,
  sub: SubscriptionRow,
  extra: Readonly<Record<string, unknown>> = {},
): HandlerResult {
  return reply(ctx, 'subscription', serializeSubscription(ctx.db, sub), extra);
}

/** Cancel at expiry. */
export const cancelAtExpiryHandler: RouteHandler<
  'POST superuser/subscriptions/{id}/cancelatexpiry' | 'POST users/me/school/subscriptions/{id}/cancel'
> = (ctx) => {
  const { subscription, changed } = requestCancelAtExpiry(ctx, subscriptionOf(ctx), ctx.input.reason ?? '');
  return answerSub(ctx, subscription, { changed });
};

/** Undo cancel at expiry. */
export const undoCancelHandler: RouteHandler<
  'DELETE superuser/subscriptions/{id}/cancelatexpiry' | 'DELETE users/me/school/subscriptions/{id}/cancel'
> = (ctx) => {
  const { subscription, changed } = withdrawCancelAtExpiry(ctx, subscriptionOf(ctx));
  return answerSub(ctx, subscription, { changed });
};
