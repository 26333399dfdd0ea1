/** Merging a deleted account into an active one of the same kind: its history moves over, then it is purged. */
import { one, type Db } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { logEvent } from '../schools/events.js';
import type { UserRow } from '../schools/rows.js';
import { moveActivity, purgeUser, userInState } from './deleted-users.js';

/**
 * Merges deleted user `fromId` into active user `intoId` (both of school `schoolId`), logged; both must
 * be given, differ and be of one kind.
 *
 * @example
 * mergeUsers(ctx, 1, 40, 12); // user 40's history is user 12's, and user 40 is purged
 */
export function mergeUsers(
  ctx: DomainContext,
  schoolId: number,
  fromId: number | undefined,
  intoId: number | undefined,
): { from: UserRow; into: UserRow } {
  if (fromId === undefined || intoId === undefined) {
    const message = 'expected from (the deleted user) and into (the active user)';
    throw new DomainError('invalid', message, { errors: [{ path: '', message }] });
  }
  if (fromId === intoId)
    throw new DomainError('invalid', 'into: a user cannot be merged into themselves', {
      errors: [{ path: 'into', message: 'must differ from from' }],
    });
  const from = userInState(ctx.db, ctx.user, fromId, 'deleted', 'merged into another', schoolId);
  const into = userInState(ctx.db, ctx.user, intoId, 'active', 'merged into', schoolId);
  if (from.kind !== into.kind)
    throw new DomainError(
      'conflict',
      `User ${fromId} is a ${from.kind} and user ${intoId} a ${into.kind}; only accounts of the same kind merge`,
    );
  moveActivity(ctx.db, from.id, into.id);
  purgeUser(ctx.db, from, ctx.now().toISOString(), into.id);
  logEvent(ctx, schoolId, 'users.merged', { from: from.id, into: into.id });
  return { from, into };
}

/**
 * User `id`'s row as it is now (after a recovery or merge).
 *
 * @example
 * serializeUser(userRow(db, 12));
 */
export function userRow(db: Db, id: number): UserRow {
  return one<UserRow>(db, 'SELECT * FROM users WHERE id = ?', id) as UserRow;
}
