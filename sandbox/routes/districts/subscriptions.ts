/** A district moves seats from a subscription it holds to another of its schools (domain/subscriptions/district-allocations.ts). */
import { allocateSeats } from '../../domain/subscriptions/district-allocations.js';
import { serializeSubscription } from '../../domain/subscriptions/subscriptions.js';
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { requireUser } from '../../kit/reach.js';
import { pathId } from '../../kit/input.js';
import { reply } from '../../kit/reply.js';

const allocate: RouteHandler<'POST users/me/district/schools/{id}/subscriptions'> = (ctx) => {
  const user = requireUser(ctx);
  const { target, parent } = allocateSeats(ctx, user, pathId(ctx, 'School'), ctx.input);
  ctx.countWrite();
  return reply(
    ctx,
    'subscription',
    serializeSubscription(ctx.db, target),
    { parent: serializeSubscription(ctx.db, parent) },
    201,
  );
};

export const districtSubscriptionHandlers = {
  'POST users/me/district/schools/{id}/subscriptions': allocate,
} satisfies PartialHandlerMap;
