/**
 * Fixed-window rate limiting per caller: each token (or each client address without one) may make
 * `limit` requests per window; every answer carries the limit, what is left and when the window resets.
 */
import { HEADERS } from '../../core/api/headers.js';

/** The default: 600 requests a minute per token. */
export const DEFAULT_RATE_LIMIT = 600;

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  readonly limit: number;
  /** Counts one request of `key` and says whether it may go ahead. */
  take(key: string, now: Date): RateDecision;
  /** Forgets every window (`__sandbox/reset`). */
  reset(): void;
}

/**
 * A limiter allowing `limit` requests per `windowMs` for each key.
 *
 * @example
 * const limiter = createRateLimiter(600);
 * const decision = limiter.take(`token:${token}`, new Date());
 * if (!decision.allowed) // answer 429 with Retry-After: decision.resetSeconds
 */
export function createRateLimiter(limit: number = DEFAULT_RATE_LIMIT, windowMs = 60_000): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`Rate limit must be a positive integer, not ${limit}`);
  let window = -1;
  const counts = new Map<string, number>();
  return {
    limit,
    take(key, now) {
      const current = Math.floor(now.getTime() / windowMs);
      if (current !== window) {
        window = current;
        counts.clear();
      }
      const used = (counts.get(key) ?? 0) + 1;
      counts.set(key, used);
      const resetSeconds = Math.max(1, Math.ceil(((current + 1) * windowMs - now.getTime()) / 1000));
      return { allowed: used <= limit, limit, remaining: Math.max(0, limit - used), resetSeconds };
    },
    reset() {
      counts.clear();
    },
  };
}

/**
 * The response headers of a decision; a refused request also gets Retry-After.
 *
 * @example
 * reply.headers(rateLimitHeaders(decision));
 */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    [HEADERS.rateLimitLimit]: String(decision.limit),
    [HEADERS.rateLimitRemaining]: String(decision.remaining),
    [HEADERS.rateLimitReset]: String(decision.resetSeconds),
    ...(decision.allowed ? {} : { [HEADERS.retryAfter]: String(decision.resetSeconds) }),
  };
}
