import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, TimeoutError } from '../../../core/api/index.js';
import { timeBudget } from '../../../core/api/budget.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

// totalTimeoutMs bounds a call's attempts and the waits between them together: a silent server costs
// the call that time once, not once per retry. Each attempt's own timeoutMs is set far above the total
// here, so a client that ignored the total would wait out 10 s attempts and fail on the test's own limit.

let silent: HttpTestServer;
/** Drops the connection of its first request of each test, then accepts and never answers. */
let dropThenSilent: HttpTestServer;
let dropped = 0;

const ATTEMPT_MS = 10_000;
const retry = { retries: 3, baseDelayMs: 1, maxDelayMs: 20 };

beforeAll(async () => {
  silent = await startHttpTestServer(() => undefined);
  dropThenSilent = await startHttpTestServer((_req, res) => {
    dropped += 1;
    if (dropped === 1) res.socket?.destroy();
  });
});
afterAll(async () => {
  await silent.close();
  await dropThenSilent.close();
});

describe('totalTimeoutMs: one budget for all of a call', () => {
  it('a silent server: one attempt takes the whole budget, and the call ends with a TimeoutError naming it', async () => {
    const client = createClient({ baseUrl: silent.url, timeoutMs: ATTEMPT_MS, totalTimeoutMs: 400, retry });
    const before = silent.requests.length;
    const error = await client.request({ method: 'GET', path: 'users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ limit: 'total', timeoutMs: 400, attempts: 1, message: 'No answer within 0.4 s' });
    expect(silent.requests.length - before).toBe(1);
  });

  it('the attempts share it: a dropped connection, then silence, ends within the budget saying how many attempts', async () => {
    dropped = 0;
    const client = createClient({ baseUrl: dropThenSilent.url, timeoutMs: ATTEMPT_MS, totalTimeoutMs: 600, retry });
    const error = await client.request({ method: 'GET', path: 'users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ limit: 'total', attempts: 2 });
    expect((error as Error).message).toBe('No answer within 0.6 s (2 attempts)');
  });

  it('a wait the server asks for that would outlast the budget ends the call at once with the answer it got', async () => {
    const busy = await startHttpTestServer((_req, res) =>
      sendJson(res, 503, { error: 'Busy' }, { 'retry-after': '5' }),
    );
    try {
      const client = createClient({
        baseUrl: busy.url,
        timeoutMs: ATTEMPT_MS,
        totalTimeoutMs: 1_000,
        retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 10_000 },
      });
      const error = await client.request({ method: 'GET', path: 'users/me' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 503, attempts: 1 });
      expect(busy.requests.length).toBe(1);
    } finally {
      await busy.close();
    }
  });

  it('scope client: the calls share one budget; a call after it is spent is not sent', async () => {
    const client = createClient({
      baseUrl: silent.url,
      timeoutMs: ATTEMPT_MS,
      totalTimeoutMs: 300,
      totalTimeoutScope: 'client',
      retry,
    });
    await expect(client.request({ method: 'GET', path: 'users/me' })).rejects.toBeInstanceOf(TimeoutError);
    const before = silent.requests.length;
    const error = await client.request({ method: 'GET', path: 'schools/1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', attempts: 0, notSent: true });
    expect((error as Error).message).toMatch(
      /^No answer within 0\.3 s: that time was spent before this request, which was not sent/,
    );
    expect(silent.requests.length).toBe(before);
  });

  it('scope request (the default): each call has the whole budget', async () => {
    const client = createClient({ baseUrl: silent.url, timeoutMs: ATTEMPT_MS, totalTimeoutMs: 200, retry });
    const before = silent.requests.length;
    await expect(client.request({ method: 'GET', path: 'users/me' })).rejects.toMatchObject({ attempts: 1 });
    await expect(client.request({ method: 'GET', path: 'schools/1' })).rejects.toMatchObject({ attempts: 1 });
    expect(silent.requests.length - before).toBe(2);
  });

  it('without it, each attempt has its own limit, and the message says so', async () => {
    const client = createClient({
      baseUrl: silent.url,
      timeoutMs: 200,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await client.request({ method: 'GET', path: 'users/me' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      limit: 'attempt',
      attempts: 2,
      message: 'No answer within 0.2 s (each of 2 attempts)',
    });
  });

  it('refuses a total or a scope it cannot use', () => {
    expect(() => createClient({ baseUrl: silent.url, totalTimeoutMs: -1 })).toThrow(/totalTimeoutMs/);
    expect(() => createClient({ baseUrl: silent.url, totalTimeoutScope: 'command' as 'client' })).toThrow(
      /totalTimeoutScope: must be "request" or "client"/,
    );
  });
});

describe('timeBudget', () => {
  it('counts time with a call in flight once, however many calls, and not the time between calls', () => {
    let now = 0;
    const budget = timeBudget(1_000, () => now);
    const a = budget.enter();
    now = 100;
    const b = budget.enter();
    now = 300;
    a();
    a();
    now = 400;
    b();
    expect(budget.remainingMs()).toBe(600);
    now = 5_000; // between calls: a prompt, a pause
    expect(budget.remainingMs()).toBe(600);
    const c = budget.enter();
    now = 5_250;
    expect(budget.remainingMs()).toBe(350);
    c();
  });
});
