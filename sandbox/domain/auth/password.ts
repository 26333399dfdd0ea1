import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters; N = 2^14 keeps a sign-in near 30 ms while still being a real KDF. */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url), the format of users.password_hash.
 *
 * @example
 * const stored = hashPassword('sandbox'); // 'scrypt$16384$8$1$...$...'
 */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Checks a password against a stored hash in constant time; false for a malformed hash.
 *
 * @example
 * verifyPassword('sandbox', hashPassword('sandbox')); // true
 */
export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * Number(n) * Number(r) };
  if (!Number.isInteger(cost.N) || !Number.isInteger(cost.r) || !Number.isInteger(cost.p) || expected.length === 0)
    return false;
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, cost);
  return timingSafeEqual(actual, expected);
}

/**
 * The stored hash of the seed password `sandbox`: scrypt with the cost above and a fixed salt, so the seed
 * is byte-for-byte the same on every run (real sign-ups get random salts). Written out rather than computed
 * at start: one scrypt at this cost is about 150 ms of CPU, an eighth of what a sandbox does before its first
 * answer. tests/sandbox/auth.test.ts checks that it is `hashPassword(SEED_PASSWORD, its salt)`.
 */
const SEED_PASSWORD_HASH = 'scrypt$16384$8$1$2CeExOtgW9A8KNrGgdTyOg$t7gStpGiSB1M4FMhVvJstJ7vGYW-RfKAsxkAG9Mt-00';

/**
 * The hash every seeded account gets, so that seeding 20,000 pupils does not run scrypt 20,000 times.
 *
 * @example
 * run(db, 'INSERT INTO users (username, password_hash, ...) VALUES (?, ?, ...)', 'pupil', seedPasswordHash());
 */
export function seedPasswordHash(): string {
  return SEED_PASSWORD_HASH;
}

/** Every seeded account's password. */
export const SEED_PASSWORD = 'sandbox';
