/**
 * Every row of the error catalogue (overview section 8) that concerns the client, over a real socket,
 * once with the default fetch and once with the undici transport of core/node.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiClient,
  ApiError,
  createClient,
  ForbiddenError,
  InvalidDataError,
  LoginAttemptsError,
  NetworkError,
  NotInitialisedError,
  RateLimitedError,
  ReverificationRequiredError,
  UnauthorisedError,
  type ClientLogger,
  type ClientOptions,
} from '../../../core/api/index.js';
import { createNodeTransport, type NodeTransport } from '../../../core/node.js';
import { closedPort, sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe.each(['global fetch', 'undici transport'])('error catalogue over a socket (%s)', (transportName) => {
  let server: HttpTestServer;
  let transport: NodeTransport | undefined;

  beforeAll(async () => {
    server = await startHttpTestServer((_req, res) => sendJson(res, 200, {}));
    transport = transportName === 'undici transport' ? createNodeTransport({ connections: 4 }) : undefined;
  });
  afterAll(async () => {
    await transport?.close();
    await server.close();
  });

  function client(options: Partial<ClientOptions> = {}): ApiClient {
    return createClient({
      baseUrl: server.url,
      now: () => NOW,
      sleep: async () => undefined,
      retry: { retries: 0 },
      ...(transport ? { fetch: transport.fetch, dispatcher: transport.dispatcher } : {}),
      ...options,
    });
  }

  it('raises an ApiError for an error field on a 200, with error: message, status, data, attempts remaining and references', async () => {
    const body = { error: 'Could not save', message: 'The list is locked', attempts_remaining: 2 };
    server.setHandler((_req, res) =>
      sendJson(res, 200, body, { 'x-error-reference': 'ERR-77', 'x-request-id': 'req-1', 'x-api-target': 'sandbox' }),
    );
    const error = await failure(client().request({ method: 'GET', path: 'lists/4' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).constructor).toBe(ApiError);
    expect(error).toMatchObject({
      message: 'Could not save: The list is locked',
      status: 200,
      data: body,
      attemptsRemaining: 2,
      errorReference: 'ERR-77',
      requestId: 'req-1',
      apiTarget: 'sandbox',
    });
  });

  it('uses the error alone as the message when there is no message, and the rate-limit header for attempts remaining', async () => {
    server.setHandler((_req, res) => sendJson(res, 200, { error: 'Could not save' }, { 'x-ratelimit-remaining': '5' }));
    const error = await failure(client().request({ method: 'GET', path: 'lists/4' }));
    expect(error).toMatchObject({ message: 'Could not save', status: 200, attemptsRemaining: 5 });
  });

  it('calls the auth-error handler on 401, then raises UnauthorisedError', async () => {
    server.setHandler((_req, res) => sendJson(res, 401, { error: 'Unauthorised', message: 'Token expired' }));
    const events: string[] = [];
    const onAuthError = vi.fn((error: UnauthorisedError) => {
      events.push(`handler:${error.status ?? ''}`);
    });
    const error = await failure(
      client({ token: 'tok-1', onAuthError })
        .request({ method: 'GET', path: 'users/me' })
        .finally(() => events.push('rejected')),
    );
    expect(error).toBeInstanceOf(UnauthorisedError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorised: Token expired' });
    expect(onAuthError).toHaveBeenCalledWith(error);
    expect(events).toEqual(['handler:401', 'rejected']);
  });

  it('runs the reverification flow on a 403 with a message and sends the request once more', async () => {
    let verified = false;
    server.setHandler((_req, res) =>
      verified
        ? sendJson(res, 200, { invoice: { id: 12 } })
        : sendJson(res, 403, { error: 'Forbidden', message: 'Password requires reverification' }),
    );
    const before = server.requests.length;
    const onReverify = vi.fn(async (error: ReverificationRequiredError) => {
      expect(error.message).toBe('Password requires reverification');
      verified = true;
      return true;
    });
    const response = await client({ onReverify }).request({
      method: 'POST',
      path: 'superuser/invoices/12/void',
      body: {},
    });
    expect(onReverify).toHaveBeenCalledTimes(1);
    expect(response.data).toEqual({ invoice: { id: 12 } });
    expect(response.attempts).toBe(2);
    expect(server.requests.length - before).toBe(2);
  });

  it('raises ReverificationRequiredError when the user declines, and does not loop when the server refuses again', async () => {
    server.setHandler((_req, res) =>
      sendJson(res, 403, { error: 'Forbidden', message: 'Password requires reverification' }),
    );
    const declined = await failure(
      client({ onReverify: async () => false }).request({ method: 'GET', path: 'superuser/users' }),
    );
    expect(declined).toBeInstanceOf(ReverificationRequiredError);
    expect(declined).toMatchObject({
      message: 'Password requires reverification',
      serverMessage: 'Password requires reverification',
      status: 403,
    });
    const onReverify = vi.fn(async () => true);
    const before = server.requests.length;
    const again = await failure(client({ onReverify }).request({ method: 'GET', path: 'superuser/users' }));
    expect(again).toBeInstanceOf(ForbiddenError);
    expect(onReverify).toHaveBeenCalledTimes(1);
    expect(server.requests.length - before).toBe(2);
  });

  it('raises ForbiddenError on a 403 without a reverify handler', async () => {
    server.setHandler((_req, res) =>
      sendJson(res, 403, { error: 'Forbidden', message: 'Only superusers may do this' }),
    );
    const error = await failure(client().request({ method: 'GET', path: 'superuser/users' }));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).not.toBeInstanceOf(ReverificationRequiredError);
    expect(error).toMatchObject({ status: 403, message: 'Forbidden: Only superusers may do this' });
  });

  it("raises InvalidDataError 'Failed - Invalid data' on 422, keeping the field errors", async () => {
    const body = {
      error: 'Invalid',
      message: 'name is required',
      errors: { name: ['is required'], seats: 'must be positive' },
    };
    server.setHandler((_req, res) => sendJson(res, 422, body));
    const error = await failure(client().request({ method: 'POST', path: 'schools', body: { seats: -1 } }));
    expect(error).toBeInstanceOf(InvalidDataError);
    expect(error).toMatchObject({ message: 'Failed - Invalid data', status: 422, data: body });
    expect((error as InvalidDataError).fieldErrors).toEqual({ name: ['is required'], seats: ['must be positive'] });
  });

  it("raises RateLimitedError 'Too many requests. Try again later.' on 429 with the reset time and remaining attempts", async () => {
    server.setHandler((_req, res) => {
      res.writeHead(429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30', 'x-ratelimit-limit': '100' });
      res.end();
    });
    const error = await failure(client().request({ method: 'GET', path: 'schools' }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({
      message: 'Too many requests. Try again later.',
      status: 429,
      attemptsRemaining: 0,
      retryAfterMs: 30_000,
    });
    expect((error as RateLimitedError).resetAt?.getTime()).toBe(NOW + 30_000);
  });

  it("uses the server's message for a rate limit, and treats remaining 0 on another error status as rate limited", async () => {
    server.setHandler((_req, res) =>
      sendJson(
        res,
        400,
        { message: 'Slow down: 5 searches a minute' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '12' },
      ),
    );
    const error = await failure(client().request({ method: 'GET', path: 'resources/search' }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ message: 'Slow down: 5 searches a minute', status: 400, attemptsRemaining: 0 });
    expect((error as RateLimitedError).resetAt?.getTime()).toBe(NOW + 12_000);
  });

  it("turns 'Incorrect login details' into LoginAttemptsError with the attempts left, without the auth-error handler", async () => {
    server.setHandler((_req, res) => sendJson(res, 401, { error: 'Incorrect login details', attempts_remaining: 2 }));
    const onAuthError = vi.fn();
    const error = await failure(
      client({ onAuthError }).request({ method: 'POST', path: 'login', body: { username: 'a', password: 'b' } }),
    );
    expect(error).toBeInstanceOf(LoginAttemptsError);
    expect(error).toMatchObject({ message: 'Incorrect login details', attemptsRemaining: 2, status: 401 });
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it("turns 'Parent not setup' in the message into LoginAttemptsError, attempts from the rate-limit header", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, 400, { error: 'Login failed', message: 'Parent not setup' }, { 'x-ratelimit-remaining': '3' }),
    );
    const error = await failure(client().request({ method: 'POST', path: 'login', body: {} }));
    expect(error).toBeInstanceOf(LoginAttemptsError);
    expect(error).toMatchObject({ message: 'Login failed: Parent not setup', attemptsRemaining: 3 });
  });

  it("raises 'API client has not been initialised' before init, sending nothing", async () => {
    const before = server.requests.length;
    const error = await failure(new ApiClient().request({ method: 'GET', path: 'users/me' }));
    expect(error).toBeInstanceOf(NotInitialisedError);
    expect((error as Error).message).toBe('API client has not been initialised');
    expect(server.requests.length).toBe(before);
  });

  it('logs 400, 401, 403, 404, 409, 422 and 429 as handled and other failures as errors', async () => {
    let status = 200;
    server.setHandler((_req, res) => sendJson(res, status, { error: `status ${status}` }));
    const logger = { handled: vi.fn<ClientLogger['handled']>(), error: vi.fn<ClientLogger['error']>() };
    const c = client({ logger });
    const handled = [400, 401, 403, 404, 409, 422, 429];
    for (status of [...handled, 200, 418, 500, 503])
      await failure(c.request({ method: 'GET', path: `status/${status}` }));
    expect(logger.handled.mock.calls.map(([, info]) => info.status)).toEqual(handled);
    expect(logger.error.mock.calls.map(([, info]) => info.status)).toEqual([200, 418, 500, 503]);
    expect(logger.error).toHaveBeenCalledWith(
      'status 500',
      expect.objectContaining({ method: 'GET', url: `${server.url}status/500`, attempts: 1 }),
    );
  });

  it('logs a network failure as an error', async () => {
    const logger = { handled: vi.fn<ClientLogger['handled']>(), error: vi.fn<ClientLogger['error']>() };
    const url = `http://127.0.0.1:${await closedPort()}/`;
    await failure(client({ logger, baseUrl: url }).request({ method: 'GET', path: 'users/me' }));
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('Network error'),
      expect.objectContaining({ status: undefined }),
    );
    expect(logger.handled).not.toHaveBeenCalled();
  });

  it('says the outcome is unknown when the connection drops after a write without a key was sent', async () => {
    server.setHandler((_req, res) => {
      res.socket?.destroy();
    });
    const before = server.requests.length;
    const error = await failure(
      client({ retry: { retries: 3 } }).request({
        method: 'POST',
        path: 'superuser/invoices/12/paid',
        body: { method: 'bacs' },
      }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ outcomeUnknown: true, retryable: false, attempts: 1, status: undefined });
    expect((error as Error).message).toMatch(/outcome is unknown.*check before retrying/);
    expect(server.requests.length - before).toBe(1);
  });

  it('does not call the outcome unknown for a GET, or for a write whose connection was refused', async () => {
    server.setHandler((_req, res) => {
      res.socket?.destroy();
    });
    const read = await failure(client().request({ method: 'GET', path: 'schools' }));
    expect(read).toMatchObject({ outcomeUnknown: false });
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const refused = await failure(client({ baseUrl: url }).request({ method: 'POST', path: 'schools', body: {} }));
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused).toMatchObject({ outcomeUnknown: false });
    expect((refused as Error).message).toContain('ECONNREFUSED');
  });
});
