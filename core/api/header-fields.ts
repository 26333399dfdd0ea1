/**
 * Header names and values checked and normalised as the fetch standard's `Headers` does, for code that
 * keeps headers in a plain record: on Node, touching `Headers` loads Node's whole fetch implementation,
 * which a one-off CLI command cannot afford (bench/one-off.bench.mjs).
 */
import { byCodeUnits } from '../domain/order.js';

/** An HTTP token (RFC 9110): what a header name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** NUL, CR, LF, or anything past a byte: `Headers` refuses these in a value. */
const BAD_VALUE = /[\0\r\n]|[^\0-\xff]/;

/**
 * A header name in lower case; a TypeError when it is not a token.
 *
 * @example
 * headerName('X-Token'); // 'x-token'
 */
export function headerName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`"${name}" is not a valid header name`);
  return name.toLowerCase();
}

/**
 * A header value without surrounding whitespace; a TypeError naming the header when it holds a NUL, CR,
 * LF or a character past a byte.
 *
 * @example
 * headerValue('accept', ' application/json '); // 'application/json'
 */
export function headerValue(name: string, value: string): string {
  const trimmed = String(value).replace(EDGE_WHITESPACE, '');
  if (BAD_VALUE.test(trimmed)) throw new TypeError(`The value of header "${name}" is not valid`);
  return trimmed;
}

/**
 * Headers given as a record, checked and normalised, later names overriding earlier ones case-insensitively,
 * and listed in name order: the record `Object.fromEntries(new Headers(...))` would give.
 *
 * @example
 * headerRecord([['Accept', 'application/json'], ['x-token', 'abc']]); // { accept: 'application/json', 'x-token': 'abc' }
 */
export function headerRecord(entries: Iterable<readonly [string, string]>): Record<string, string> {
  const byName = new Map<string, string>();
  for (const [name, value] of entries) byName.set(headerName(name), headerValue(name, value));
  return Object.fromEntries([...byName].sort(([a], [b]) => byCodeUnits(a, b)));
}
