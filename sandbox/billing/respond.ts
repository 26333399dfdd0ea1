import type { HandlerContext, HandlerResult } from '../handler.js';

/**
 * Wraps a value in the response key the table names for the endpoint (when it is a plain key), else in
 * the handler's own choice, so the answer and the table agree.
 *
 * @example
 * return respond(ctx, 'invoice', serializeInvoice(row));
 */
export function respond(ctx: HandlerContext, key: string, value: unknown, extra: Readonly<Record<string, unknown>> = {}, status?: number): HandlerResult {
  const named = ctx.endpoint.response;
  const chosen = named !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(named) ? named : key;
  return status === undefined ? { body: { [chosen]: value, ...extra } } : { status, body: { [chosen]: value, ...extra } };
}
