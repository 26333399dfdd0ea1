/**
 * How handlers answer: `reply` for a body in the table's response key (every success reply is one), and
 * `refusal` for an error a handler returns instead of throwing (so what it wrote is kept). A handler never
 * builds a `{ body }` itself (eslint.config.js holds it).
 */
import type { HandlerContext, HandlerResult } from './handler.js';
import { wrapResponse } from './response-key.js';

/**
 * A reply wrapped in the table's response key for the endpoint (else `key`), with siblings such as `total`.
 *
 * @example
 * return reply(ctx, 'invoice', serializeInvoice(row));
 */
export function reply(ctx: HandlerContext, key: string, value: unknown, extra: Readonly<Record<string, unknown>> = {}, status?: number): HandlerResult {
  const body = wrapResponse(ctx.endpoint, key, value, extra);
  // `changed: false` answers a repeat that wrote nothing: not a write for the counter.
  const unchanged = extra['changed'] === false;
  return { body, ...(status === undefined ? {} : { status }), ...(unchanged ? { unchanged } : {}) };
}


/**
 * An error reply in the platform's shape `{ error, message, ...extra }`, returned rather than thrown so
 * that the request's writes are committed (a failed sign-in counts the failure).
 *
 * @example
 * return refusal(401, 'Unauthorised', 'Incorrect login details', { attempts_remaining: 3 });
 */
export function refusal(status: number, error: string, message: string, extra: Readonly<Record<string, unknown>> = {}): HandlerResult {
  return { status, body: { error, message, ...extra } };
}
