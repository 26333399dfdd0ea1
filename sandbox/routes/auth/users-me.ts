/** The signed-in user: read and update yourself, sign up, relationships. */
import { z } from 'zod';
import { openSession } from '../../domain/auth/sign-in.js';
import { serializeSessionUser } from '../../domain/auth/user-json.js';
import {
  currentUser,
  passwordVerified,
  relationship,
  signUp,
  updateProfile,
  type ProfileChange,
} from '../../domain/auth/profile.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { parseField, pathId } from '../../kit/input.js';
import { requireUser } from '../../kit/reach.js';
import { reply, sessionReply } from '../../kit/reply.js';

/** The profile keys a call sent, the email's form checked (the table types the rest). */
function profileOf(input: ProfileChange): ProfileChange {
  const { first_name, last_name, display_name } = input;
  return {
    first_name,
    last_name,
    display_name,
    email: parseField('email', z.email().nullable().optional(), input.email),
    avatar: input.avatar,
  };
}

function me(ctx: HandlerContext): HandlerResult {
  const caller = requireUser(ctx);
  const user = currentUser(ctx);
  return reply(
    ctx,
    'user',
    { ...serializeSessionUser(ctx.db, user, caller.imitatedBy), token: caller.token },
    { token: caller.token },
  );
}

export const usersMeHandlers = {
  'GET users/me': me,
  'GET users/me/refresh': me,

  'PUT users/me': (ctx) => {
    updateProfile(ctx, profileOf(ctx.input));
    return me(ctx);
  },

  'GET users/me/password-verified': (ctx) => {
    const { verified, at } = passwordVerified(ctx);
    return reply(ctx, 'verified', verified, { verified_at: at });
  },

  'GET users/me/users/{id}': (ctx) => reply(ctx, 'relationship', relationship(ctx, pathId(ctx, 'User'))),

  'POST users': (ctx) => {
    const id = signUp(ctx, {
      ...profileOf(ctx.input),
      username: ctx.input.username,
      password: ctx.input.password,
      kind: ctx.input.kind ?? 'teacher',
    });
    return sessionReply(ctx, openSession(ctx, id, null), 201);
  },
} satisfies PartialHandlerMap;
