import type { Method } from '../endpoints/define.js';

/** How the client retries: up to `retries` more attempts, waits growing from `baseDelayMs` to at most `maxDelayMs`. */
export interface RetryPolicy {
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 30_000 };

/**
 * GET is always safe to repeat. A write is repeated only when it carries an idempotency key, with which
 * the server replays its first answer instead of applying the change twice.
 *
 * @example
 * methodAllowsRetry('POST', undefined); // false
 * methodAllowsRetry('POST', 'run-7-12'); // true
 */
export function methodAllowsRetry(method: Method, idempotencyKey: string | undefined): boolean {
  return method === 'GET' || (idempotencyKey !== undefined && idempotencyKey !== '');
}

/**
 * The wait before retry number `retry` (1 for the first retry): full jitter, a random point between 0 and
 * the exponential step `baseDelayMs * 2^(retry-1)` capped at `maxDelayMs`; never less than `minimumMs`
 * (Retry-After or the rate-limit reset). Returns undefined when the server asks for a longer wait than
 * `maxDelayMs`: the client then gives up rather than hang, and the error says how long to wait.
 *
 * @example
 * retryDelay({ retries: 3, baseDelayMs: 250, maxDelayMs: 30_000 }, 3, () => 0.5); // 500
 * retryDelay({ retries: 3, baseDelayMs: 250, maxDelayMs: 30_000 }, 1, () => 0, 2000); // 2000
 */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  random: () => number,
  minimumMs = 0,
): number | undefined {
  if (minimumMs > policy.maxDelayMs) return undefined;
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  const jittered = Math.floor(Math.min(1, Math.max(0, random())) * step);
  return Math.max(jittered, Math.ceil(minimumMs));
}
