import { HEADERS } from '../../core/api/headers.js';
import type { DomainError } from '../domain/errors.js';
import { refusal } from '../kit/reply.js';
import type { SandboxReply } from './state.js';

/**
 * A JSON error in the platform's shape `{ error, message, ...extra }`.
 *
 * @example
 * errorReply(404, 'Not found', 'No route GET foo');
 */
export function errorReply(
  status: number,
  error: string,
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
  headers: Readonly<Record<string, string>> = {},
): SandboxReply {
  return { kind: 'json', status, headers, body: { error, message, ...extra } };
}

/**
 * A thrown domain refusal as the server's reply (the kit's `refusal`, which a handler returns instead).
 *
 * @example
 * domainErrorReply(notFound('Invoice', 12)); // 404 { error: 'Not found', message: 'Invoice 12 not found' }
 */
export function domainErrorReply(refused: DomainError): SandboxReply {
  const { status, body } = refusal(refused);
  return { kind: 'json', status, headers: {}, body };
}

/** The message of a 429, as the platform's client shows it. */
export const TOO_MANY = 'Too many requests. Try again later.';

/** Headers of an injected or real 429 that has no rate-limit decision behind it. */
export function retryHeaders(seconds: number): Record<string, string> {
  return { [HEADERS.retryAfter]: String(seconds) };
}
