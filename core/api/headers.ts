/**
 * Header names shared by the client and the sandbox. The spec does not show the platform's names;
 * these are our choice, kept in this one place.
 */
export const HEADERS = {
  /** Request: the session token. */
  token: 'x-token',
  /** Request: the kind of client (`edshed-cli`, `litshed-site`). */
  clientType: 'x-client-type',
  /** Request: the client's version. */
  clientVersion: 'x-client-version',
  /** Request: makes a write safe to retry; the server replays the first response for the same key. */
  idempotencyKey: 'idempotency-key',
  /** Response: which API target answered (production, staging, sandbox...). */
  apiTarget: 'x-api-target',
  /** Response: a reference for the error, to quote to support. */
  errorReference: 'x-error-reference',
  /** Response: the request id. */
  requestId: 'x-request-id',
  /** Response: `true` when the body is a stored replay of an earlier request with the same idempotency key. */
  idempotentReplayed: 'idempotent-replayed',
  /** Response: rate-limit window size, requests left in it, and seconds until it resets. */
  rateLimitLimit: 'x-ratelimit-limit',
  rateLimitRemaining: 'x-ratelimit-remaining',
  rateLimitReset: 'x-ratelimit-reset',
  /** Response: seconds to wait before retrying (429, 503). */
  retryAfter: 'retry-after',
} as const;
