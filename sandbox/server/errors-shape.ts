import { HEADERS } from '../../core/api/headers.js';
import type { DomainError, DomainErrorKind } from '../domain/errors.js';
import type { SandboxReply } from './state.js';

/**
 * A JSON error in the platform's shape `{ error, message, ...extra }`.
 *
 * @example
 * errorReply(404, 'Not found', 'No route GET foo');
 */
export function errorReply(status: number, error: string, message: string, extra: Readonly<Record<string, unknown>> = {}, headers: Readonly<Record<string, string>> = {}): SandboxReply {
  return { kind: 'json', status, headers, body: { error, message, ...extra } };
}

/**
 * The status and error code of each kind of domain refusal: the one place the domain's words become HTTP.
 * (`HttpError`s thrown by handlers carry their own.)
 */
export const DOMAIN_ERROR_STATUS: { readonly [K in DomainErrorKind]: { readonly status: number; readonly error: string } } = {
  unauthorised: { status: 401, error: 'Unauthorised' },
  'payment-failed': { status: 402, error: 'Payment failed' },
  forbidden: { status: 403, error: 'Forbidden' },
  'not-found': { status: 404, error: 'Not found' },
  conflict: { status: 409, error: 'Conflict' },
  invalid: { status: 422, error: 'Invalid data' },
};

/**
 * A domain refusal as the platform answers it: `{ error, message, ...data }` with the kind's status. A
 * handler answers a refusal the domain returned (rather than threw, so the transaction commits) with it.
 *
 * @example
 * if (refused) return refusedResult(refused); // 401 { error: 'Unauthorised', message: 'Incorrect login details', attempts_remaining: 9 }
 */
export function refusedResult(refusal: DomainError): { readonly status: number; readonly body: Record<string, unknown> } {
  const { status, error } = DOMAIN_ERROR_STATUS[refusal.kind];
  return { status, body: { error, message: refusal.message, ...refusal.data } };
}

/**
 * A thrown domain refusal as the server's reply (see `refusedResult`).
 *
 * @example
 * domainErrorReply(notFound('Invoice', 12)); // 404 { error: 'Not found', message: 'Invoice 12 not found' }
 */
export function domainErrorReply(refusal: DomainError): SandboxReply {
  const { status, body } = refusedResult(refusal);
  return { kind: 'json', status, headers: {}, body };
}

/** The message of a 429, as the platform's client shows it. */
export const TOO_MANY = 'Too many requests. Try again later.';

/** Headers of an injected or real 429 that has no rate-limit decision behind it. */
export function retryHeaders(seconds: number): Record<string, string> {
  return { [HEADERS.retryAfter]: String(seconds) };
}
