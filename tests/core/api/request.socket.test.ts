import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type ApiClient } from '../../../core/api/index.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

describe('request shape over a socket', () => {
  let server: HttpTestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startHttpTestServer((req, res) =>
      sendJson(res, 200, { echo: req.url }, { 'x-api-target': 'sandbox', 'x-request-id': 'req-1' }),
    );
    client = createClient({
      baseUrl: server.url,
      token: 'secret-token',
      clientType: 'edshed-cli',
      clientVersion: '0.1.0',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends the token, client type and version and the idempotency key as headers', async () => {
    await client.request({ method: 'POST', path: 'superuser/invoices/12/paid', body: {}, idempotencyKey: 'run-1' });
    const received = server.requests.at(-1);
    expect(received?.headers).toMatchObject({
      'x-token': 'secret-token',
      'x-client-type': 'edshed-cli',
      'x-client-version': '0.1.0',
      'idempotency-key': 'run-1',
    });
  });

  it('sends GET parameters as a stringified query string', async () => {
    await client.request({
      method: 'GET',
      path: 'resources/search',
      query: { curriculum_id: 2, search: 'rhyme time', take: 10, ids: [4, 5], free: true },
    });
    const url = new URL(server.requests.at(-1)?.url ?? '', server.url);
    expect(url.pathname).toBe('/resources/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      curriculum_id: '2',
      search: 'rhyme time',
      take: '10',
      ids: '4,5',
      free: 'true',
    });
  });

  it('sends a JSON body with its content type', async () => {
    await client.request({ method: 'PATCH', path: 'schools/3', body: { name: 'Oak Primary', seats: 30 } });
    const received = server.requests.at(-1);
    expect(received?.method).toBe('PATCH');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received?.body.toString('utf8') ?? '')).toEqual({ name: 'Oak Primary', seats: 30 });
  });

  it('sends a Blob with its own content type and bytes', async () => {
    const csv = 'first,last\nAda,Lovelace\n';
    await client.request({ method: 'POST', path: 'pupils/import', body: new Blob([csv], { type: 'text/csv' }) });
    const received = server.requests.at(-1);
    expect(received?.headers['content-type']).toBe('text/csv');
    expect(received?.body.toString('utf8')).toBe(csv);
  });

  it('reads the API-target header onto the response and onto errors', async () => {
    const response = await client.request({ method: 'GET', path: 'users/me' });
    expect(response.apiTarget).toBe('sandbox');
    expect(response.requestId).toBe('req-1');
    server.setHandler((_req, res) => sendJson(res, 404, { error: 'Not found' }, { 'x-api-target': 'staging' }));
    const error = await client.request({ method: 'GET', path: 'schools/999' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, apiTarget: 'staging', message: 'Not found' });
  });
});
