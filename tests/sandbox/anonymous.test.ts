/** POST authanon: an anonymous session for a new guest user, usable wherever a signed-in user with no role may go. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';

let t: TestSandbox;
beforeAll(() => {
  t = testSandbox();
});
afterAll(() => t.close());

async function guest(): Promise<{ token: string; user: Record<string, unknown> }> {
  const res = await t.call('POST', 'authanon');
  expect(res.status).toBe(200);
  return { token: res.body.token as string, user: res.body.user as Record<string, unknown> };
}

describe('anonymous sessions', () => {
  it('answers like POST auth: the user and a token, for a new guest with no school each time', async () => {
    const a = await guest();
    const b = await guest();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.user).toMatchObject({
      kind: 'learner',
      anonymous: true,
      school: null,
      superuser: false,
      employee: false,
      display_name: 'Guest',
      token: a.token,
    });
    expect(a.user.username).toMatch(/^guest-[0-9a-f]{12}$/);
    expect(b.user.id).not.toBe(a.user.id);
    expect(await writeCount(t, 'POST authanon')).toBe(2);
  });

  it('marks only guests as anonymous', async () => {
    const teacher = await t.login('teacher');
    expect(((await t.call('GET', 'users/me', { token: teacher })).body.user as Record<string, unknown>).anonymous).toBe(
      false,
    );
  });

  it('works for the calls any signed-in user may make', async () => {
    const { token, user } = await guest();
    const me = await t.call('GET', 'users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, anonymous: true });
    const renamed = await t.call('PUT', 'users/me', { token, body: { display_name: 'Curious Reader' } });
    expect(renamed.body.user).toMatchObject({ id: user.id, display_name: 'Curious Reader' });
    expect((await t.call('POST', 'users/me/lists', { token, body: { title: 'My words' } })).status).toBe(201);
    expect((await t.call('GET', 'users/me/lists', { token })).body.total).toBe(1);
    expect((await t.call('GET', 'resources/search', { token })).status).toBe(200);
  });

  it('is refused with 403 where a role is needed', async () => {
    const { token } = await guest();
    for (const [method, path] of [
      ['GET', 'users/me/school/pupils'],
      ['GET', 'subscriptions/invoices'],
      ['POST', 'superuser/invoices/1/paid'],
      ['GET', 'users/me/school/groups'],
    ] as const) {
      const res = await t.call(method, path, {
        token,
        ...(method === 'POST' ? { body: { method: 'card', date: '2026-09-01' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('Forbidden');
    }
  });

  it('cannot be signed into with a password', async () => {
    const { user } = await guest();
    for (const password of ['', 'none', 'sandbox']) {
      expect((await t.call('POST', 'auth', { body: { username: user.username, password } })).status).toBe(401);
    }
  });
});
