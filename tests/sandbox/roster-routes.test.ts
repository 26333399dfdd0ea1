/** The rostering rows of the table over HTTP: each placeholder answers under its provider's name, with its own payload. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_PROVIDERS } from '../../sandbox/domain/rostering/roster-providers.js';
import { testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';

let t: TestSandbox;
let admin: string;
let superuser: string;
beforeAll(async () => {
  t = testSandbox();
  admin = await t.login('admin');
  superuser = await t.login('superuser');
});
afterAll(() => t.close());

describe('rostering providers by name', () => {
  it('names four distinct providers', () => {
    expect(new Set(Object.values(ROSTER_PROVIDERS)).size).toBe(4);
  });

  it('links the own school through each link row, each row writing its own provider', async () => {
    for (const [placeholder, provider] of Object.entries(ROSTER_PROVIDERS)) {
      const key = placeholder === 'roster_d' ? 'domain' : 'subdomain';
      const res = await t.call('POST', `users/me/school/link${provider}`, {
        token: admin,
        body: { [key]: 'oakfield' },
      });
      expect(res.status, provider).toBe(201);
      expect(res.body.link).toMatchObject({ provider, school_id: 1, state: 'linked', data: { [key]: 'oakfield' } });
      expect(await writeCount(t, `POST users/me/school/link{${placeholder}}`)).toBe(1);
    }
  });

  it('answers 404 naming the providers for any other name', async () => {
    const res = await t.call('POST', 'users/me/school/linkarbor', { token: admin, body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not found' });
    expect(res.body.message).toContain(
      'arbor is not a provider this call knows; use wonde, clever, classlink, oneroster',
    );
    const auth = await t.call('POST', 'wonde/auth', { body: { code: 'teacher', subdomain: 'oakfield' } });
    expect(auth.status).toBe(404);
    expect(auth.body.message).toContain('use clever, classlink, oneroster');
  });

  it('signs in through each provider with that row’s own payload: subdomain, or domain for oneroster', async () => {
    for (const provider of ['clever', 'classlink']) {
      const ok = await t.call('POST', `${provider}/auth`, { body: { code: 'teacher', subdomain: 'Oakfield' } });
      expect(ok.status, provider).toBe(200);
      expect(ok.body).toMatchObject({ user: { username: 'teacher' }, token: expect.any(String) });
      const wrongKey = await t.call('POST', `${provider}/auth`, { body: { code: 'teacher', domain: 'oakfield' } });
      expect(wrongKey.status).toBe(422);
      expect(wrongKey.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'subdomain' })]));
    }
    const ok = await t.call('POST', 'oneroster/auth', { body: { code: 'teacher', domain: 'oakfield' } });
    expect(ok.status).toBe(200);
    const wrongKey = await t.call('POST', 'oneroster/auth', { body: { code: 'teacher', subdomain: 'oakfield' } });
    expect(wrongKey.status).toBe(422);
    expect(wrongKey.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'domain' })]));
  });

  it('syncs through the row of the provider named, and leaves other school systems to the generic row', async () => {
    expect((await t.call('POST', 'schools/1/wondesync', { token: admin })).body.link).toMatchObject({
      provider: 'wonde',
      sync_count: 1,
    });
    expect((await t.call('POST', 'schools/1/cleversync', { token: admin })).body.link).toMatchObject({
      provider: 'clever',
      sync_count: 1,
    });
    expect(await writeCount(t, 'POST schools/{id}/{roster_a}sync')).toBe(1);
    expect(await writeCount(t, 'POST schools/{id}/{roster_b}sync')).toBe(1);
    expect((await t.call('DELETE', 'schools/1/setcleverid', { token: superuser })).body).toMatchObject({
      deleted: true,
      provider: 'clever',
    });
    expect(await writeCount(t, 'DELETE schools/{id}/set{roster_b}id')).toBe(1);
    expect((await t.call('DELETE', 'schools/1/setwondeid', { token: superuser })).body).toMatchObject({
      deleted: true,
      provider: 'wonde',
    });
    expect(await writeCount(t, 'DELETE schools/{id}/set{school_system}id')).toBe(1);
  });
});
