import * as z from 'zod/mini';
import type { ApiErrorDetails } from './errors/api-error.js';
import { ApiError } from './errors/api-error.js';
import { ForbiddenError } from './errors/forbidden-error.js';
import { InvalidDataError } from './errors/invalid-data-error.js';
import { LOGIN_ATTEMPT_MESSAGES, LoginAttemptsError } from './errors/login-attempts-error.js';
import { RateLimitedError } from './errors/rate-limited-error.js';
import { ReverificationRequiredError } from './errors/reverification-required-error.js';
import { UnauthorisedError } from './errors/unauthorised-error.js';
import type { RateLimitInfo } from './rate-limit.js';

// zod/mini: every client, the site's too, loads this module; mini's functions trim to the parts used.
const count = z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined);
const text = z.catch(z.optional(z.string().check(z.trim(), z.minLength(1))), undefined);

/** The platform's error shape: `{ error, message }`, sometimes with the attempts left. */
const envelopeSchema = z.looseObject({
  error: text,
  message: text,
  attempts_remaining: count,
  attemptsRemaining: count,
  remaining_attempts: count,
});

export type Envelope = z.infer<typeof envelopeSchema>;

/**
 * Reads the error fields of any response body; a body that is not an object has none.
 *
 * @example
 * readEnvelope({ error: 'Conflict', message: 'Invoice is void' }).error; // 'Conflict'
 */
export function readEnvelope(data: unknown): Envelope {
  const parsed = envelopeSchema.safeParse(data);
  return parsed.success ? parsed.data : envelopeSchema.parse({});
}

/**
 * The message of a failed response: `error: message`, just the error when there is no message, the
 * message alone when there is no error field, else a line naming the status.
 *
 * @example
 * errorMessage({ error: 'Not found', message: 'No school 7' }, 404); // 'Not found: No school 7'
 */
export function errorMessage(envelope: Envelope, status: number): string {
  if (envelope.error !== undefined)
    return envelope.message === undefined ? envelope.error : `${envelope.error}: ${envelope.message}`;
  return envelope.message ?? `Request failed with status ${status}`;
}

function isLoginFailure(envelope: Envelope): boolean {
  return [envelope.error, envelope.message].some(
    (t) => t !== undefined && LOGIN_ATTEMPT_MESSAGES.some((m) => t.includes(m)),
  );
}

/**
 * The statuses worth another try: request timeout, rate limited, and server errors.
 *
 * @example
 * isRetryableStatus(503); // true
 * isRetryableStatus(422); // false
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** A failed response, turned into the error to raise. */
export interface Classified {
  readonly error: ApiError;
  readonly envelope: Envelope;
}

export interface ResponseFacts {
  readonly status: number;
  readonly ok: boolean;
  readonly data: unknown;
  readonly rateLimit: RateLimitInfo;
  /** Everything else the error carries (request, ids, attempt); status, data and retryable are filled in here. */
  readonly details: ApiErrorDetails;
  /** Whether the request's method and key allow a retry at all. */
  readonly retryAllowed: boolean;
}

/**
 * Decides whether a response failed and which error it raises, in the order of the spec's error
 * catalogue: 429; no requests remaining (unless it is a login failure, which reports its own attempts
 * left); a login failure message; 401; 403; 422; anything else.
 * Returns undefined for a success (a 2xx whose body has no `error` field).
 *
 * @example
 * classify({ status: 422, ok: false, data: { errors: { name: 'required' } }, rateLimit, details: {}, retryAllowed: false })?.error.message;
 * // 'Failed - Invalid data'
 */
export function classify(facts: ResponseFacts): Classified | undefined {
  const envelope = readEnvelope(facts.data);
  if (facts.ok && envelope.error === undefined) return undefined;
  const { status, rateLimit } = facts;
  const details: ApiErrorDetails = {
    ...facts.details,
    status,
    data: facts.data,
    attemptsRemaining:
      envelope.attempts_remaining ?? envelope.attemptsRemaining ?? envelope.remaining_attempts ?? rateLimit.remaining,
    retryable: facts.retryAllowed && isRetryableStatus(status),
  };
  const serverSaid = envelope.error !== undefined || envelope.message !== undefined;
  const message = errorMessage(envelope, status);
  let error: ApiError;
  if (status === 429 || (rateLimit.remaining === 0 && !isLoginFailure(envelope))) {
    error = new RateLimitedError(serverSaid ? message : undefined, {
      ...details,
      resetAt: rateLimit.resetAt,
      retryAfterMs: rateLimit.waitMs,
    });
  } else if (isLoginFailure(envelope)) {
    error = new LoginAttemptsError(message, details);
  } else if (status === 401) {
    error = new UnauthorisedError(message, details);
  } else if (status === 403) {
    error = /reverif/i.test(message)
      ? new ReverificationRequiredError(envelope.message, details)
      : new ForbiddenError(message, details);
  } else if (status === 422) {
    error = new InvalidDataError(details);
  } else {
    error = new ApiError(message, details);
  }
  return { error, envelope };
}
