/**
 * Cancel at expiry as both the school and the superuser ask for it: repeating either step on a
 * subscription already where it leads changes nothing (a cancelling one stays cancelling; one renewing,
 * active or on trial, stays as it is).
 */
import type { DomainContext } from '../context.js';
import { cancelAtExpiry, undoCancelAtExpiry } from './lifecycle.js';
import type { SubscriptionRow } from './subscriptions.js';
import { callerId } from '../../kit/reach.js';

/** A step's outcome: the subscription as it now is, and whether the step changed it. */
export interface Outcome {
  readonly subscription: SubscriptionRow;
  readonly changed: boolean;
}

/**
 * Cancels the subscription at its expiry, for `reason`, unless it is already cancelling.
 *
 * @example
 * requestCancelAtExpiry(ctx, sub, 'budget').changed // false for a cancelling subscription
 */
export function requestCancelAtExpiry(ctx: DomainContext, sub: SubscriptionRow, reason: string): Outcome {
  if (sub.state === 'cancelling') return { subscription: sub, changed: false };
  return { subscription: cancelAtExpiry(ctx.db, sub, reason, callerId(ctx), ctx.now()), changed: true };
}

/**
 * Undoes a cancellation at expiry, unless the subscription is already renewing.
 *
 * @example
 * withdrawCancelAtExpiry(ctx, sub).subscription.state // 'active'
 */
export function withdrawCancelAtExpiry(ctx: DomainContext, sub: SubscriptionRow): Outcome {
  if (sub.state === 'active' || sub.state === 'trial') return { subscription: sub, changed: false };
  return { subscription: undoCancelAtExpiry(ctx.db, sub, ctx.now()), changed: true };
}
