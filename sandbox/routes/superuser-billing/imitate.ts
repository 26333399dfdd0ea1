/** Imitation: a superuser signs in as another user, and stops. */
import type { PartialHandlerMap } from '../../kit/handler.js';
import { pathId } from '../../kit/input.js';
import { requireUser } from '../../kit/reach.js';
import { startImitation, stopImitation } from '../../domain/auth/imitation.js';
import { reply, sessionReply } from '../../kit/reply.js';

export const imitateHandlers = {
  'POST imitateuser/{id}': (ctx) => sessionReply(ctx, startImitation(ctx, requireUser(ctx), pathId(ctx, 'User'))),

  'DELETE imitateuser/{id}': (ctx) => {
    const caller = requireUser(ctx);
    const outcome = stopImitation(ctx, caller, pathId(ctx, 'User'));
    if (outcome.kind === 'resumed') return sessionReply(ctx, outcome.session);
    return reply(ctx, 'user', outcome.user, { token: caller.token, stopped: outcome.stopped });
  },
} satisfies PartialHandlerMap;
