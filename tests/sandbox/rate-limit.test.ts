import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitHeaders } from '../../sandbox/server/rate-limit.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';

describe('fixed-window limiter', () => {
  it('allows the limit per key per window, then refuses until the window resets', () => {
    const limiter = createRateLimiter(2, 60_000);
    const at = new Date('2026-09-01T09:00:15Z');
    expect(limiter.take('a', at)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 45 });
    expect(limiter.take('a', at).remaining).toBe(0);
    expect(limiter.take('a', at)).toMatchObject({ allowed: false, remaining: 0 });
    expect(limiter.take('b', at).allowed).toBe(true);
    expect(limiter.take('a', new Date('2026-09-01T09:01:00Z'))).toMatchObject({
      allowed: true,
      remaining: 1,
      resetSeconds: 60,
    });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createRateLimiter(0)).toThrow(RangeError);
  });

  it('adds Retry-After only to refusals', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 5, remaining: 4, resetSeconds: 30 })).toEqual({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '4',
      'x-ratelimit-reset': '30',
    });
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 0, resetSeconds: 30 })['retry-after']).toBe('30');
  });
});

describe('rate limits in the server', () => {
  let t: TestSandbox;
  let clock = new Date('2026-09-01T09:00:00Z');
  beforeAll(() => {
    t = testSandbox({ rateLimit: 3, now: () => clock });
  });
  afterAll(() => t.close());

  it('sends the limit headers on every answer, errors included', async () => {
    const missing = await t.call('GET', 'no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-limit')).toBe('3');
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(missing.headers.get('x-ratelimit-reset')).toBe('60');
  });

  it('answers 429 with Retry-After once a caller has used its window, per token', async () => {
    clock = new Date('2026-09-01T09:05:00Z');
    const a = await t.login('teacher');
    const b = await t.login('admin');
    for (let i = 0; i < 3; i += 1) expect((await t.call('GET', 'users/me', { token: a })).status).toBe(200);
    clock = new Date('2026-09-01T09:05:20Z');
    const refused = await t.call('GET', 'users/me', { token: a });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests', message: 'Too many requests. Try again later.' });
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await t.call('GET', 'users/me', { token: b })).status).toBe(200);
    clock = new Date('2026-09-01T09:06:00Z');
    expect((await t.call('GET', 'users/me', { token: a })).status).toBe(200);
  });

  it('does not count the __sandbox routes', async () => {
    clock = new Date('2026-09-01T09:10:00Z');
    for (let i = 0; i < 5; i += 1) expect((await t.call('GET', '__sandbox/status')).status).toBe(200);
    expect((await t.call('GET', 'no/such/route')).headers.get('x-ratelimit-remaining')).toBe('2');
  });
});
