/** Imitation: a superuser signs in as another user, and stops. */
import type { PartialHandlerMap } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { notFound, pathId } from '../../kit/input.js';
import { requireUser } from '../../kit/reach.js';
import { openSession } from '../../domain/auth/sign-in.js';
import { revokeToken } from '../../domain/auth/tokens.js';
import { readUser, serializeSessionUser } from '../../domain/auth/user-json.js';
import { run } from '../../kit/sql.js';
import { reply, sessionReply } from '../../kit/reply.js';

export const imitateHandlers = {
  'POST imitateuser/{id}': (ctx) => {
    const caller = requireUser(ctx);
    const id = pathId(ctx, 'User');
    if (id === caller.id) throw new HttpError(409, 'Conflict', 'You cannot imitate yourself');
    if (!readUser(ctx.db, id)) throw notFound('User', id);
    return sessionReply(ctx, openSession(ctx, id, caller.id));
  },

  'DELETE imitateuser/{id}': (ctx) => {
    const caller = requireUser(ctx);
    const id = pathId(ctx, 'User');
    if (caller.imitatedBy !== null) {
      if (caller.id !== id) throw new HttpError(409, 'Conflict', `This session imitates user ${caller.id}, not user ${id}`);
      revokeToken(ctx.db, caller.token);
      return sessionReply(ctx, openSession(ctx, caller.imitatedBy, null));
    }
    const stopped = run(ctx.db, 'DELETE FROM tokens WHERE imitator_id = ? AND user_id = ?', caller.id, id).changes;
    if (stopped === 0) throw new HttpError(409, 'Conflict', `You are not imitating user ${id}`);
    const me = readUser(ctx.db, caller.id);
    return reply(ctx, 'user', me && { ...serializeSessionUser(ctx.db, me, null), token: caller.token }, { token: caller.token, stopped });
  },
} satisfies PartialHandlerMap;
