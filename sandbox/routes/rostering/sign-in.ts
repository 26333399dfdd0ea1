/**
 * Sign-in through a rostering provider. The sandbox has no provider to ask, so the `code` is taken as
 * the username (or school username) of a member of the school linked with that provider and that
 * `subdomain` (clever, classlink) or `domain` (oneroster), as the school gave it when it linked. It answers
 * as every sign-in does (`POST auth`): the signed-in user, their school inside, and the session token.
 */
import { openSession } from '../../domain/auth/sign-in.js';
import { sessionReply } from '../../kit/reply.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { LinkRow } from '../../domain/rostering/rostering.js';
import { providerOf } from './sync.js';
import { all, one } from '../../kit/sql.js';

function signIn(key: 'subdomain' | 'domain') {
  return (ctx: HandlerContext): HandlerResult => {
    const provider = providerOf(ctx);
    const where = String(ctx.input[key] ?? '').toLowerCase();
    const link = all<LinkRow>(ctx.db, "SELECT * FROM rostering_links WHERE provider = ? AND state IN ('linked', 'active')", provider).find(
      (l) => String(jsonObject(l.data)[key] ?? '').toLowerCase() === where,
    );
    if (!link) throw new HttpError(404, 'Not found', `No school is linked with ${provider} for ${key} ${where}`);
    const code = String(ctx.input['code']);
    const user = one<{ id: number }>(ctx.db, 'SELECT id FROM users WHERE school_id = ? AND deleted_at IS NULL AND (username = ? OR school_username = ?)', link.school_id, code, code.toLowerCase());
    if (!user) throw new HttpError(401, 'Unauthorised', `The ${provider} code does not match a member of school ${link.school_id}`);
    return sessionReply(ctx, openSession(ctx, user.id, null));
  };
}

export const rosterSignInHandlers = {
  'POST {roster_b}/auth': signIn('subdomain'),
  'POST {roster_c}/auth': signIn('subdomain'),
  'POST {roster_d}/auth': signIn('domain'),
} satisfies PartialHandlerMap;
