import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, SEED_PASSWORD, seedPasswordHash, verifyPassword } from '../../sandbox/domain/auth/password.js';
import { hasRole, mayCall } from '../../sandbox/server/roles.js';
import { lookupSession } from '../../sandbox/server/session.js';
import { issueToken, newToken } from '../../sandbox/domain/auth/tokens.js';
import { openDatabase } from '../../sandbox/db/database.js';
import { seed } from '../../sandbox/db/seed/index.js';
import type { SessionUser } from '../../sandbox/kit/handler.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';

describe('passwords and tokens', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', () => {
    const a = hashPassword('sandbox');
    const b = hashPassword('sandbox');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(verifyPassword('sandbox', a)).toBe(true);
    expect(verifyPassword('Sandbox', a)).toBe(false);
    expect(verifyPassword('sandbox', 'plain-text')).toBe(false);
  });

  it("gives seeded accounts the hash of the seed password at today's cost, with the seed's fixed salt", () => {
    const salt = Buffer.from(seedPasswordHash().split('$')[4] ?? '', 'base64url');
    expect(salt).toEqual(createHash('sha256').update('edshed-sandbox-seed').digest().subarray(0, 16));
    expect(seedPasswordHash()).toBe(hashPassword(SEED_PASSWORD, salt));
    expect(verifyPassword(SEED_PASSWORD, seedPasswordHash())).toBe(true);
  });

  it('issues 32-byte base64url tokens that differ each time', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
  });

  it('finds a session until it expires', () => {
    const db = openDatabase(':memory:');
    seed(db);
    const issued = new Date('2026-09-01T10:00:00Z');
    const token = issueToken(db, 3, issued);
    expect(lookupSession(db, token, issued)).toMatchObject({
      id: 3,
      username: 'teacher',
      kind: 'teacher',
      schoolId: 1,
      admin: false,
      imitatedBy: null,
    });
    expect(lookupSession(db, token, new Date('2026-11-30T10:00:01Z'))).toBeNull();
    expect(lookupSession(db, 'nope', issued)).toBeNull();
    db.close();
  });
});

describe('role check', () => {
  const base: SessionUser = {
    id: 9,
    username: 'u',
    superuser: false,
    employee: false,
    kind: 'teacher',
    schoolId: 1,
    admin: false,
    districtId: null,
    imitatedBy: null,
    token: 't',
  };

  it('lets school admins through teacher checks, superusers through everything, employees through employee checks', () => {
    expect(hasRole({ ...base, admin: true }, 'teacher')).toBe(true);
    expect(hasRole(base, 'admin')).toBe(false);
    expect(hasRole({ ...base, kind: 'pupil' }, 'teacher')).toBe(false);
    expect(hasRole({ ...base, kind: 'staff', employee: true }, 'employee')).toBe(true);
    expect(hasRole({ ...base, kind: 'staff', employee: true }, 'superuser')).toBe(false);
    expect(hasRole({ ...base, kind: 'district', districtId: 1 }, 'district')).toBe(true);
    expect(hasRole({ ...base, kind: 'district' }, 'district')).toBe(false);
    for (const role of ['pupil', 'parent', 'teacher', 'admin', 'district', 'employee', 'superuser'] as const) {
      expect(hasRole({ ...base, kind: 'staff', superuser: true }, role)).toBe(true);
    }
  });

  it('lets an imitation session hand back the session although that route is superuser-only', () => {
    const stop = ENDPOINTS.find((e) => e.route === 'DELETE imitateuser/{id}');
    const start = ENDPOINTS.find((e) => e.route === 'POST imitateuser/{id}');
    if (!stop || !start) throw new Error('imitation routes missing from the table');
    expect(mayCall({ ...base, imitatedBy: 1 }, stop)).toBe(true);
    expect(mayCall(base, stop)).toBe(false);
    expect(mayCall({ ...base, imitatedBy: 1 }, start)).toBe(false);
  });
});

