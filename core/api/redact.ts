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
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  });
  return out;
}
