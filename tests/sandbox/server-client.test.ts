/** The core API client talking to the sandbox through its in-process fetch: the way other tests use it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../core/api/client.js';
import { bindEndpoints } from '../../core/endpoints/methods.js';
import { createSandbox, type Sandbox } from '../../sandbox/server/server.js';
import { allValues } from '../../sandbox/kit/sql.js';

describe('core client against the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox({ db: ':memory:', rateLimit: 100_000 });
  });
  afterAll(() => sandbox.close());

  it('signs in with the typed methods and reads the user back', async () => {
    const client = createClient({ baseUrl: 'http://sandbox.invalid/', fetch: sandbox.fetch, retry: { retries: 0 } });
    const api = bindEndpoints(client);
    const login = await api.auth.login({ username: 'teacher', password: 'sandbox' });
    client.setToken(login.data.token as string);
    const me = await api.me.show();
    expect(me.apiTarget).toBe('sandbox');
    expect(me.data).toMatchObject({ user: { username: 'teacher' } });
  });

  it('applies each write exactly once when connections drop after commit and the client retries with its key', async () => {
    const client = createClient({
      baseUrl: 'http://sandbox.invalid/',
      fetch: sandbox.fetch,
      retry: { retries: 8, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const login = await client.request({
      method: 'POST',
      path: 'auth',
      body: { username: 'admin', password: 'sandbox' },
    });
    client.setToken((login.data as { token: string }).token);
    sandbox.faults.set({ errors: [], latency: null, dropBefore: 0.2, dropAfter: 0.3, seed: 42 });
    let retried = 0;
    for (let i = 0; i < 20; i += 1) {
      const res = await client.request({
        method: 'POST',
        path: 'users/me/lists',
        body: { title: `run-${i}` },
        idempotencyKey: `run-${i}`,
      });
      if (res.attempts > 1) retried += 1;
      expect(res.status).toBe(201);
    }
    sandbox.faults.set({ errors: [], latency: null, dropBefore: 0, dropAfter: 0, seed: 1 });
    expect(retried).toBeGreaterThan(0);
    const titles = allValues(
      sandbox.db,
      "SELECT json_extract(data, '$.title') FROM records WHERE collection = 'lists' AND owner_id = 2 ORDER BY id",
    );
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `run-${i}`));
    const writes = await sandbox.fetch('http://sandbox.invalid/__sandbox/writes?route=POST%20users%2Fme%2Flists');
    expect(await writes.json()).toMatchObject({ total: 20 });
  });
});
