import { randomBytes, scryptSync } from 'node:crypto';

/**
 * scrypt cost for passwords set in bulk (generated or imported pupils): N = 2^10 instead of the sign-in
 * hash's 2^14, so creating 500 pupils in one request takes well under a second rather than ~15 s of a
 * blocked server. The stored format is auth/password.ts's (`scrypt$N$r$p$salt$hash`), whose verifier
 * reads the cost from the stored value, so these sign in like any other.
 */
const N = 1024;
const R = 8;
const P = 1;

/**
 * Hashes one pupil password for bulk creation.
 *
 * @example
 * verifyPassword('comet42', hashBulkPassword('comet42')) // true
 */
export function hashBulkPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}
