import type { ApiErrorDetails } from './errors/api-error.js';
import { NetworkError } from './errors/network-error.js';

/**
 * Error codes (Node, undici) that mean the connection was never made, so nothing was sent. Any other
 * failure, and any failure in a browser (which gives no code), may have happened after the server
 * received the request.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * The first `code` along an error's cause chain (`fetch failed` wraps the socket error).
 *
 * @example
 * errorCode(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) })); // 'ECONNREFUSED'
 */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code === 'string') return code;
    current = Reflect.get(current, 'cause');
  }
  return undefined;
}

function reasonOf(error: unknown): string {
  const code = errorCode(error);
  const causeMessage = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  const base = error instanceof Error ? error.message : String(error);
  const detail = [code, causeMessage].filter((part) => part !== undefined && part !== '').join(' ');
  return detail === '' ? `Network error: ${base}` : `Network error: ${base} (${detail})`;
}

export interface NetworkFacts {
  /** A write: POST, PUT, PATCH or DELETE. */
  readonly write: boolean;
  readonly retryAllowed: boolean;
  readonly details: ApiErrorDetails;
}

/**
 * Turns a failed fetch into a NetworkError. A write whose connection failed in a way that may have
 * come after the server received it has `outcomeUnknown: true`.
 *
 * @example
 * toNetworkError(err, { write: true, retryAllowed: false, details: { method: 'POST', url } }).outcomeUnknown;
 */
export function toNetworkError(cause: unknown, facts: NetworkFacts): NetworkError {
  const code = errorCode(cause);
  const neverSent = code !== undefined && NOT_SENT_CODES.has(code);
  return new NetworkError(reasonOf(cause), {
    ...facts.details,
    cause,
    retryable: facts.retryAllowed,
    outcomeUnknown: facts.write && !neverSent,
    notSent: neverSent,
  });
}
