import { describe, expect, it, vi } from 'vitest';
import { createClient, type RequestEvent, type ResponseEvent } from '../../../core/api/index.js';
import { fakeFetch, json, socketError } from './support/fake-fetch.js';

describe('onRequest / onResponse hooks', () => {
  it('give method, URL, status and duration, with the token redacted everywhere', async () => {
    const fake = fakeFetch([json(200, { ok: true }, { 'set-cookie': 'session=abc', 'x-api-target': 'sandbox' })]);
    const clock = [1000, 1042];
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const client = createClient({
      baseUrl: 'http://api.test/',
      fetch: fake.fetch,
      token: 'top-secret-token',
      now: () => clock.shift() ?? 0,
      onRequest: (event) => requests.push(event),
      onResponse: (event) => responses.push(event),
    });
    await client.request({ method: 'GET', path: 'users/me', query: { full: true } });
    expect(requests).toEqual([
      {
        method: 'GET',
        url: 'http://api.test/users/me?full=true',
        attempt: 1,
        headers: expect.objectContaining({ 'x-token': '***', accept: 'application/json' }),
      },
    ]);
    expect(responses).toEqual([
      {
        method: 'GET',
        url: 'http://api.test/users/me?full=true',
        status: 200,
        durationMs: 42,
        attempt: 1,
        headers: expect.objectContaining({ 'set-cookie': '***', 'x-api-target': 'sandbox' }),
      },
    ]);
    expect(JSON.stringify([requests, responses])).not.toContain('top-secret-token');
    expect(fake.calls[0]?.headers.get('x-token')).toBe('top-secret-token');
  });

  it('report each attempt, and a failed connection with no status and its error', async () => {
    const fake = fakeFetch([socketError(), json(200, {})]);
    const onResponse = vi.fn<(event: ResponseEvent) => void>();
    const client = createClient({
      baseUrl: 'http://api.test/',
      fetch: fake.fetch,
      sleep: async () => undefined,
      onResponse,
    });
    await client.request({ method: 'GET', path: 'x' });
    expect(onResponse.mock.calls.map(([event]) => [event.attempt, event.status])).toEqual([
      [1, undefined],
      [2, 200],
    ]);
    expect(onResponse.mock.calls[0]?.[0].error).toMatch(
      /Network error: fetch failed \(UND_ERR_SOCKET other side closed\)/,
    );
  });
});