describe('auth handlers', () => {
  let t: TestSandbox;
  beforeAll(() => {
    t = testSandbox({ rateLimit: 10_000 });
  });
  afterAll(() => t.close());

  it('signs in with username and password, answering the user with school flags and a token', async () => {
    const res = await t.call('POST', 'auth', { body: { username: 'admin', password: 'sandbox' } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.user).toMatchObject({
      id: 2,
      username: 'admin',
      superuser: false,
      school: { id: 1, name: 'Oakfield Primary School', teacher: true, admin: true },
    });
  });

  it('answers a wrong password with the attempts remaining, then locks the account after 10 failures', async () => {
    const first = await t.call('POST', 'auth', { body: { username: 'parent', password: 'wrong' } });
    expect(first).toMatchObject({
      status: 401,
      body: { error: 'Unauthorised', message: 'Incorrect login details', attempts_remaining: 9 },
    });
    for (let i = 2; i <= 10; i += 1) await t.call('POST', 'auth', { body: { username: 'parent', password: 'wrong' } });
    const locked = await t.call('POST', 'auth', { body: { username: 'parent', password: 'sandbox' } });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ error: 'Forbidden', attempts_remaining: 0 });
    expect(locked.body.token).toBeUndefined();
  });

  it('resets the failure count after a successful sign-in', async () => {
    await t.call('POST', 'auth', { body: { username: 'sales', password: 'nope' } });
    await t.login('sales');
    const again = await t.call('POST', 'auth', { body: { username: 'sales', password: 'nope' } });
    expect(again.body.attempts_remaining).toBe(9);
  });

  it('signs a pupil in with school id and school username', async () => {
    const ok = await t.call('POST', 'auth/school_id', {
      body: { school_id: 1, school_username: 'pupil', password: 'sandbox' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ username: 'pupil', kind: 'pupil', school: { id: 1, teacher: false } });
    const otherSchool = await t.call('POST', 'auth/school_id', {
      body: { school_id: 2, school_username: 'pupil', password: 'sandbox' },
    });
    expect(otherSchool.status).toBe(401);
  });

  it('answers GET users/me with the user and the token, and refuses a bad token', async () => {
    const token = await t.login('teacher');
    const me = await t.call('GET', 'users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ token, user: { username: 'teacher', token } });
    expect((await t.call('GET', 'users/me', { token: 'not-a-token' })).status).toBe(401);
  });

  it('exchanges a live session token used as an access token for a new session token', async () => {
    const token = await t.login('teacher');
    const res = await t.call('GET', 'accesstoken', { query: { access_token: token } });
    expect(res.status).toBe(200);
    const sessionToken = res.body.sessionToken as string;
    expect(sessionToken).not.toBe(token);
    expect((await t.call('GET', 'users/me', { token: sessionToken })).body.user).toMatchObject({ username: 'teacher' });
    expect((await t.call('GET', 'accesstoken', { query: { access_token: 'bogus' } })).status).toBe(401);
  });

  it('re-verifies the password for the session', async () => {
    const token = await t.login('teacher');
    expect((await t.call('GET', 'users/me/password-verified', { token })).body.verified).toBe(false);
    expect((await t.call('POST', 'auth/verify-password', { token, body: { password: 'bad' } })).status).toBe(401);
    expect((await t.call('POST', 'auth/verify-password', { token, body: { password: 'sandbox' } })).body.verified).toBe(
      true,
    );
    expect((await t.call('GET', 'users/me/password-verified', { token })).body.verified).toBe(true);
  });

  it('imitates a user and stops imitating, returning to the superuser', async () => {
    const su = await t.login('superuser');
    const start = await t.call('POST', 'imitateuser/3', { token: su });
    expect(start.status).toBe(200);
    const imitation = start.body.token as string;
    const me = await t.call('GET', 'users/me', { token: imitation });
    expect(me.body.user).toMatchObject({ username: 'teacher', imitatingUser: { id: 1, username: 'superuser' } });
    const superuserOnly = ENDPOINTS.find((e) => e.role === 'superuser' && e.method === 'GET' && e.params.length === 0);
    expect((await t.call('GET', superuserOnly?.path ?? 'missing', { token: imitation })).status).toBe(403);
    expect((await t.call('DELETE', 'imitateuser/4', { token: imitation })).status).toBe(409);
    const stop = await t.call('DELETE', 'imitateuser/3', { token: imitation });
    expect(stop.status).toBe(200);
    expect(stop.body.user).toMatchObject({ username: 'superuser', imitatingUser: null });
    expect((await t.call('GET', 'users/me', { token: imitation })).status).toBe(401);
  });

  it('lets the superuser end imitations from their own session, and refuses teachers', async () => {
    const su = await t.login('superuser');
    await t.call('POST', 'imitateuser/4', { token: su });
    expect((await t.call('DELETE', 'imitateuser/4', { token: su })).body.stopped).toBe(1);
    expect((await t.call('DELETE', 'imitateuser/4', { token: su })).status).toBe(409);
    const teacher = await t.login('teacher');
    expect((await t.call('POST', 'imitateuser/1', { token: teacher })).status).toBe(403);
    expect((await t.call('POST', 'imitateuser/999', { token: su })).status).toBe(404);
  });

  it('checks whether a username, email or school username exists', async () => {
    expect((await t.call('GET', 'users/exists', { query: { username: 'TEACHER' } })).body).toEqual({ exists: true });
    expect((await t.call('GET', 'users/exists', { query: { username: 'nobody' } })).body).toEqual({ exists: false });
    expect((await t.call('GET', 'users/exists', { query: { email: 'admin@oakfield.sandbox.test' } })).body).toEqual({
      exists: true,
    });
    const teacher = await t.login('teacher');
    expect((await t.call('GET', 'users/exists', { token: teacher, query: { school_username: 'pupil' } })).body).toEqual(
      { exists: true },
    );
    expect((await t.call('GET', 'users/exists', {})).status).toBe(422);
  });

  it('signs up a new account that can then sign in, refusing a taken username', async () => {
    const res = await t.call('POST', 'users', {
      body: { username: 'newteacher', password: 'secret99', email: 'new@example.test', first_name: 'New' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: 'newteacher', kind: 'teacher', email: 'new@example.test' });
    await expect(t.login('newteacher', 'secret99')).resolves.toMatch(/^[\w-]{43}$/);
    expect((await t.call('POST', 'users', { body: { username: 'NewTeacher', password: 'secret99' } })).status).toBe(
      409,
    );
  });

  it('updates the signed-in user with PUT users/me', async () => {
    const token = await t.login('teacher');
    const res = await t.call('PUT', 'users/me', { token, body: { display_name: 'Ms T' } });
    expect(res.body.user).toMatchObject({ display_name: 'Ms T' });
    expect((await t.call('GET', 'users/me', { token })).body.user).toMatchObject({ display_name: 'Ms T' });
  });

  it('answers how the caller relates to another user', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', 'users/me/users/4', { token });
    expect(res.body.relationship).toMatchObject({
      isMe: false,
      isSameSchool: true,
      isTeacher: true,
      isAdmin: true,
      isParent: false,
    });
  });
});
