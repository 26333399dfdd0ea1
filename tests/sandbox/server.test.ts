import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { openDatabase } from '../../sandbox/db/database.js';
import { seed } from '../../sandbox/db/seed/index.js';
import { HttpError } from '../../sandbox/kit/handler.js';
import { HANDLERS, handlerFor } from '../../sandbox/routes/index.js';
import { createRouter } from '../../sandbox/server/router.js';
import { createSandbox } from '../../sandbox/server/server.js';
import { samplePath } from './helpers/sample-path.js';
import { listeningSandbox, testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';
import { all, oneValue, run } from '../../sandbox/kit/sql.js';
import { scalarOf } from './helpers/sql.js';

function listCount(t: TestSandbox): number {
  return scalarOf<number>(t.sandbox.db, "SELECT COUNT(*) FROM records WHERE collection = 'lists'");
}

describe('every route of the table answers', () => {
  it('has a handler for each route, reached through the router', () => {
    const router = createRouter(ENDPOINTS);
    const missing = ENDPOINTS.filter((e) => !handlerFor(HANDLERS, e.route)).map((e) => e.route);
    expect(missing).toEqual([]);
    const elsewhere = ENDPOINTS.filter(
      (e) =>
        router.match(
          e.method,
          samplePath(e, () => 'x1'),
        )?.endpoint.route !== e.route,
    ).map((e) => e.route);
    expect(elsewhere).toEqual([]);
  });
});

describe('every call of the table, made for real', () => {
  it('answers each route as a superuser and as a teacher without a server error', async () => {
    const t = testSandbox({ rateLimit: 1_000_000 });
    const tokens = [await t.login('superuser'), await t.login('teacher')];
    const failures: string[] = [];
    for (const e of ENDPOINTS) {
      const path = samplePath(e, () => '1');
      for (const token of tokens) {
        const res = await t.call(e.method, path, {
          token,
          ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { body: {} }),
        });
        if (res.status >= 500 || typeof res.body !== 'object')
          failures.push(`${e.route}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    await t.close();
    expect(failures).toEqual([]);
  });
});

describe('sandbox server in-process', () => {
  let t: TestSandbox;
  let teacher: string;
  beforeAll(async () => {
    t = testSandbox({
      handlers: {
        'POST lists/{id}/duplicate': (ctx) => {
          run(
            ctx.db,
            "INSERT INTO records (collection, data, created_at, updated_at) VALUES ('lists', '{}', 'x', 'x')",
          );
          if (ctx.params.id === '1')
            throw new HttpError(409, 'Conflict', 'List 1 is archived; only an active list can be duplicated');
          throw new Error('kaboom');
        },
      },
    });
    teacher = await t.login('teacher');
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 in the platform shape', async () => {
    const res = await t.call('GET', 'foo');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', message: 'No route GET foo' });
    expect(res.headers.get('x-error-reference')).toBe(res.headers.get('x-request-id'));
  });

  it('marks every answer with the API target and a fresh request id', async () => {
    const a = await t.call('GET', 'users/me', { token: teacher });
    const b = await t.call('GET', 'users/me', { token: teacher });
    expect(a.headers.get('x-api-target')).toBe('sandbox');
    expect(a.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{16}$/);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });

  it('refuses a bad payload with 422 naming each field, writing nothing', async () => {
    const before = listCount(t);
    const res = await t.call('POST', 'lists/1/words', { token: teacher, body: { wrods: ['cat'] } });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid data');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'words' })]));
    expect(listCount(t)).toBe(before);
    expect(await writeCount(t, 'POST lists/{id}/words')).toBe(0);
    const typed = await t.call('POST', 'auth', { body: { username: 5, password: 'x' } });
    expect(typed.status).toBe(422);
    expect(typed.body.errors).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.sandbox.fetch('http://sandbox.test/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Bad request' });
  });

  it('rolls back a handler that throws: HttpError keeps its status, anything else is a 500', async () => {
    const before = listCount(t);
    const conflict = await t.call('POST', 'lists/1/duplicate', { token: teacher });
    expect(conflict).toMatchObject({
      status: 409,
      body: { error: 'Conflict', message: 'List 1 is archived; only an active list can be duplicated' },
    });
    const crash = await t.call('POST', 'lists/2/duplicate', { token: teacher });
    expect(crash.status).toBe(500);
    expect(crash.body).toMatchObject({ error: 'Internal server error' });
    expect(listCount(t)).toBe(before);
    expect(await writeCount(t, 'POST lists/{id}/duplicate')).toBe(0);
  });

  it('counts each applied write per route and target', async () => {
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'a' } });
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'b' } });
    const res = await t.call('GET', '__sandbox/writes', { query: { route: 'POST users/me/lists' } });
    expect(res.body).toEqual({
      writes: [{ route: 'POST users/me/lists', target: 'users/me/lists', count: 2 }],
      total: 2,
    });
    // Reading folded the log (a row a write) into a row a route and target; the counts stay.
    const logged = oneValue(t.sandbox.db, "SELECT COUNT(*) FROM write_log WHERE route = 'POST users/me/lists'");
    expect(logged).toBe(1);
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'c' } });
    expect(await writeCount(t, 'POST users/me/lists')).toBe(3);
    const cleared = await t.call('DELETE', '__sandbox/writes');
    expect(cleared).toMatchObject({ status: 200, body: { cleared: expect.any(Number) } });
    expect(cleared.body.cleared).toBeGreaterThanOrEqual(2);
    expect(await writeCount(t, 'POST users/me/lists')).toBe(0);
  });

  it('does not count a repeat that changed nothing as a write', async () => {
    const superuser = await t.login('superuser');
    const open = (
      await t.call('GET', 'subscriptions/invoices', { token: superuser, query: { state: 'open', school_id: '1' } })
    ).body.invoices as { id: number; issued_at: string }[];
    const invoice = open[0];
    if (!invoice) throw new Error('the demo seed has no open invoice at school 1');
    const body = { method: 'bacs', date: invoice.issued_at };
    const first = await t.call('POST', `superuser/invoices/${invoice.id}/paid`, { token: superuser, body });
    const repeat = await t.call('POST', `superuser/invoices/${invoice.id}/paid`, { token: superuser, body });
    expect([first.body.changed, repeat.body.changed]).toEqual([true, false]);
    expect(repeat.body.invoice).toEqual(first.body.invoice);
    expect(await writeCount(t, 'POST superuser/invoices/{id}/paid', `superuser/invoices/${invoice.id}/paid`)).toBe(1);
  });

  it('answers CORS preflights, and CORS headers only to requests from a page', async () => {
    const res = await t.sandbox.fetch('http://sandbox.test/users/me', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-token');
    const fromPage = await t.call('GET', 'users/me', { token: teacher, headers: { origin: 'http://localhost:5173' } });
    expect(fromPage.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(fromPage.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const fromScript = await t.call('GET', 'users/me', { token: teacher });
    expect(fromScript.headers.get('access-control-allow-origin')).toBeNull();
    expect(fromScript.headers.get('vary')).toBe('origin');
  });

  it('keeps the __sandbox/ routes from web pages and other machines, and out of CORS', async () => {
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'kept' } });
    const kept = listCount(t);
    const fromPage = await t.call('POST', '__sandbox/reset', { body: {}, headers: { origin: 'https://example.com' } });
    expect(fromPage).toMatchObject({
      status: 403,
      body: { error: 'Forbidden', message: expect.stringContaining('Origin') },
    });
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    const remote = await t.sandbox.inject({
      method: 'PUT',
      url: '/__sandbox/faults',
      payload: { faults: '500=1' },
      remoteAddress: '192.0.2.7',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ message: expect.stringContaining('192.0.2.7') });
    expect((await t.call('GET', '__sandbox/status')).body).toMatchObject({ faults: 'none' });
    expect(listCount(t)).toBe(kept);
    const preflight = await t.sandbox.fetch('http://sandbox.test/__sandbox/reset', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.com' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const local = await t.sandbox.inject({
      method: 'GET',
      url: '/__sandbox/status',
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports its status and re-seeds on __sandbox/reset', async () => {
    expect((await t.call('GET', '__sandbox/status')).body).toMatchObject({
      status: 'ok',
      seed: 'demo',
      rate_limit: 600,
      faults: 'none',
    });
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'gone after reset' } });
    const reset = await t.call('POST', '__sandbox/reset', { body: {} });
    expect(reset.body).toMatchObject({
      reset: true,
      seed: 'demo',
      accounts: expect.arrayContaining([expect.objectContaining({ username: 'superuser' })]),
    });
    expect(oneValue(t.sandbox.db, "SELECT COUNT(*) FROM records WHERE data LIKE '%gone after reset%'")).toBe(0);
    expect((await t.call('GET', 'users/me', { token: teacher })).status).toBe(401);
    teacher = await t.login('teacher');
    expect((await t.call('GET', '__sandbox/nothing')).status).toBe(404);
  });
});

describe('sandbox over a real socket', () => {
  const live = listeningSandbox();

  it('listens on an ephemeral loopback port and answers HTTP', async () => {
    const url = live.url();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(live.sandbox().url).toBe(url);
    const login = await fetch(`${url}auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'superuser', password: 'sandbox' }),
    });
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${url}users/me`, { headers: { 'x-token': token } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-ratelimit-limit')).toBe('600');
    expect(await me.json()).toMatchObject({ user: { username: 'superuser', superuser: true } });
  });
});

describe('database file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-sandbox-'));
  const file = join(dir, 'nested', 'sandbox.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survives a restart in WAL mode, and --reset rebuilds it', async () => {
    const first = createSandbox({ db: file });
    expect(first.seeded).toBe(true);
    expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
    run(
      first.db,
      "INSERT INTO records (collection, data, created_at, updated_at) VALUES ('restart-marker', '{}', 'x', 'x')",
    );
    await first.close();
    const second = createSandbox({ db: file });
    expect(second.seeded).toBe(false);
    expect(oneValue(second.db, "SELECT COUNT(*) FROM records WHERE collection = 'restart-marker'")).toBe(1);
    await second.close();
    const third = createSandbox({ db: file, reset: true });
    expect(third.seeded).toBe(true);
    expect(oneValue(third.db, "SELECT COUNT(*) FROM records WHERE collection = 'restart-marker'")).toBe(0);
    await third.close();
  });
});

describe('seed', () => {
  function dump(size: 'demo' | 'large'): string {
    const db = openDatabase(':memory:');
    seed(db, { size });
    const text = JSON.stringify([
      all(db, 'SELECT * FROM schools ORDER BY id'),
      all(db, 'SELECT * FROM users ORDER BY id'),
    ]);
    db.close();
    return text;
  }

  it('is deterministic', () => {
    expect(dump('demo')).toBe(dump('demo'));
  });

  it('seeds the documented schools and accounts', () => {
    const db = openDatabase(':memory:');
    seed(db);
    expect(all(db, 'SELECT id, name, country, locale, district_id FROM schools WHERE id <= 3 ORDER BY id')).toEqual([
      { id: 1, name: 'Oakfield Primary School', country: 'GB', locale: 'en_GB', district_id: null },
      { id: 2, name: 'Maple Elementary School', country: 'US', locale: 'en_US', district_id: 1 },
      { id: 3, name: 'Wattle Public School', country: 'AU', locale: 'en_AU', district_id: 1 },
    ]);
    expect(
      all(
        db,
        'SELECT username, kind, superuser, employee, school_id, admin, district_id FROM users WHERE id <= 7 ORDER BY id',
      ),
    ).toEqual([
      { username: 'superuser', kind: 'staff', superuser: 1, employee: 0, school_id: null, admin: 0, district_id: null },
      { username: 'admin', kind: 'teacher', superuser: 0, employee: 0, school_id: 1, admin: 1, district_id: null },
      { username: 'teacher', kind: 'teacher', superuser: 0, employee: 0, school_id: 1, admin: 0, district_id: null },
      { username: 'pupil', kind: 'pupil', superuser: 0, employee: 0, school_id: 1, admin: 0, district_id: null },
      { username: 'parent', kind: 'parent', superuser: 0, employee: 0, school_id: null, admin: 0, district_id: null },
      { username: 'district', kind: 'district', superuser: 0, employee: 0, school_id: null, admin: 0, district_id: 1 },
      { username: 'sales', kind: 'staff', superuser: 0, employee: 1, school_id: null, admin: 0, district_id: null },
    ]);
    db.close();
  });

  it('adds at least 200 schools in the large seed', () => {
    const db = openDatabase(':memory:');
    seed(db, { size: 'large' });
    expect(oneValue(db, 'SELECT COUNT(*) FROM schools')).toBeGreaterThanOrEqual(200);
    db.close();
  });
});
