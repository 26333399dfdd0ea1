/**
 * The response headers of the OpenAPI document: those every reply carries (the request id and the rate
 * limit's three), declared once as `components/headers` and referenced from every response, and
 * `Retry-After`, which a 429 adds.
 */
import { HEADERS } from '../api/headers.js';

/** A header component: its name on the wire, and the component as the document states it. */
interface HeaderComponent {
  readonly name: string;
  readonly component: {
    readonly description: string;
    readonly required?: true;
    readonly schema: { readonly type: 'string' | 'integer'; readonly minimum?: number; readonly minLength?: number };
  };
}

const seconds = { type: 'integer', minimum: 0 } as const;

/** The headers of every reply, by component name. */
const EVERY_REPLY: Readonly<Record<string, HeaderComponent>> = {
  RequestId: {
    name: HEADERS.requestId,
    component: {
      description:
        'The id of this request, to quote when asking about it (an error reply gives it again as `x-error-reference`).',
      required: true,
      schema: { type: 'string', minLength: 1 },
    },
  },
  RateLimitLimit: {
    name: HEADERS.rateLimitLimit,
    component: {
      description:
        'How many requests the rate limit allows in its window (per session token, or per address without one). Every reply the limit counted carries it: all but an injected fault.',
      schema: { type: 'integer', minimum: 1 },
    },
  },
  RateLimitRemaining: {
    name: HEADERS.rateLimitRemaining,
    component: { description: 'How many requests are left in the current window (0 on a 429).', schema: seconds },
  },
  RateLimitReset: {
    name: HEADERS.rateLimitReset,
    component: { description: 'Seconds until the current window resets.', schema: seconds },
  },
};

/** The header a rate-limited reply (429) adds. */
const RETRY_AFTER: Readonly<Record<string, HeaderComponent>> = {
  RetryAfter: {
    name: HEADERS.retryAfter,
    component: { description: 'Seconds to wait before retrying.', required: true, schema: seconds },
  },
};

/**
 * The document's `components/headers`.
 *
 * @example
 * headerComponents().RequestId // { description: 'The id of this request, ...', required: true, schema: { type: 'string', minLength: 1 } }
 */
export function headerComponents(): Record<string, HeaderComponent['component']> {
  return Object.fromEntries(
    Object.entries({ ...EVERY_REPLY, ...RETRY_AFTER }).map(([key, { component }]) => [key, component]),
  );
}

/**
 * A response's `headers`: a reference to each header every reply carries, and to `Retry-After` for a 429.
 *
 * @example
 * responseHeaders('429')['retry-after'] // { $ref: '#/components/headers/RetryAfter' }
 */
export function responseHeaders(status: string): Record<string, { readonly $ref: string }> {
  const headers = status === '429' ? { ...EVERY_REPLY, ...RETRY_AFTER } : EVERY_REPLY;
  return Object.fromEntries(
    Object.entries(headers).map(([key, { name }]) => [name, { $ref: `#/components/headers/${key}` }]),
  );
}
