import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../kit/sql.js';
import { one, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/** The key's purpose in `signing_keys`: one secret per database, made on first use, gone with a reset. */
const PURPOSE = 'resource-files';

/** How long a signed file address lasts. */
export const SIGNED_URL_SECONDS = 15 * 60;

export type Disposition = 'inline' | 'attachment';

function storedKey(db: Db): Buffer | undefined {
  return one<Pick<Row<'signing_keys'>, 'secret'>>(db, 'SELECT secret FROM signing_keys WHERE purpose = ?', PURPOSE)
    ?.secret;
}

/** The database's signing key, made (32 random bytes) when it has none. */
function signingKey(db: Db, now: Date): Buffer {
  const found = storedKey(db);
  if (found) return found;
  run(
    db,
    'INSERT OR IGNORE INTO signing_keys (purpose, secret, created_at) VALUES (?, ?, ?)',
    PURPOSE,
    randomBytes(32),
    now.toISOString(),
  );
  return storedKey(db) as Buffer;
}

function mac(key: Buffer, fileId: number, disposition: string, expires: number): string {
  return createHmac('sha256', key).update(`${fileId}\n${disposition}\n${expires}`).digest('hex');
}

/**
 * The signature of a file address: HMAC-SHA256 over the file id, the disposition and the expiry (Unix
 * seconds), with this database's key.
 *
 * @example
 * signFile(db, 12, 'attachment', 1767225600, new Date()) // '9f3c…' (64 hex digits)
 */
export function signFile(db: Db, fileId: number, disposition: Disposition, expires: number, now: Date): string {
  return mac(signingKey(db, now), fileId, disposition, expires);
}

/**
 * Whether a signature is this database's for the file id, disposition and expiry (compared in constant
 * time); false when the database has never signed anything.
 *
 * @example
 * signatureValid(db, 12, 'attachment', 1767225600, signature) // true
 */
export function signatureValid(
  db: Db,
  fileId: number,
  disposition: string,
  expires: number,
  signature: string,
): boolean {
  const key = storedKey(db);
  if (!key || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(mac(key, fileId, disposition, expires), 'hex'), Buffer.from(signature, 'hex'));
}
