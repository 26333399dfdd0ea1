import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  ClientConfigError,
  createClient,
  DEFAULT_RETRY_POLICY,
  type ClientOptions,
} from '../../../core/api/index.js';
import { resolveOptions } from '../../../core/api/options.js';
import { fakeFetch, json, type FakeAnswer } from './support/fake-fetch.js';

function setup(answers: readonly FakeAnswer[] = [json(200, { ok: true })], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(answers);
  const client = createClient({ baseUrl: 'http://api.test/v1', fetch: fake.fetch, ...options });
  return { client, calls: fake.calls };
}

describe('ApiClient request building', () => {
  it("sends credentials: 'include' and passes the dispatcher through untouched", async () => {
    const dispatcher = { name: 'agent' };
    const { client, calls } = setup(undefined, { dispatcher });
    await client.request({ method: 'GET', path: 'users/me' });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.dispatcher).toBe(dispatcher);
    const plain = setup();
    await plain.client.request({ method: 'GET', path: 'users/me' });
    expect(plain.calls[0]?.init).not.toHaveProperty('dispatcher');
  });

  it('resolves paths under the base path, ignoring a leading slash', async () => {
    const { client, calls } = setup();
    await client.request({ method: 'GET', path: 'schools/3' });
    await client.request({ method: 'GET', path: '/schools/4' });
    expect(calls.map((c) => c.url)).toEqual(['http://api.test/v1/schools/3', 'http://api.test/v1/schools/4']);
  });

  it('sends client type and version only when configured', async () => {
    const configured = setup(undefined, { clientType: 'edshed-cli', clientVersion: '0.1.0' });
    await configured.client.request({ method: 'GET', path: 'x' });
    expect(configured.calls[0]?.headers.get('x-client-type')).toBe('edshed-cli');
    expect(configured.calls[0]?.headers.get('x-client-version')).toBe('0.1.0');
    const bare = setup();
    await bare.client.request({ method: 'GET', path: 'x' });
    expect(bare.calls[0]?.headers.has('x-client-type')).toBe(false);
    expect(bare.calls[0]?.headers.has('x-client-version')).toBe(false);
  });

  it('sends the token header only while a token is set, and setToken changes it', async () => {
    const { client, calls } = setup();
    await client.request({ method: 'GET', path: 'x' });
    client.setToken('tok-2');
    await client.request({ method: 'GET', path: 'x' });
    client.setToken(undefined);
    await client.request({ method: 'GET', path: 'x' });
    expect(calls.map((c) => c.headers.get('x-token'))).toEqual([null, 'tok-2', null]);
    const withToken = setup(undefined, { token: 'tok-1' });
    await withToken.client.request({ method: 'GET', path: 'x' });
    expect(withToken.calls[0]?.headers.get('x-token')).toBe('tok-1');
    expect(withToken.client.hasToken).toBe(true);
  });

  it('sends the idempotency key header, and lets the caller add headers', async () => {
    const { client, calls } = setup();
    await client.request({
      method: 'POST',
      path: 'x',
      body: {},
      idempotencyKey: 'run-7-12',
      headers: { 'x-trace': 't1' },
    });
    expect(calls[0]?.headers.get('idempotency-key')).toBe('run-7-12');
    expect(calls[0]?.headers.get('x-trace')).toBe('t1');
  });

  it('stringifies every query value for GET and DELETE: arrays comma-joined, booleans, null and undefined left out', async () => {
    const { client, calls } = setup();
    const query = {
      curriculum_id: 2,
      search: 'a&b c',
      ids: [1, 'x', 3],
      deleted: false,
      live: true,
      skip: undefined,
      owner: null,
    };
    await client.request({ method: 'GET', path: 'resources/search', query });
    await client.request({ method: 'DELETE', path: 'lists/4', query: { force: true } });
    const url = new URL(calls[0]?.url ?? '');
    expect([...url.searchParams]).toEqual([
      ['curriculum_id', '2'],
      ['search', 'a&b c'],
      ['ids', '1,x,3'],
      ['deleted', 'false'],
      ['live', 'true'],
    ]);
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[1]?.url).toBe('http://api.test/v1/lists/4?force=true');
  });

  it.each(['POST', 'PUT', 'PATCH'] as const)('sends a %s payload as a JSON body', async (method) => {
    const { client, calls } = setup();
    await client.request({ method, path: 'schools/3', body: { name: 'Oak', seats: 30 } });
    expect(calls[0]?.init.method).toBe(method);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: 'Oak', seats: 30 });
  });

  it('sends a Blob as is with its own content type, and bytes as application/octet-stream', async () => {
    const { client, calls } = setup();
    const blob = new Blob(['name,year\nAda,3\n'], { type: 'text/csv' });
    await client.request({ method: 'POST', path: 'pupils/import', body: blob });
    await client.request({ method: 'POST', path: 'files', body: new Uint8Array([1, 2, 3]) });
    await client.request({ method: 'POST', path: 'files', body: new Blob(['x']) });
    expect(calls[0]?.init.body).toBe(blob);
    expect(calls[0]?.headers.get('content-type')).toBe('text/csv');
    expect(calls[1]?.headers.get('content-type')).toBe('application/octet-stream');
    expect(calls[1]?.init.body).toEqual(new Uint8Array([1, 2, 3]));
    expect(calls[2]?.headers.get('content-type')).toBe('application/octet-stream');
  });

  it("lets the caller's content-type header win", async () => {
    const { client, calls } = setup();
    await client.request({
      method: 'PUT',
      path: 'x',
      body: new Uint8Array([1]),
      headers: { 'Content-Type': 'image/png' },
    });
    expect(calls[0]?.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a GET with a body before sending', async () => {
    const { client, calls } = setup();
    await expect(client.request({ method: 'GET', path: 'x', body: { a: 1 } })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });

  it('exposes status, data, the API target, request id, replay flag and attempts on the response', async () => {
    const headers = { 'x-api-target': 'staging', 'x-request-id': 'req-9', 'idempotent-replayed': 'true' };
    const { client } = setup([json(201, { invoice: { id: 3 } }, headers)]);
    const response = await client.request({ method: 'POST', path: 'invoices', body: {}, idempotencyKey: 'k' });
    expect(response).toMatchObject({
      status: 201,
      data: { invoice: { id: 3 } },
      apiTarget: 'staging',
      requestId: 'req-9',
      replayed: true,
      attempts: 1,
    });
    expect(response.headers.get('x-api-target')).toBe('staging');
  });

  it('reads a 204 as null, and a non-JSON body as text only where a file is the answer', async () => {
    const { client } = setup([new Response(null, { status: 204 }), new Response('plain words', { status: 200 })]);
    expect((await client.request({ method: 'DELETE', path: 'x' })).data).toBeNull();
    expect((await client.request({ method: 'GET', path: 'x/download', answer: 'file' })).data).toBe('plain words');
    await expect(client.request({ method: 'GET', path: 'x' })).rejects.toThrow(
      /not the API's: 200 text\/plain, not JSON/,
    );
  });

  it('refuses bad options with ClientConfigError naming them', () => {
    expect(() => new ApiClient().init({ environment: 'prod' })).toThrow(/Unknown environment 'prod'/);
    expect(() => new ApiClient().init({ baseUrl: 'ftp://x/' })).toThrow(ClientConfigError);
    expect(() => new ApiClient().init({ environment: 'sandbox', retry: { retries: -1 } })).toThrow(/retry\.retries/);
    expect(() => new ApiClient().init({ environment: 'sandbox', token: 'bad\ntoken' })).toThrow(
      /token: must be printable ASCII/,
    );
    const several = {
      environment: 'sandbox',
      token: '',
      clientVersion: 7,
      retry: { retries: 1.5, maxDelayMs: Infinity },
    } as unknown as ClientOptions;
    expect(() => new ApiClient().init(several)).toThrow(
      'Invalid client options: token: must be a non-empty string; clientVersion: must be a non-empty string; retry.retries: must be a whole number from 0 to 20; retry.maxDelayMs: must be a finite number, 0 or more',
    );
    expect(() =>
      new ApiClient().init({ environment: 'sandbox', retry: [] as unknown as ClientOptions['retry'] }),
    ).toThrow('retry: must be an object');
  });

  it("takes only the retry policy's own keys from the retry option", () => {
    const retry = { retries: 0, maxDelayMs: undefined, jitter: 'full' } as unknown as ClientOptions['retry'];
    expect(resolveOptions({ environment: 'sandbox', retry }).retry).toEqual({ ...DEFAULT_RETRY_POLICY, retries: 0 });
  });

  it('reports whether it is initialised and its base URL', () => {
    const client = new ApiClient();
    expect(client.initialised).toBe(false);
    expect(() => client.baseUrl).toThrow('API client has not been initialised');
    client.init({ environment: 'sandbox' });
    expect(client.initialised).toBe(true);
    expect(client.baseUrl).toBe('http://127.0.0.1:8787/');
  });
});
