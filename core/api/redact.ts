import { HEADERS } from './headers.js';

export const REDACTED = '***';

const SECRET_HEADERS = new Set<string>([HEADERS.token, 'authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/** The one list of secret field names: tokens, passwords, secrets, API keys (any key ending in `token` too). */
const SECRET_KEY =
  /(^|_)(token|password|secret|sessiontoken|password_hash)$|^(token|sessionToken|access_token|password|action_secret|api_key)$|token$/i;

/**
 * True for keys whose values are secrets (tokens, passwords, action secrets): in a body, a query string
 * or an answer, never shown.
 *
 * @example
 * isSecretKey('new_password'); // true
 * isSecretKey('po_number'); // false
 */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * A deep copy of `value` with every secret-named field replaced by `***`, so no output, log or dry run
 * shows one.
 *
 * @example
 * redact({ user: { id: 1 }, token: 'abc' }); // { user: { id: 1 }, token: '***' }
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretKey(k) && v !== null && v !== '' ? REDACTED : redact(v)]),
    );
  }
  return value;
}

/**
 * A URL with the values of secret-named query keys (`token`, `password`...) replaced by `***`.
 *
 * @example
 * redactUrl('http://api.test/accesstoken?access_token=abc&x=1'); // 'http://api.test/accesstoken?access_token=***&x=1'
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, sep: string, name: string) =>
    isSecretKey(decodeURIComponentSafe(name)) ? `${sep}${name}=${REDACTED}` : whole,
  );
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

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
