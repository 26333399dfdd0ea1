/**
 * Sign-in (with a password, or anonymously as a new guest), the access-token exchange, password
 * re-verification. Access tokens: the sandbox
 * accepts any live session token as an access token, and `GET accesstoken` answers a new session token
 * for the same user (and the same imitation, if any).
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { createGuest } from '../../domain/auth/guest.js';
import { lookupSession } from '../../server/session.js';
import { checkPassword, findCredentials, openSession, signIn, type Session } from '../../domain/auth/sign-in.js';
import { DomainError } from '../../domain/errors.js';
import { issueToken, markVerified, revokeToken } from '../../domain/auth/tokens.js';
import { requireUser } from '../../kit/reach.js';
import { refusal, reply, sessionReply } from '../../kit/reply.js';

/** A sign-in's answer: the session, or the refusal with its status. */
function signedIn(ctx: HandlerContext, outcome: Session | DomainError): HandlerResult {
  return outcome instanceof DomainError ? refusal(outcome) : sessionReply(ctx, outcome);
}

export const signInHandlers = {
  'POST auth': (ctx) => {
    const { username, password } = ctx.input;
    return signedIn(ctx, signIn(ctx, findCredentials(ctx.db, 'username = ? COLLATE NOCASE', [username]), password));
  },

  'DELETE auth': (ctx) => {
    const caller = requireUser(ctx);
    return reply(ctx, 'signed_out', revokeToken(ctx.db, caller.token));
  },

  'POST authanon': (ctx) => sessionReply(ctx, openSession(ctx, createGuest(ctx.db, ctx.now()), null)),

  'POST auth/school_id': (ctx) => {
    const { input } = ctx;
    const row = findCredentials(ctx.db, 'school_id = ? AND school_username = ? COLLATE NOCASE', [
      Number(input.school_id),
      input.school_username,
    ]);
    return signedIn(ctx, signIn(ctx, row, input.password));
  },

  'GET accesstoken': (ctx) => {
    const { access_token } = ctx.input;
    const session = lookupSession(ctx.db, access_token, ctx.now());
    if (!session) throw new DomainError('unauthorised', 'Invalid or expired access token');
    return reply(ctx, 'sessionToken', issueToken(ctx.db, session.id, ctx.now(), session.imitatedBy));
  },

  'POST auth/verify-password': (ctx) => {
    const user = requireUser(ctx);
    const { password } = ctx.input;
    const refused = checkPassword(ctx.db, findCredentials(ctx.db, 'id = ?', [user.id]), password);
    if (refused) return refusal(refused);
    const at = markVerified(ctx.db, user.token, ctx.now());
    return reply(ctx, 'verified', true, { verified_at: at });
  },
} satisfies PartialHandlerMap;
