import { randomInt } from 'node:crypto';
import type { Db } from '../../kit/sql.js';
import { one } from '../../kit/sql.js';

/** No 0/O or 1/I: join codes are read aloud and copied from whiteboards. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A fresh school join code that no school holds (six characters).
 *
 * @example
 * const code = newJoinCode(db); // 'K7PQ2M'
 */
export function newJoinCode(db: Db): string {
  for (;;) {
    const code = Array.from({ length: 6 }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');
    if (!one(db, 'SELECT id FROM schools WHERE code = ?', code)) return code;
  }
}

/**
 * Join codes compare without case or surrounding spaces.
 *
 * @example
 * normaliseCode(' oakfield ') // 'OAKFIELD'
 */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}
