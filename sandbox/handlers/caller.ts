import { HttpError, type HandlerContext, type SessionUser } from '../handler.js';

/**
 * The signed-in caller. The server refuses non-public routes without a token before the handler runs,
 * so this only fails on public routes called anonymously.
 *
 * @example
 * const user = requireCaller(ctx);
 */
export function requireCaller(ctx: HandlerContext): SessionUser {
  if (!ctx.user) throw new HttpError(401, 'Unauthorised', 'Sign in to use this call');
  return ctx.user;
}
