/**
 * How handlers answer: `reply` for a body in the table's response key (every success reply is one), and
 * `refusal` for an error a handler returns instead of throwing (so what it wrote is kept). A handler never
 * builds a `{ body }` itself (eslint.config.js holds it).
 */
import type { DomainError, DomainErrorKind } from '../domain/errors.js';
import type { HandlerContext, HandlerResult } from './handler.js';
import { wrapResponse } from './response-key.js';

/**
 * A reply wrapped in the table's response key for the endpoint (else `key`), with siblings such as `total`.
 *
 * @example
 * return reply(ctx, 'invoice', serializeInvoice(row));
 */
export function reply(
  ctx: HandlerContext,
  key: string,
  value: unknown,
  extra: Readonly<Record<string, unknown>> = {},
  status?: number,
): HandlerResult {
  const body = wrapResponse(ctx.endpoint, key, value, extra);
  // `changed: false` answers a repeat that wrote nothing: not a write for the counter.
  const unchanged = extra['changed'] === false;
  return { body, ...(status === undefined ? {} : { status }), ...(unchanged ? { unchanged } : {}) };
}

/**
 * The status and error code of each kind of domain refusal: the one place the domain's words become HTTP
 * (a thrown DomainError is answered by the server through `refusal` too; `HttpError`s carry their own).
 */
export const DOMAIN_ERROR_STATUS: {
  readonly [K in DomainErrorKind]: { readonly status: number; readonly error: string };
} = {
  unauthorised: { status: 401, error: 'Unauthorised' },
  'payment-failed': { status: 402, error: 'Payment failed' },
  forbidden: { status: 403, error: 'Forbidden' },
  'not-found': { status: 404, error: 'Not found' },
  conflict: { status: 409, error: 'Conflict' },
  invalid: { status: 422, error: 'Invalid data' },
};

/**
 * A domain refusal as the platform answers it, `{ error, message, ...data }` with its kind's status:
 * returned by a handler rather than thrown, so that the request's writes are committed (a failed
 * sign-in counts the failure).
 *
 * @example
 * if (refused) return refusal(refused); // 401 { error: 'Unauthorised', message: 'Incorrect login details', attempts_remaining: 9 }
 */
export function refusal(
  refused: DomainError,
): HandlerResult & { readonly status: number; readonly body: Record<string, unknown> } {
  const { status, error } = DOMAIN_ERROR_STATUS[refused.kind];
  return { status, body: { error, message: refused.message, ...refused.data } };
}

/**
 * A new session as every sign-in answers it, `{ user, token }` (the user with its token, null if gone).
 *
 * @example
 * return sessionReply(ctx, openSession(ctx, userId, null));
 */
export function sessionReply(
  ctx: HandlerContext,
  session: { readonly user: unknown; readonly token: string },
  status?: number,
): HandlerResult {
  return reply(ctx, 'user', session.user, { token: session.token }, status);
}
