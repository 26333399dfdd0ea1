/**
 * A write whose entry declares no payload sends no body and no content type (it used to send `{}`), through
 * core's typed client and through the CLI's generated command alike; a write that takes one still sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../../core/api/index.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { bindEndpoints } from '../../../core/endpoints/methods.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { takesPayload } from '../../../core/endpoints/request-shape.js';
import { run } from '../../../cli/main.js';
import { fakeFactory } from '../../helpers/fake-factory.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

describe('writes with no payload', () => {
  let server: HttpTestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startHttpTestServer((_req, res) =>
      sendJson(
        res,
        200,
        { invoice: {}, user: {}, changed: true },
        { 'x-api-target': 'sandbox', 'x-request-id': 'req-1' },
      ),
    );
    client = createClient({ baseUrl: server.url, token: 'secret-token' });
  });
  afterAll(async () => {
    await server.close();
  });

  const last = () => {
    const received = server.requests.at(-1);
    if (!received) throw new Error('nothing was sent');
    return {
      method: received.method,
      url: received.url,
      type: received.headers['content-type'],
      length: received.headers['content-length'],
      body: received.body.toString('utf8'),
    };
  };

  it('are the 54 writes of the table that name no key and are not open', () => {
    const bodiless = ENDPOINTS.filter((e) => e.method !== 'GET' && e.method !== 'DELETE' && !takesPayload(e));
    expect(bodiless).toHaveLength(54);
    expect(bodiless.map((e) => e.command)).toEqual(expect.arrayContaining(['invoices void', 'users refresh']));
  });

  it('sends no body and no content type from the typed client', async () => {
    await bindEndpoints(client).users.refresh({ id: 2 });
    expect(last()).toMatchObject({ method: 'POST', url: '/superuser/users/2/refresh', type: undefined, body: '' });
  });

  it('sends no body and no content type from the generated command', async () => {
    const f = fakeFactory({ client });
    expect(await run(['invoices', 'void', '1', '--yes'], f)).toBe(0);
    expect(last()).toMatchObject({ method: 'POST', url: '/subscriptions/invoices/1/void', type: undefined, body: '' });
    expect(await run(['users', 'refresh', '2'], fakeFactory({ client }))).toBe(0);
    expect(last()).toMatchObject({ url: '/superuser/users/2/refresh', type: undefined, body: '' });
  });

  it('still sends the payload of a write that takes one, and {} for an open one given no keys', async () => {
    expect(
      await run(['invoices', 'mark-paid', '8', '--method', 'bacs', '--date', '2026-09-01'], fakeFactory({ client })),
    ).toBe(0);
    expect(last()).toMatchObject({ type: 'application/json', body: '{"method":"bacs","date":"2026-09-01"}' });
    const open = ENDPOINTS.find(
      (e) =>
        e.open === true && e.method === 'POST' && e.params.length === 0 && Object.keys(e.payload ?? {}).length === 0,
    );
    if (!open) throw new Error('the table has an open POST of no named key');
    await client.request(buildRequest(open, {}));
    expect(last()).toMatchObject({ type: 'application/json', body: '{}' });
  });
});
