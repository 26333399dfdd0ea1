import type { ApiErrorDetails } from './api-error.js';
import { ApiError } from './api-error.js';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Try again later.';

export interface RateLimitDetails extends ApiErrorDetails {
  /** When the rate-limit window resets, from `x-ratelimit-reset`. */
  readonly resetAt?: Date;
  /** How long to wait before trying again: the longer of `Retry-After` and the time to reset. */
  readonly retryAfterMs?: number;
}

/**
 * 429, or an error response saying no requests remain (`x-ratelimit-remaining: 0`). The message is the
 * server's when it gave one.
 *
 * @example
 * if (error instanceof RateLimitedError) console.error(`Rate limited until ${error.resetAt?.toISOString() ?? 'later'}`);
 */
export class RateLimitedError extends ApiError {
  override readonly name: string = 'RateLimitedError';
  readonly resetAt: Date | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string | undefined, details: RateLimitDetails = {}) {
    super(message ?? RATE_LIMITED_MESSAGE, details);
    this.resetAt = details.resetAt;
    this.retryAfterMs = details.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), resetAt: this.resetAt?.toISOString(), retryAfterMs: this.retryAfterMs };
  }
}
