import { describe, expect, it } from 'vitest';
import { parseRateLimitReset, parseRetryAfter, readRateLimit } from '../../../core/api/index.js';

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('rate-limit headers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter('0.5', NOW)).toBe(500);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('reads the reset as seconds from now, or as a Unix time when it is that large', () => {
    expect(parseRateLimitReset('30', NOW)?.getTime()).toBe(NOW + 30_000);
    expect(parseRateLimitReset(String(NOW / 1000 + 60), NOW)?.getTime()).toBe(NOW + 60_000);
    expect(parseRateLimitReset('-1', NOW)).toBeUndefined();
  });

  it('asks to wait for the reset only when the window is used up', () => {
    const headers = (remaining: string) =>
      new Headers({ 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': '20', 'retry-after': '5' });
    expect(readRateLimit(headers('0'), 400, NOW)).toMatchObject({ remaining: 0, waitMs: 20_000, retryAfterMs: 5000 });
    expect(readRateLimit(headers('9'), 503, NOW)).toMatchObject({ remaining: 9, waitMs: 5000 });
    expect(readRateLimit(headers('9'), 429, NOW)).toMatchObject({ waitMs: 20_000 });
    expect(readRateLimit(new Headers(), 503, NOW)).toEqual({
      remaining: undefined,
      resetAt: undefined,
      retryAfterMs: undefined,
      waitMs: undefined,
    });
  });
});
