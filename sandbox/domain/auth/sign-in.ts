import type { HandlerContext, HandlerResult } from '../../kit/handler.js';
import { verifyPassword } from './password.js';
import { issueToken } from './tokens.js';
import { readUser, serializeSessionUser } from './user-json.js';
import { one, run } from '../../kit/sql.js';
import type { UserRow } from '../schools/rows.js';
import { refusal, reply } from '../../kit/reply.js';

/** Failed sign-ins before an account is locked. */
export const MAX_FAILED_LOGINS = 10;

export type CredentialRow = Pick<UserRow, 'id' | 'password_hash' | 'failed_logins'>;

/**
 * Reads the credentials of a live user found by a WHERE clause.
 *
 * @example
 * findCredentials(ctx, 'username = ? COLLATE NOCASE', ['teacher']);
 */
export function findCredentials(ctx: HandlerContext, where: string, args: readonly unknown[]): CredentialRow | null {
  return one<CredentialRow>(ctx.db, `SELECT id, password_hash, failed_logins FROM users WHERE ${where} AND deleted_at IS NULL`, ...args) ?? null;
}

/**
 * Checks a password for a user, counting failures: the platform answers 'Incorrect login details' with
 * the attempts remaining, and refuses a locked account even with the right password. Returns the error
 * response, or null when the password is right. Failures are returned, not thrown, so the count is committed.
 *
 * @example
 * const refused = checkPassword(ctx, row, password);
 * if (refused) return refused;
 */
export function checkPassword(ctx: HandlerContext, row: CredentialRow | null, password: string): HandlerResult | null {
  if (!row) return refusal(401, 'Unauthorised', 'Incorrect login details');
  if (row.failed_logins >= MAX_FAILED_LOGINS) {
    return refusal(403, 'Forbidden', `Account locked after ${MAX_FAILED_LOGINS} failed sign-ins; reset the sandbox to unlock it`, { attempts_remaining: 0 });
  }
  if (!verifyPassword(password, row.password_hash)) {
    const failed = row.failed_logins + 1;
    run(ctx.db, 'UPDATE users SET failed_logins = ? WHERE id = ?', failed, row.id);
    return refusal(401, 'Unauthorised', 'Incorrect login details', { attempts_remaining: MAX_FAILED_LOGINS - failed });
  }
  if (row.failed_logins > 0) run(ctx.db, 'UPDATE users SET failed_logins = 0 WHERE id = ?', row.id);
  return null;
}

/**
 * Signs a user in: a new session token and the user object.
 *
 * @example
 * return signIn(ctx, row, input.password);
 */
export function signIn(ctx: HandlerContext, row: CredentialRow | null, password: string): HandlerResult {
  const refused = checkPassword(ctx, row, password);
  if (refused || !row) return refused ?? refusal(401, 'Unauthorised', 'Incorrect login details');
  return sessionResponse(ctx, row.id, null);
}

/**
 * `{ user, token }` for a new session of a user (an imitation session when `imitatorId` is set).
 *
 * @example
 * return sessionResponse(ctx, targetId, ctx.user.id);
 */
export function sessionResponse(ctx: HandlerContext, userId: number, imitatorId: number | null): HandlerResult {
  const token = issueToken(ctx.db, userId, ctx.now(), imitatorId);
  const user = readUser(ctx.db, userId);
  return reply(ctx, 'user', user && { ...serializeSessionUser(ctx.db, user, imitatorId), token }, { token });
}
