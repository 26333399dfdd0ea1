/** Imitation: a superuser signs in as another user, and stops (from the imitation session, or their own). */
import type { SessionUser } from '../../kit/handler.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { findRow } from '../../kit/reach.js';
import { run } from '../../kit/sql.js';
import { openSession, type Session } from './sign-in.js';
import { revokeToken } from './tokens.js';
import { readUser, serializeSessionUser } from './user-json.js';

/**
 * A new imitation session of user `id` for `caller`; refused for oneself, 404 for a missing user.
 *
 * @example
 * const session = startImitation(ctx, caller, 12);
 */
export function startImitation(ctx: DomainContext, caller: SessionUser, id: number): Session {
  if (id === caller.id) throw new DomainError('conflict', 'You cannot imitate yourself');
  findRow(ctx.db, 'User', 'SELECT id FROM users WHERE id = ? AND deleted_at IS NULL', id);
  return openSession(ctx, id, caller.id);
}

/** How an imitation stopped: back in the imitator's own new session, or the imitator's sessions of the user ended. */
export type StoppedImitation =
  | { readonly kind: 'resumed'; readonly session: Session }
  | { readonly kind: 'ended'; readonly user: unknown; readonly stopped: number };

/**
 * Stops imitating user `id`: from the imitation session itself (its token revoked, the imitator given a new
 * session), or from the imitator's own session (every imitation session of `id` ended). Refused when the
 * caller is not imitating `id`.
 *
 * @example
 * const outcome = stopImitation(ctx, caller, 12);
 */
export function stopImitation(ctx: DomainContext, caller: SessionUser, id: number): StoppedImitation {
  if (caller.imitatedBy !== null) {
    if (caller.id !== id) throw new DomainError('conflict', `This session imitates user ${caller.id}, not user ${id}`);
    revokeToken(ctx.db, caller.token);
    return { kind: 'resumed', session: openSession(ctx, caller.imitatedBy, null) };
  }
  const stopped = run(ctx.db, 'DELETE FROM tokens WHERE imitator_id = ? AND user_id = ?', caller.id, id).changes;
  if (stopped === 0) throw new DomainError('conflict', `You are not imitating user ${id}`);
  const me = readUser(ctx.db, caller.id);
  return { kind: 'ended', user: me && { ...serializeSessionUser(ctx.db, me, null), token: caller.token }, stopped };
}
