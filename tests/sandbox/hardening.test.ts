import { Readable } from 'node:stream';
/** The sandbox against hostile pages and hostile input: CORS, Host, bodies, search text, dates, paging. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox/server/server.js';
import { hostProblem } from '../../sandbox/server/host-check.js';
import { raw } from './helpers/raw-request.js';
import { listeningSandbox, testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';
import { one } from '../../sandbox/kit/sql.js';
import { rowOf } from './helpers/sql.js';

let t: TestSandbox;
let superuser: string;
let admin: string;
beforeAll(async () => {
  t = testSandbox({ rateLimit: 1_000_000, corsOrigins: ['https://rehearsal.example:8443'] });
  superuser = await t.login('superuser');
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('CORS for configured origins only', () => {
  it.each([
    'http://127.0.0.1:5173',
    'http://localhost:5173',
    'http://127.0.0.1:4173',
    'http://localhost:4173',
    'https://rehearsal.example:8443',
  ])('answers %s, the site dev/preview origins and the configured one', async (origin) => {
    const preflight = await t.sandbox.fetch('http://sandbox.test/users/me', { method: 'OPTIONS', headers: { origin } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const res = await t.call('GET', 'users/me', { token: admin, headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('never reflects an unknown origin, nor allows it credentials', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:5174',
      'null',
      'http://localhost:5173.evil.example',
    ]) {
      const preflight = await t.sandbox.fetch('http://sandbox.test/users/me', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
      const res = await t.call('GET', 'users/me', { token: admin, headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toBe('origin');
    }
  });

  it('refuses a configured origin that is not an origin', () => {
    expect(() => createSandbox({ db: ':memory:', seed: 'none', corsOrigins: ['http://localhost:3000/app'] })).toThrow(
      /not an origin/,
    );
  });
});

describe('Host header against DNS rebinding', () => {
  const live = listeningSandbox();

  it('answers the loopback names with the listening port', async () => {
    const url = live.url();
    const port = new URL(url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const res = await raw(url, 'GET', '__sandbox/status', { host });
      expect(res.status, host).toBe(200);
    }
  });

  it.each([
    ['GET', 'schools'],
    ['GET', '__sandbox/status'],
    ['POST', '__sandbox/reset'],
    ['OPTIONS', 'users/me'],
  ])('gives a rebound host name nothing on %s %s, in the platform error shape', async (method, path) => {
    const url = live.url();
    const port = new URL(url).port;
    const res = await raw(
      url,
      method,
      path,
      { host: `evil.example:${port}`, 'content-type': 'application/json' },
      method === 'POST' ? '{}' : undefined,
    );
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'Misdirected request',
      message: expect.stringContaining('evil.example'),
    });
    expect(res.headers['x-error-reference']).toMatch(/^req_/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a loopback name with another port, and a request without Host', async () => {
    expect((await raw(live.url(), 'GET', '__sandbox/status', { host: 'localhost:1' })).status).toBe(421);
    expect(hostProblem(undefined, { host: '127.0.0.1', port: 8787 })).toMatch(/no Host/);
  });

  it('takes the --host given, [::1], and any address (never a name) on a wildcard host', () => {
    expect(hostProblem('[::1]:8787', { host: '127.0.0.1', port: 8787 })).toBeNull();
    expect(hostProblem('sandbox.lan:8787', { host: 'sandbox.lan', port: 8787 })).toBeNull();
    expect(hostProblem('192.168.1.20:8787', { host: '0.0.0.0', port: 8787 })).toBeNull();
    expect(hostProblem('evil.example:8787', { host: '0.0.0.0', port: 8787 })).toMatch(/not a name/);
    expect(hostProblem('192.168.1.20:8787', { host: '127.0.0.1', port: 8787 })).toMatch(/not a name/);
  });
});

describe('hostile bodies', () => {
  it('answers a deeply nested JSON body 400 in the platform shape, with the error reference', async () => {
    const deep = `{"title":"x","a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const path of ['users/me/lists', '__sandbox/reset']) {
      const res = await t.sandbox.fetch(`http://sandbox.test/${path}`, {
        method: 'POST',
        headers: { 'x-token': admin, 'content-type': 'application/json' },
        body: deep,
      });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'Bad request',
        message: expect.stringContaining('nests deeper'),
      });
      expect(res.headers.get('x-error-reference')).toMatch(/^req_/);
    }
  });

  it('answers what the framework refuses itself in the platform shape, with the error reference', async () => {
    const res = await t.sandbox.inject({ method: 'PROPFIND' as 'GET', url: '/users/me' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not found', message: expect.any(String) });
    expect(res.headers['x-error-reference']).toMatch(/^req_/);
  });

  it('refuses a body over 20 MiB with 413 in the platform shape, whether declared or streamed, and writes nothing', async () => {
    const before = await writeCount(t, 'POST users/me/lists');
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    const declared = await t.sandbox.inject({
      method: 'POST',
      url: '/users/me/lists',
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      payload: big,
    });
    const streamed = await t.sandbox.inject({
      method: 'POST',
      url: '/users/me/lists',
      headers: { 'x-token': admin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Readable.from([big.subarray(0, 1024), big.subarray(1024)]),
    });
    for (const res of [declared, streamed]) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'Payload too large',
        message: 'The request body is larger than the 20 MiB the sandbox accepts',
      });
      expect(res.headers['x-error-reference']).toMatch(/^req_/);
    }
    expect(await writeCount(t, 'POST users/me/lists')).toBe(before);
  });

  it('refuses an update with an empty or non-JSON body and writes nothing', async () => {
    const pupil = rowOf<{ id: number }>(
      t.sandbox.db,
      "SELECT * FROM users WHERE kind = 'pupil' AND school_id = 1 AND deleted_at IS NULL LIMIT 1",
    );
    const route = 'PUT users/me/school/pupils/{id}';
    const before = await writeCount(t, route);
    const empty = await t.sandbox.fetch(`http://sandbox.test/users/me/school/pupils/${pupil.id}`, {
      method: 'PUT',
      headers: { 'x-token': admin },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: 'Bad request',
      message: expect.stringContaining('body is empty'),
    });
    const html = await t.sandbox.fetch(`http://sandbox.test/users/me/school/pupils/${pupil.id}`, {
      method: 'PUT',
      headers: { 'x-token': admin, 'content-type': 'text/html' },
      body: '<b>first_name</b>',
    });
    expect(html.status).toBe(415);
    expect(html.headers.get('x-error-reference')).toMatch(/^req_/);
    const broken = await t.sandbox.fetch(`http://sandbox.test/users/me/school/pupils/${pupil.id}`, {
      method: 'PUT',
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    expect(broken.status).toBe(400);
    expect(await writeCount(t, route)).toBe(before);
    expect(one(t.sandbox.db, 'SELECT * FROM users WHERE id = ?', pupil.id)).toEqual(pupil);
  });
});

describe('search text matches literally', () => {
  it.each([
    ['GET schools', 'schools', 'q', 'schools'],
    ['GET users', 'users', 'q', 'users'],
    ['GET store/items', 'store/items', 'q', 'items'],
    ['GET resources/search', 'resources/search', 'search', 'items'],
  ])('%s: NUL, %% and _ match nothing that lacks them', async (_route, path, key, list) => {
    const everything = await t.call('GET', path, { token: superuser });
    expect(everything.status).toBe(200);
    for (const text of ['\u0000', 'a\u0000', '%', '_', '\u0001']) {
      const res = await t.call('GET', path, { token: superuser, query: { [key]: text } });
      expect(res.status, JSON.stringify(text)).toBe(200);
      const found = (res.body[list] ??
        (res.body['resources'] as Record<string, unknown> | undefined)?.[list]) as unknown[];
      expect(found, JSON.stringify(text)).toEqual([]);
    }
  });

  it('still finds by a substring, ignoring case', async () => {
    const res = await t.call('GET', 'schools', { token: superuser, query: { q: 'OAKFIELD' } });
    expect(res.body.schools).toEqual([expect.objectContaining({ name: 'Oakfield Primary School' })]);
  });
});

describe('calendar-invalid dates', () => {
  it.each([
    ['POST', 'leagues/challenges', { groups: [1, 2], starts_at: '2026-02-30' }],
    ['POST', 'leagues/challenges', { groups: [1, 2], ends_at: '2026-02-30T10:00:00Z' }],
    ['PUT', 'homework/multi/1', { starts_at: '2026-02-30' }],
    ['POST', 'superuser/invoices/1/paid', { method: 'bacs', date: '2026-02-30' }],
  ] as const)('%s %s refuses %j with 422', async (method, path, body) => {
    const token = path.startsWith('superuser') ? superuser : admin;
    const res = await t.call(method, path, { token, body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Invalid data', message: expect.stringContaining('2026-02-30') });
  });
});

describe('paged lists', () => {
  it.each([
    ['GET schools', 'schools', 'schools', () => superuser],
    ['GET users', 'users', 'users', () => superuser],
    ['GET users/me/school/pupils', 'users/me/school/pupils', 'pupils', () => admin],
  ] as const)('%s takes skip and take', async (_route, path, list, token) => {
    const all = await t.call('GET', path, { token: token() });
    const items = all.body[list] as { id: number }[];
    expect(items.length).toBeGreaterThan(2);
    const second = await t.call('GET', path, { token: token(), query: { skip: '1', take: '1' } });
    expect(second.status).toBe(200);
    expect((second.body[list] as { id: number }[]).map((i) => i.id)).toEqual([items[1]?.id]);
    expect((await t.call('GET', path, { token: token(), query: { take: '0' } })).status).toBe(422);
  });

  it('answers 404 for a child list of a parent that does not exist', async () => {
    for (const [path, token] of [
      ['lists/999999/words', superuser],
      ['users/me/school/groups/999999/wordsspelled', admin],
      ['users/me/school/pupils/999999/avatarpurchases', admin],
      ['schools/999999/phonics/packs', superuser],
    ] as const) {
      const res = await t.call('GET', path, { token });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-error-reference')).toMatch(/^req_/);
    }
    const list = await t.call('POST', 'users/me/lists', { token: admin, body: { title: 'parent' } });
    const id = (list.body['list'] as { id: number }).id;
    expect((await t.call('GET', `lists/${id}/words`, { token: admin })).status).toBe(200);
  });
});
