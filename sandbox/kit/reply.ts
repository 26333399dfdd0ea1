/** Replies in the table's response key, as the handlers share them. */
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

