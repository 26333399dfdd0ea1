import { HEADERS } from './headers.js';

export const REDACTED = '***';

const SECRET_HEADERS = new Set<string>([HEADERS.token, 'authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/**
 * A plain copy of headers with secrets (the token header, authorization, cookies) replaced by `***`,
 * for hooks and logs.
 *
 * @example
 * redactHeaders(new Headers({ 'x-token': 'abc', accept: 'application/json' }));
 * // { accept: 'application/json', 'x-token': '***' }
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redactValue(name, value);
  });
  return out;
}

/**
 * The same for headers already in a plain record (the client's own request headers).
 *
 * @example
 * redactRecord({ accept: 'application/json', 'x-token': 'abc' }); // { accept: 'application/json', 'x-token': '***' }
 */
export function redactRecord(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redactValue(name, value)]));
}

function redactValue(name: string, value: string): string {
  return SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
}
