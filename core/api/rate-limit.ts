import { HEADERS } from './headers.js';

/** What the rate-limit headers of one response say, resolved against the clock. */
export interface RateLimitInfo {
  /** Requests left in the window (`x-ratelimit-remaining`). */
  readonly remaining: number | undefined;
  /** When the window resets (`x-ratelimit-reset`). */
  readonly resetAt: Date | undefined;
  /** From Retry-After. */
  readonly retryAfterMs: number | undefined;
  /**
   * The least time from now before another try may be sent: the later of Retry-After and, when the
   * window is used up (a 429, or none remaining), its reset.
   */
  readonly waitMs: number | undefined;
}

function numberOf(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Milliseconds to wait from a Retry-After header: delay-seconds or an HTTP date.
 *
 * @example
 * parseRetryAfter('2', Date.now()); // 2000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT')); // 60000
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  const seconds = numberOf(value);
  if (seconds !== undefined) return Math.max(0, seconds * 1000);
  if (value === null) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The reset time from `x-ratelimit-reset`. Our headers send seconds until the reset (see headers.ts);
 * a value too large to be a delay (past 10^9) is read as a Unix time in seconds, the other common
 * convention, so the client copes with either.
 *
 * @example
 * parseRateLimitReset('30', 0)?.getTime(); // 30000
 */
export function parseRateLimitReset(value: string | null, now: number): Date | undefined {
  const seconds = numberOf(value);
  if (seconds === undefined || seconds < 0) return undefined;
  return new Date(seconds > 1e9 ? seconds * 1000 : now + seconds * 1000);
}

/**
 * Reads Retry-After and the rate-limit headers of a response.
 *
 * @example
 * const info = readRateLimit(response.headers, response.status, Date.now());
 * if (info.remaining === 0) console.error(`wait ${info.waitMs} ms`);
 */
export function readRateLimit(headers: Headers, status: number, now: number): RateLimitInfo {
  const remaining = numberOf(headers.get(HEADERS.rateLimitRemaining));
  const resetAt = parseRateLimitReset(headers.get(HEADERS.rateLimitReset), now);
  const retryAfterMs = parseRetryAfter(headers.get(HEADERS.retryAfter), now);
  const exhausted = status === 429 || remaining === 0;
  const untilReset = resetAt !== undefined && exhausted ? Math.max(0, resetAt.getTime() - now) : undefined;
  const waits = [retryAfterMs, untilReset].filter((ms): ms is number => ms !== undefined);
  return { remaining, resetAt, retryAfterMs, waitMs: waits.length > 0 ? Math.max(...waits) : undefined };
}
