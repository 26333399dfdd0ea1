import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createClient,
  NetworkError,
  RateLimitedError,
  type ClientOptions,
  type Sleep,
} from '../../../core/api/index.js';
import type { Method } from '../../../core/endpoints/define.js';
import { fakeFetch, json, socketError, type FakeAnswer } from './support/fake-fetch.js';

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);

function setup(answers: readonly FakeAnswer[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(answers);
  const sleep = vi.fn<Sleep>(async () => undefined);
  const client = createClient({
    baseUrl: 'http://api.test/',
    fetch: fake.fetch,
    sleep,
    random: () => 0,
    now: () => NOW,
    ...options,
  });
  return { client, calls: fake.calls, sleep, delays: () => sleep.mock.calls.map(([ms]) => ms) };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('retries', () => {
  it('retries a GET on 5xx and reports the attempts it took', async () => {
    const { client, calls, delays } = setup([json(503, {}), json(500, {}), json(200, { ok: true })], {
      random: () => 0.5,
      retry: { baseDelayMs: 100 },
    });
    const response = await client.request({ method: 'GET', path: 'schools' });
    expect(response.attempts).toBe(3);
    expect(calls).toHaveLength(3);
    expect(delays()).toEqual([50, 100]);
  });

  it('grows the backoff exponentially and caps it at maxDelayMs', async () => {
    const { client, calls, delays } = setup([json(502, {})], {
      random: () => 1,
      retry: { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 },
    });
    const error = await failure(client.request({ method: 'GET', path: 'schools' }));
    expect(delays()).toEqual([100, 200, 400, 800, 1000]);
    expect(calls).toHaveLength(6);
    expect(error).toMatchObject({ status: 502, attempts: 6, retryable: true });
  });

  it('uses full jitter: the wait is the random share of the step', async () => {
    const { client, delays } = setup([json(503, {}), json(503, {}), json(200, {})], {
      random: () => 0.25,
      retry: { baseDelayMs: 1000 },
    });
    await client.request({ method: 'GET', path: 'x' });
    expect(delays()).toEqual([250, 500]);
  });

  it('defaults to 3 retries', async () => {
    const { client, calls } = setup([json(503, {})]);
    const error = await failure(client.request({ method: 'GET', path: 'x' }));
    expect(calls).toHaveLength(4);
    expect(error).toMatchObject({ attempts: 4 });
  });

  it.each([408, 429, 500, 502, 503, 504])('retries status %i', async (status) => {
    const { client, calls } = setup([json(status, {}), json(200, {})]);
    await client.request({ method: 'GET', path: 'x' });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry status %i', async (status) => {
    const { client, calls } = setup([json(status, {}), json(200, {})]);
    const error = await failure(client.request({ method: 'GET', path: 'x' }));
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ retryable: false });
  });

  it('does not retry an error field on a 200', async () => {
    const { client, calls } = setup([json(200, { error: 'Nope' }), json(200, {})]);
    await failure(client.request({ method: 'GET', path: 'x' }));
    expect(calls).toHaveLength(1);
  });

  it('never waits less than Retry-After in seconds', async () => {
    const { client, delays } = setup([json(503, {}, { 'retry-after': '2' }), json(200, {})]);
    await client.request({ method: 'GET', path: 'x' });
    expect(delays()).toEqual([2000]);
  });

  it('never waits less than a Retry-After HTTP date', async () => {
    const at = new Date(NOW + 5000).toUTCString();
    const { client, delays } = setup([json(429, {}, { 'retry-after': at }), json(200, {})]);
    await client.request({ method: 'GET', path: 'x' });
    expect(delays()).toEqual([5000]);
  });

  it('keeps the jittered wait when it is already longer than Retry-After', async () => {
    const { client, delays } = setup([json(503, {}, { 'retry-after': '1' }), json(200, {})], {
      random: () => 1,
      retry: { baseDelayMs: 4000 },
    });
    await client.request({ method: 'GET', path: 'x' });
    expect(delays()).toEqual([4000]);
  });

  it('never waits less than the rate-limit reset', async () => {
    const { client, delays } = setup([
      json(429, {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3' }),
      json(200, {}),
    ]);
    await client.request({ method: 'GET', path: 'x' });
    expect(delays()).toEqual([3000]);
  });

  it('gives up at once when the server asks for a longer wait than maxDelayMs, saying how long', async () => {
    const { client, calls, sleep } = setup([json(429, {}, { 'retry-after': '120' })], {
      retry: { maxDelayMs: 60_000 },
    });
    const error = await failure(client.request({ method: 'GET', path: 'x' }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 120_000, attempts: 1 });
    expect(sleep).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'does not retry a %s without an idempotency key',
    async (method: Method) => {
      const { client, calls } = setup([json(503, {}), json(200, {})]);
      const error = await failure(client.request({ method, path: 'x', ...(method === 'DELETE' ? {} : { body: {} }) }));
      expect(calls).toHaveLength(1);
      expect(error).toMatchObject({ status: 503, retryable: false, attempts: 1 });
    },
  );

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'retries a %s with an idempotency key, sending the same key each time',
    async (method: Method) => {
      const { client, calls } = setup([json(503, {}), socketError(), json(200, { done: true })]);
      const response = await client.request({
        method,
        path: 'x',
        idempotencyKey: 'key-1',
        ...(method === 'DELETE' ? {} : { body: { a: 1 } }),
      });
      expect(response.attempts).toBe(3);
      expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-1']);
    },
  );

  it('retries a GET after a network error', async () => {
    const { client, calls } = setup([socketError(), json(200, { ok: 1 })]);
    expect((await client.request({ method: 'GET', path: 'x' })).data).toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a write without a key after a network error, and says the outcome is unknown', async () => {
    const { client, calls } = setup([socketError(), json(200, {})]);
    const error = await failure(client.request({ method: 'POST', path: 'x', body: {} }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ outcomeUnknown: true, retryable: false, attempts: 1 });
    expect(calls).toHaveLength(1);
  });

  it('does not resend a caller stream body, even with a key', async () => {
    const { client, calls } = setup([json(503, {}), json(200, {})]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1]));
        controller.close();
      },
    });
    await failure(client.request({ method: 'POST', path: 'x', body: stream, idempotencyKey: 'k' }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.duplex).toBe('half');
  });

  it('reports the last error after retries are exhausted', async () => {
    const { client } = setup([json(503, { error: 'first' }), json(502, { error: 'second' })], {
      retry: { retries: 1 },
    });
    const error = await failure(client.request({ method: 'GET', path: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'second', status: 502, attempts: 2 });
  });

  it('makes one attempt with retries: 0', async () => {
    const { client, calls } = setup([json(503, {})], { retry: { retries: 0 } });
    await failure(client.request({ method: 'GET', path: 'x' }));
    expect(calls).toHaveLength(1);
  });

  it('stops at once when the signal is aborted while waiting', async () => {
    const controller = new AbortController();
    const sleep = vi.fn<Sleep>(async () => {
      controller.abort(new Error('user pressed ctrl-c'));
    });
    const { client, calls } = setup([json(503, {})], { sleep });
    await expect(client.request({ method: 'GET', path: 'x', signal: controller.signal })).rejects.toThrow(
      'user pressed ctrl-c',
    );
    expect(calls).toHaveLength(1);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('rejects with the abort reason, not a network error, when fetch is aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const { client, calls } = setup([
      () => {
        controller.abort(reason);
        return new DOMException('aborted', 'AbortError');
      },
    ]);
    const error = await failure(client.request({ method: 'GET', path: 'x', signal: controller.signal }));
    expect(error).toBe(reason);
    expect(calls).toHaveLength(1);
  });
});
