/** Small helpers the billing handlers share: replies in the table's response key, ids, paging. */
import type { z } from 'zod';
import { idParam, pageSchema, parseInput } from '../../billing/input.js';
import type { HandlerContext, HandlerResult } from '../../handler.js';
import { wrapResponse } from '../../response-key.js';

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

/** A numeric path parameter naming a row (404 when it cannot). */
export function pathId(ctx: HandlerContext, entity: string, name = 'id'): number {
  return idParam(ctx.params, name, entity);
}

/** `skip` and `take` of a list call (take 25 by default, at most 500). */
export function page(ctx: HandlerContext): { skip: number; take: number } {
  const { skip, take } = parseInput(pageSchema, ctx.input);
  return { skip, take };
}
