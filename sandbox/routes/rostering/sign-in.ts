/**
 * Sign-in through a rostering provider. The sandbox has no provider to ask, so the `code` is taken as
 * the username (or school username) of a member of the school linked with that provider and that
 * `subdomain` (clever, classlink) or `domain` (oneroster), as the school gave it when it linked. It answers
 * as every sign-in does (`POST auth`): the signed-in user, their school inside, and the session token.
 */
import { sessionReply } from '../../kit/reply.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { providerSignIn } from '../../domain/rostering/provider-sign-in.js';
import { providerOf } from './sync.js';

function signIn(key: 'subdomain' | 'domain') {
  return (ctx: HandlerContext): HandlerResult => {
    const provider = providerOf(ctx);
    const where = String(ctx.input[key] ?? '').toLowerCase();
    return sessionReply(ctx, providerSignIn(ctx, provider, key, where, String(ctx.input['code'])));
  };
}

export const rosterSignInHandlers = {
  'POST {roster_b}/auth': signIn('subdomain'),
  'POST {roster_c}/auth': signIn('subdomain'),
  'POST {roster_d}/auth': signIn('domain'),
} satisfies PartialHandlerMap;
