/**
 * The secret key of the import's pseudonyms: 32 random bytes as hex, in a 0600 file beside the credentials
 * (`sandbox-import.key` in the config directory), made on first use. Never written into a copy, printed or
 * logged: with it, and the source, a pseudonym could be traced back to a person.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensurePrivateDir } from '../../core/node/paths.js';

export const KEY_FILE_NAME = 'sandbox-import.key';

/** The default key file for a config directory. */
export const defaultKeyFile = (configDir: string): string => join(configDir, KEY_FILE_NAME);

/** A key file that is not 64 hex digits: a local problem, found before any request. */
export class KeyFileError extends Error {
  constructor(path: string, why: string) {
    super(`--key ${path}: ${why}; nothing was sent`);
    this.name = 'KeyFileError';
  }
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * The key in `path`, made (0600, in a 0700 directory when it is the default one) if the file does not exist.
 *
 * @example
 * const key = loadOrCreateKey(defaultKeyFile(configDir(process.env)), { create: true });
 */
export function loadOrCreateKey(path: string, options: { readonly create: boolean }): Buffer {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if (codeOf(error) !== 'ENOENT' || !options.create)
      throw new KeyFileError(
        path,
        codeOf(error) === 'ENOENT' ? 'no such file' : `cannot read it (${codeOf(error) ?? String(error)})`,
      );
    ensurePrivateDir(dirname(path));
    const made = randomBytes(32).toString('hex');
    let fd: number;
    try {
      // 'wx': another import making the key at the same moment keeps its own, and this one reads it.
      fd = openSync(path, 'wx', 0o600);
    } catch (raced) {
      if (codeOf(raced) === 'EEXIST') return loadOrCreateKey(path, { create: false });
      throw new KeyFileError(path, `cannot create it (${codeOf(raced) ?? String(raced)})`);
    }
    try {
      writeSync(fd, `${made}\n`);
    } finally {
      closeSync(fd);
    }
    chmodSync(path, 0o600);
    return Buffer.from(made, 'hex');
  }
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new KeyFileError(path, 'is not a key (64 hex digits)');
  return Buffer.from(text, 'hex');
}

/**
 * What a copy keeps to tell the key it was made with from another: an HMAC of a fixed text under the key,
 * which gives no way back to the key.
 *
 * @example
 * keyCheckOf(key).length // 32
 */
export const keyCheckOf = (secret: Uint8Array): Buffer =>
  createHmac('sha256', secret).update('edshed sandbox import: key check').digest();
