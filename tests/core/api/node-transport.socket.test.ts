import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../core/api/index.js';
import { createNodeClient, createNodeTransport } from '../../../core/node.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';
import { fakeFetch, json } from './support/fake-fetch.js';

describe('Node transport (undici)', () => {
  let server: HttpTestServer;

  beforeAll(async () => {
    server = await startHttpTestServer((req, res) => sendJson(res, 200, { path: req.url }));
  });
  afterAll(async () => {
    await server.close();
  });

  function portsOf(from: number): Set<number | undefined> {
    return new Set(server.requests.slice(from).map((r) => r.remotePort));
  }

  it('keeps the connection alive between requests', async () => {
    const transport = createNodeTransport();
    const client = createClient({ baseUrl: server.url, fetch: transport.fetch, dispatcher: transport.dispatcher });
    const before = server.requests.length;
    const paths = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const path of paths) await client.request({ method: 'GET', path });
    await transport.close();
    expect(server.requests.length - before).toBe(paths.length);
    // undici may open a second socket while the first is being released; a new one per request would be 6.
    expect(portsOf(before).size).toBeLessThanOrEqual(2);
  });

  it('bounds the number of connections: concurrent requests queue on the pool', async () => {
    const transport = createNodeTransport({ connections: 1 });
    const client = createClient({ baseUrl: server.url, fetch: transport.fetch, dispatcher: transport.dispatcher });
    const before = server.requests.length;
    const responses = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((path) => client.request({ method: 'GET', path })),
    );
    await transport.close();
    expect(responses.map((r) => r.data)).toEqual(['a', 'b', 'c', 'd', 'e'].map((p) => ({ path: `/${p}` })));
    expect(portsOf(before).size).toBe(1);
  });

  it('refuses a connection count that is not a positive integer', () => {
    expect(() => createNodeTransport({ connections: 0 })).toThrow(RangeError);
    expect(() => createNodeTransport({ connections: 1.5 })).toThrow(RangeError);
  });

  it('createNodeClient sends through undici with the options given, and closes its pool', async () => {
    const client = createNodeClient({
      baseUrl: server.url,
      token: 'tok-n',
      clientType: 'edshed-cli',
      connections: 2,
      retry: { retries: 0 },
    });
    const response = await client.request({ method: 'GET', path: 'users/me', query: { full: 1 } });
    expect(response.data).toEqual({ path: '/users/me?full=1' });
    expect(server.requests.at(-1)?.headers).toMatchObject({ 'x-token': 'tok-n', 'x-client-type': 'edshed-cli' });
    await client.close();
    await expect(client.request({ method: 'GET', path: 'x' })).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('createNodeClient uses a given fetch instead of building a pool', async () => {
    const fake = fakeFetch([json(200, { fake: true })]);
    const client = createNodeClient({ baseUrl: 'http://api.test/', fetch: fake.fetch });
    expect((await client.request({ method: 'GET', path: 'x' })).data).toEqual({ fake: true });
    expect(fake.calls[0]?.init).not.toHaveProperty('dispatcher');
    await client.close();
  });
});
