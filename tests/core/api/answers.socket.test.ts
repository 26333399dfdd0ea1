import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  NetworkError,
  TimeoutError,
  UnexpectedAnswerError,
  isOutcomeUnknown,
  type ApiClient,
} from '../../../core/api/index.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { requestShape } from '../../../core/endpoints/request-shape.js';
import { ENDPOINTS, type Endpoint } from '../../../core/endpoints/index.js';
import { closedPort, sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

const endpointOf = (command: string): Endpoint => ENDPOINTS.find((e) => e.command === command) as Endpoint;

/** Answers a status, a content type (none when null) and a body as given. */
function answer(res: ServerResponse, status: number, type: string | null, body: string): void {
  res.writeHead(status, type === null ? {} : { 'content-type': type });
  res.end(body);
}

const BAD_ANSWERS: readonly (readonly [string, number, string | null, string, RegExp])[] = [
  [
    'a proxy maintenance page',
    200,
    'text/html',
    '<html><body>Down for maintenance</body></html>',
    /200 text\/html, an HTML page \("Down for maintenance"\)/,
  ],
  ['JSON cut short', 200, 'application/json', '{"invoice":{"id":6,"state":"pa', /JSON cut short/],
  ['a bare array', 200, 'application/json', '[1,2,3]', /a JSON array where a JSON object is due/],
  ['an empty 200', 200, 'application/json', '', /an empty body/],
  ['a bare number', 201, 'application/json', '42', /a bare JSON number/],
  ['a JSON object sent as text/plain', 200, 'text/plain', '{"ok":true}', /200 text\/plain, not JSON/],
];

describe("a 2xx answer that is not the API's", () => {
  let server: HttpTestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startHttpTestServer((_req, res) => sendJson(res, 200, { ok: true }));
    client = createClient({ baseUrl: server.url, retry: { retries: 0 } });
  });
  afterAll(async () => {
    await server.close();
  });

  for (const [name, status, type, body, message] of BAD_ANSWERS) {
    it(`${name} is an UnexpectedAnswerError, and a write's outcome is unknown`, async () => {
      server.setHandler((_req, res) => answer(res, status, type, body));
      const write = await client
        .request({ method: 'POST', path: 'superuser/invoices/6/paid', body: { method: 'bacs' } })
        .catch((e: unknown) => e);
      expect(write).toBeInstanceOf(UnexpectedAnswerError);
      expect((write as UnexpectedAnswerError).message).toMatch(message);
      expect(write).toMatchObject({ status, outcomeUnknown: true });
      expect(isOutcomeUnknown(write)).toBe(true);
      const read = await client.request({ method: 'GET', path: 'schools/1' }).catch((e: unknown) => e);
      expect(read).toBeInstanceOf(UnexpectedAnswerError);
      expect(read).toMatchObject({ outcomeUnknown: false });
    });
  }

  it('never quotes a JSON body in the message (a token may be in it)', async () => {
    server.setHandler((_req, res) => answer(res, 200, 'application/json', '{"sessionToken":"s3cr3t-token-value'));
    const error = await client.request({ method: 'POST', path: 'auth', body: {} }).catch((e: unknown) => e);
    expect(String((error as Error).message)).not.toContain('s3cr3t');
  });

  it('accepts a JSON object (any JSON content type or none), and a 204 with no body', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/problem+json', null]) {
      server.setHandler((_req, res) => answer(res, 200, type, '{"ok":true}'));
      expect((await client.request({ method: 'GET', path: 'schools/1' })).data).toEqual({ ok: true });
    }
    server.setHandler((_req, res) => answer(res, 204, null, ''));
    expect((await client.request({ method: 'DELETE', path: 'auth' })).status).toBe(204);
  });

  it('refuses a 204 where the entry names a response key', async () => {
    server.setHandler((_req, res) => answer(res, 204, null, ''));
    // `invoices mark-paid` names no key; `auth exchange-token`'s answer is the session token.
    expect(
      buildRequest(endpointOf('invoices mark-paid'), { id: 6, method: 'bacs', date: '2026-11-02' }).answer,
    ).toBeUndefined();
    const exchange = endpointOf('auth exchange-token');
    const request = buildRequest(exchange, { access_token: 'a' });
    expect(request.answer).toBe('object');
    await expect(client.request(request)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it("reads the table's downloads, and only those, as files", () => {
    const files = ENDPOINTS.filter(
      (e) => requestShape(e, Object.fromEntries(e.params.map((p) => [p, '1'])), undefined).answer === 'file',
    )
      .map((e) => e.command)
      .sort();
    expect(files).toEqual(['emails download', 'pupils export-csv', 'snapshots download']);
  });

  it('takes a download as the file it is (CSV, text), but never an HTML page', async () => {
    const download = buildRequest(endpointOf('snapshots download'), { id: 3 });
    expect(download.answer).toBe('file');
    server.setHandler((_req, res) => answer(res, 200, 'text/csv', 'school,plays\n1,239\n'));
    expect((await client.request(download)).data).toBe('school,plays\n1,239\n');
    server.setHandler((_req, res) => answer(res, 200, 'text/html', '<!DOCTYPE html><title>Maintenance</title>'));
    await expect(client.request(download)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('request timeout', () => {
  let silent: HttpTestServer;
  let slowBody: HttpTestServer;

  beforeAll(async () => {
    // Accepts, reads the request, and never answers.
    silent = await startHttpTestServer(() => undefined);
    // Sends the head and half a body, then goes quiet.
    slowBody = await startHttpTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"invoice":');
    });
  });
  afterAll(async () => {
    await silent.close();
    await slowBody.close();
  });

  it('gives up on a server that never answers: a TimeoutError, outcome unknown for a write, not retried without a key', async () => {
    const client = createClient({ baseUrl: silent.url, timeoutMs: 300 });
    const before = silent.requests.length;
    const error = await client
      .request({ method: 'POST', path: 'superuser/invoices/6/paid', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ outcomeUnknown: true, notSent: false, retryable: false });
    expect((error as Error).message).toMatch(/No answer within 0\.3 s/);
    // The server records a request when it has read its body, which on a loaded machine can be after the
    // client has given up: wait until it has the one, then long enough for a retry to have arrived too.
    await expect.poll(() => silent.requests.length - before, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(silent.requests.length - before).toBe(1);
  });

  it('counts the body too: a head then silence times out', async () => {
    const client = createClient({ baseUrl: slowBody.url, timeoutMs: 300, retry: { retries: 0 } });
    await expect(client.request({ method: 'GET', path: 'schools/1' })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('retries a timed-out write that carries an idempotency key', async () => {
    const client = createClient({
      baseUrl: silent.url,
      timeoutMs: 200,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const before = silent.requests.length;
    await expect(client.request({ method: 'POST', path: 'x', body: {}, idempotencyKey: 'k-1' })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    expect(silent.requests.length - before).toBe(2);
  });

  it("an abort by the caller stays the caller's abort, not a timeout", async () => {
    const client = createClient({ baseUrl: silent.url, timeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = client.request({ method: 'GET', path: 'x', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error('stop'));
    expect(await pending).toMatchObject({ message: 'stop' });
  });

  it('refuses a timeout that is not a number of milliseconds', () => {
    expect(() => createClient({ baseUrl: silent.url, timeoutMs: -1 })).toThrow(/timeoutMs/);
  });
});

describe('a request that never reached the server', () => {
  it("is notSent, and a write's outcome is known (not applied)", async () => {
    const client = createClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/`, retry: { retries: 0 } });
    const error = await client.request({ method: 'POST', path: 'x', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ notSent: true, outcomeUnknown: false });
    expect(isOutcomeUnknown(error)).toBe(false);
  });
});
