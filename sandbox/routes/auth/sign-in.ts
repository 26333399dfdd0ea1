/**
 * Sign-in (with a password, or anonymously as a new guest), the access-token exchange, password
 * re-verification. Access tokens: the sandbox
 * accepts any live session token as an access token, and `GET accesstoken` answers a new session token
 * for the same user (and the same imitation, if any).
 */
import { z } from 'zod';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { parseInput } from '../../kit/input.js';
import { createGuest } from '../../domain/auth/guest.js';
import { lookupSession } from '../../server/session.js';
import { checkPassword, findCredentials, sessionResponse, signIn } from '../../domain/auth/sign-in.js';
import { issueToken, revokeToken } from '../../domain/auth/tokens.js';
import { requireUser } from '../../kit/reach.js';

const credentials = z.object({ username: z.string(), password: z.string() });
const schoolCredentials = z.object({ school_id: z.union([z.string(), z.number()]), school_username: z.string(), password: z.string() });
const passwordOnly = z.object({ password: z.string() });
const accessToken = z.object({ access_token: z.string() });

export const signInHandlers = {
  'POST auth': (ctx) => {
    const { username, password } = parseInput(credentials, ctx.input);
    return signIn(ctx, findCredentials(ctx, 'username = ? COLLATE NOCASE', [username]), password);
  },

  'DELETE auth': (ctx) => {
    const caller = requireUser(ctx);
    return { body: { signed_out: revokeToken(ctx.db, caller.token) } };
  },

  'POST authanon': (ctx) => sessionResponse(ctx, createGuest(ctx.db, ctx.now()), null),

  'POST auth/school_id': (ctx) => {
    const input = parseInput(schoolCredentials, ctx.input);
    const row = findCredentials(ctx, 'school_id = ? AND school_username = ? COLLATE NOCASE', [Number(input.school_id), input.school_username]);
    return signIn(ctx, row, input.password);
  },

  'GET accesstoken': (ctx) => {
    const { access_token } = parseInput(accessToken, ctx.input);
    const session = lookupSession(ctx.db, access_token, ctx.now());
    if (!session) throw new HttpError(401, 'Unauthorised', 'Invalid or expired access token');
    return { body: { sessionToken: issueToken(ctx.db, session.id, ctx.now(), session.imitatedBy) } };
  },

  'POST auth/verify-password': (ctx) => {
    const user = requireUser(ctx);
    const { password } = parseInput(passwordOnly, ctx.input);
    const refused = checkPassword(ctx, findCredentials(ctx, 'id = ?', [user.id]), password);
    if (refused) return refused;
    const at = ctx.now().toISOString();
    ctx.db.prepare('UPDATE tokens SET verified_at = ? WHERE token = ?').run(at, user.token);
    return { body: { verified: true, verified_at: at } };
  },
} satisfies PartialHandlerMap;
