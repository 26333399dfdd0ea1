import type { SessionUser } from '../../../core/shapes/types.js';
import { one, run, type Db } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { verifyPassword } from './password.js';
import { issueToken } from './tokens.js';
import { readUser, serializeSessionUser } from './user-json.js';
import type { UserRow } from '../schools/rows.js';

/** Failed sign-ins before an account is locked. */
export const MAX_FAILED_LOGINS = 10;

export type CredentialRow = Pick<UserRow, 'id' | 'password_hash' | 'failed_logins'>;

/**
 * Reads the credentials of a live user found by a WHERE clause.
 *
 * @example
 * findCredentials(db, 'username = ? COLLATE NOCASE', ['teacher']);
 */
export function findCredentials(db: Db, where: string, args: readonly unknown[]): CredentialRow | null {
  return (
    one<CredentialRow>(
      db,
      `SELECT id, password_hash, failed_logins FROM users WHERE ${where} AND deleted_at IS NULL`,
      ...args,
    ) ?? null
  );
}

/**
 * Checks a password for a user, counting failures: the platform answers 'Incorrect login details' with
 * the attempts remaining, and refuses a locked account even with the right password. Returns the refusal,
 * or null when the password is right. Failures are returned, not thrown, so the count is committed.
 *
 * @example
 * const refused = checkPassword(db, row, password);
 * if (refused) return refusal(refused);
 */
export function checkPassword(db: Db, row: CredentialRow | null, password: string): DomainError | null {
  if (!row) return new DomainError('unauthorised', 'Incorrect login details');
  if (row.failed_logins >= MAX_FAILED_LOGINS) {
    return new DomainError(
      'forbidden',
      `Account locked after ${MAX_FAILED_LOGINS} failed sign-ins; reset the sandbox to unlock it`,
      { attempts_remaining: 0 },
    );
  }
  if (!verifyPassword(password, row.password_hash)) {
    const failed = row.failed_logins + 1;
    run(db, 'UPDATE users SET failed_logins = ? WHERE id = ?', failed, row.id);
    return new DomainError('unauthorised', 'Incorrect login details', {
      attempts_remaining: MAX_FAILED_LOGINS - failed,
    });
  }
  if (row.failed_logins > 0) run(db, 'UPDATE users SET failed_logins = 0 WHERE id = ?', row.id);
  return null;
}

/** A new session: the token and the user as the sign-in calls answer it (null if the user is gone). */
export interface Session {
  readonly user: SessionUser | null;
  readonly token: string;
}

/**
 * Signs a user in: a new session, or the refusal (returned, so a failed attempt's count is committed).
 *
 * @example
 * const signedIn = signIn(ctx, row, input.password);
 */
export function signIn(ctx: DomainContext, row: CredentialRow | null, password: string): Session | DomainError {
  const refused = checkPassword(ctx.db, row, password);
  if (refused || !row) return refused ?? new DomainError('unauthorised', 'Incorrect login details');
  return openSession(ctx, row.id, null);
}

/**
 * A new session of a user (an imitation session when `imitatorId` is set).
 *
 * @example
 * return sessionReply(ctx, openSession(ctx, targetId, caller.id));
 */
export function openSession(ctx: DomainContext, userId: number, imitatorId: number | null): Session {
  const token = issueToken(ctx.db, userId, ctx.now(), imitatorId);
  const user = readUser(ctx.db, userId);
  return { user: user && { ...serializeSessionUser(ctx.db, user, imitatorId), token }, token };
}
