/** Small helpers the billing handlers share: replies in the table's response key, and input checks. */
import type { z } from 'zod';
import type { HandlerContext, HandlerResult } from './handler.js';
import { parseInput } from './input.js';
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

/** The handler's input checked against a schema of its own (422 on failure). */
export function input<T extends z.ZodType>(ctx: HandlerContext, schema: T): z.output<T> {
  return parseInput(schema, ctx.input);
}
