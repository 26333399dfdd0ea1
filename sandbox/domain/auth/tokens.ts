import { createHash, randomBytes } from 'node:crypto';
import { run, type Db } from '../../kit/sql.js';

/** Session lifetime: the platform's session cookie lasts 90 days. */
export const SESSION_DAYS = 90;

/**
 * A new random session token: 32 bytes, base64url.
 *
 * @example
 * newToken(); // 'q3Z...' (43 characters)
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256, so a copy of the file gives no session.
 *
 * @example
 * one(db, 'SELECT user_id FROM tokens WHERE token_hash = ?', tokenHash(token));
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a session for a user (its hash) and returns its token. `imitatorId` marks a superuser's imitation session.
 *
 * @example
 * const token = issueToken(db, user.id, now());
 */
export function issueToken(db: Db, userId: number, now: Date, imitatorId: number | null = null): string {
  const token = newToken();
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  run(
    db,
    'INSERT INTO tokens (token_hash, user_id, imitator_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    tokenHash(token),
    userId,
    imitatorId,
    now.toISOString(),
    expires.toISOString(),
  );
  return token;
}

/**
 * Ends a session.
 *
 * @example
 * revokeToken(db, token);
 */
export function revokeToken(db: Db, token: string): boolean {
  return run(db, 'DELETE FROM tokens WHERE token_hash = ?', tokenHash(token)).changes > 0;
}

/**
 * Records that the session of `token` re-verified its password at `now` (returned as stamped).
 *
 * @example
 * markVerified(db, token, now); // '2026-09-01T10:00:00.000Z'
 */
export function markVerified(db: Db, token: string, now: Date): string {
  const at = now.toISOString();
  run(db, 'UPDATE tokens SET verified_at = ? WHERE token_hash = ?', at, tokenHash(token));
  return at;
}
