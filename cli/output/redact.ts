const SECRET_KEY = /(^|_)(token|password|secret|sessiontoken|password_hash)$|^(token|sessionToken|access_token|password|action_secret|api_key)$/i;

/** True for keys whose values are secrets (tokens, passwords, action secrets). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) || /token$/i.test(key);
}

/**
 * A deep copy of `value` with every secret-named field replaced by `***`, so no output or log shows one.
 *
 * @example
 * redact({ user: { id: 1 }, token: 'abc' }) // { user: { id: 1 }, token: '***' }
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretKey(k) && v !== null && v !== '' ? '***' : redact(v)]));
  }
  return value;
}
