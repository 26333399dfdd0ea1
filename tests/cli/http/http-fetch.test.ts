import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from '../../../cli/http/http-fetch.js';
import { createClient } from '../../../core/api/client.js';
import { NetworkError, TimeoutError, UnexpectedAnswerError } from '../../../core/api/errors/index.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer((req, res) => {
    if (req.url.startsWith('/slow')) return void setTimeout(() => sendJson(res, 200, { late: true }), 2000);
    if (req.url.startsWith('/empty')) return void res.writeHead(204).end();
    if (req.url.startsWith('/silent')) return;
    if (req.url.startsWith('/half'))
      return void res
        .writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
        .write('{"invoice":');
    if (req.url.startsWith('/page'))
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.setHeader('x-request-id', 'req_1');
    sendJson(res, req.method === 'POST' ? 201 : 200, {
      method: req.method,
      url: req.url,
      body: req.body.toString(),
      token: req.headers['x-token'] ?? null,
    });
  });
});
afterAll(() => server.close());

describe('the CLI fetch over node:http', () => {
  const fetch = nodeHttpFetch();

  it('sends method, headers and body and answers a standard Response', async () => {
    const response = await fetch(`${server.url}things?a=1`, {
      method: 'POST',
      headers: { 'x-token': 't', 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ method: 'POST', url: '/things?a=1', body: '{"x":1}', token: 't' });
    const empty = await fetch(`${server.url}empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('refuses a header with a line break or a name that is not a token, as a record or as pairs', async () => {
    await expect(fetch(`${server.url}things`, { headers: { 'x-token': 't\r\nx-admin: 1' } })).rejects.toThrow(
      TypeError,
    );
    await expect(fetch(`${server.url}things`, { headers: { 'x token': 't' } })).rejects.toThrow(TypeError);
    await expect(fetch(`${server.url}things`, { headers: [['x-token', 't\nx']] })).rejects.toThrow(TypeError);
  });

  it('reads the answer the same way through every reader: text, bytes, blob, the body stream and a clone', async () => {
    const response = await fetch(`${server.url}things`);
    const expected = { method: 'GET', url: '/things', body: '', token: null };
    // Each reader on a clone of its own: like a standard Response, a body is read once.
    const [forBytes, forBlob, forText] = [response.clone(), response.clone(), response.clone()];
    expect(JSON.parse(await new Response(response.body).text())).toEqual(expected);
    expect(JSON.parse(new TextDecoder().decode(await forBytes.arrayBuffer()))).toEqual(expected);
    expect(JSON.parse(await (await forBlob.blob()).text())).toEqual(expected);
    expect(JSON.parse(await forText.text())).toEqual(expected);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}empty`)).body).toBeNull();
  });

  it('carries the API client: its answers, and its errors with the socket code (nothing sent)', async () => {
    const client = createClient({ baseUrl: server.url, token: 'tok', fetch });
    const { data, requestId } = await client.request<{ token: string }>({ method: 'GET', path: 'users/me' });
    expect(data.token).toBe('tok');
    expect(requestId).toBe('req_1');
    const closed = createClient({ baseUrl: 'http://127.0.0.1:9/', fetch, retry: { retries: 0 } });
    const error = await closed
      .request({ method: 'POST', path: 'x', body: {}, idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).outcomeUnknown).toBe(false);
    expect((error as NetworkError).notSent).toBe(true);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('stops a request when its signal aborts, with the signal reason', async () => {
    const controller = new AbortController();
    const pending = fetch(`${server.url}slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user stopped')), 50);
    await expect(pending).rejects.toThrow('user stopped');
  });

  it('gives the client a timeout: a server silent after accepting, or after the head, ends in TimeoutError', async () => {
    const client = createClient({ baseUrl: server.url, fetch, timeoutMs: 200, retry: { retries: 0 } });
    await expect(client.request({ method: 'POST', path: 'silent', body: {} })).rejects.toBeInstanceOf(TimeoutError);
    const error = await client.request({ method: 'GET', path: 'half' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("reads a 2xx maintenance page as not the API's answer", async () => {
    const client = createClient({ baseUrl: server.url, fetch, retry: { retries: 0 } });
    const error = await client.request({ method: 'POST', path: 'page', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as Error).message).toMatch(/200 text\/html, an HTML page \("maintenance"\)/);
  });
});
