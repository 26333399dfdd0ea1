import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type ApiClient, type Sleep } from '../../../core/api/index.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('retries over a socket', () => {
  let server: HttpTestServer;
  let client: ApiClient;
  const sleep = vi.fn<Sleep>(async () => undefined);

  beforeAll(async () => {
    server = await startHttpTestServer((_req, res) => sendJson(res, 200, {}));
    client = createClient({ baseUrl: server.url, sleep, random: () => 0, now: () => NOW });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Answers with `failures` in turn, then 200 with the number of requests seen. */
  function failThenSucceed(failures: readonly [number, Record<string, string>][]): () => number {
    let seen = 0;
    server.setHandler((_req, res) => {
      const failure = failures[seen];
      seen += 1;
      if (failure) sendJson(res, failure[0], { error: `failure ${seen}` }, failure[1]);
      else sendJson(res, 200, { seen });
    });
    sleep.mockClear();
    return () => seen;
  }

  it('waits at least Retry-After, then succeeds', async () => {
    const seen = failThenSucceed([[503, { 'retry-after': '2' }]]);
    const response = await client.request({ method: 'GET', path: 'schools' });
    expect(response).toMatchObject({ data: { seen: 2 }, attempts: 2 });
    expect(seen()).toBe(2);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([2000]);
  });

  it('waits at least until the rate-limit reset', async () => {
    failThenSucceed([[429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7' }]]);
    await client.request({ method: 'GET', path: 'schools' });
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([7000]);
  });

  it('retries a write with an idempotency key, sending the same key each time', async () => {
    failThenSucceed([
      [503, {}],
      [500, {}],
    ]);
    const before = server.requests.length;
    const response = await client.request({
      method: 'POST',
      path: 'superuser/invoices/12/paid',
      body: { method: 'bacs' },
      idempotencyKey: 'run-9-12',
    });
    expect(response.attempts).toBe(3);
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['run-9-12', 'run-9-12', 'run-9-12']);
    expect(sent.map((r) => JSON.parse(r.body.toString('utf8')) as unknown)).toEqual([
      { method: 'bacs' },
      { method: 'bacs' },
      { method: 'bacs' },
    ]);
  });

  it('does not retry a write without a key', async () => {
    const seen = failThenSucceed([[503, {}]]);
    await expect(
      client.request({ method: 'POST', path: 'superuser/invoices/12/paid', body: {} }),
    ).rejects.toMatchObject({ status: 503, attempts: 1 });
    expect(seen()).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries a GET whose connection was dropped', async () => {
    let seen = 0;
    server.setHandler((_req, res) => {
      seen += 1;
      if (seen === 1) res.socket?.destroy();
      else sendJson(res, 200, { seen });
    });
    const response = await client.request({ method: 'GET', path: 'schools' });
    expect(response).toMatchObject({ data: { seen: 2 }, attempts: 2 });
  });
});
