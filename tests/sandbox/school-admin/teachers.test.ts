import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { one, run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

describe('teachers', () => {
  it('lists the school teachers with admin flags', async () => {
    const res = await h.call('GET users/me/school/teachers', { as: 'teacher' });
    const teachers = list(res.body, 'teachers');
    expect(teachers.map((t) => t['username']).sort()).toEqual(['admin', 'teacher', 'teacher1b', 'teacher1c']);
    expect(teachers.find((t) => t['username'] === 'admin')?.['admin']).toBe(true);
  });

  it('adds a teacher with a generated password, refuses a duplicate email', async () => {
    const res = await h.call('POST users/me/school/teachers', {
      input: { email: 'New.Teacher@oakfield.test', first_name: 'Nia', last_name: 'New' },
    });
    expect(res.status).toBe(201);
    expect(at(res.body, 'teacher')).toMatchObject({
      email: 'new.teacher@oakfield.test',
      admin: false,
      display_name: 'Nia New',
    });
    expect(str(res.body, 'password').length).toBeGreaterThanOrEqual(8);
    expect(
      (await h.call('POST users/me/school/teachers', { input: { email: 'new.teacher@oakfield.test' } })).status,
    ).toBe(409);
    const patched = await h.call('PATCH users/me/school/teachers/{id}', {
      params: { id: num(res.body, 'teacher.id') },
      input: { last_name: 'Newer' },
    });
    expect(at(patched.body, 'teacher.display_name')).toBe('Nia Newer');
  });

  it('grants and removes admin, but never the last admin', async () => {
    const teacher = h.userId('teacher');
    const admin = h.userId('admin');
    expect((await h.call('DELETE teachers/{id}/admin', { params: { id: admin } })).status).toBe(409);
    const granted = await h.call('PUT teachers/{id}/admin', { params: { id: teacher } });
    expect(at(granted.body, 'teacher.admin')).toBe(true);
    const removed = await h.call('DELETE teachers/{id}/admin', { params: { id: admin } });
    expect(at(removed.body, 'teacher.admin')).toBe(false);
    expect((await h.call('DELETE teachers/{id}/admin', { as: 'teacher', params: { id: teacher } })).status).toBe(409);
    expect(
      (await h.call('PUT teachers/{id}/admin', { as: 'teacher', params: { id: h.userId('admin2') } })).status,
    ).toBe(404);
  });

  it('removes a teacher but not yourself; the account becomes a deleted user', async () => {
    expect((await h.call('DELETE users/me/school/teachers/{id}', { params: { id: h.userId('admin') } })).status).toBe(
      409,
    );
    const t = h.userId('teacher1b');
    const res = await h.call('DELETE users/me/school/teachers/{id}', { params: { id: t } });
    expect(at(res.body, 'account_deleted')).toBe(true);
    expect(pluck((await h.call('GET users/me/school/teachers')).body, 'teachers')).not.toContain(t);
    expect(pluck((await h.call('GET users/me/school/users/deleted')).body, 'users')).toContain(t);
  });

  it('keeps the account of a teacher who belongs to another school', async () => {
    await h.call('POST users/me/joinschool', { as: 'teacher2a', input: { code: 'OAKFIELD' } });
    const t = h.userId('teacher2a');
    const res = await h.call('DELETE users/me/school/teachers/{id}', { params: { id: t } });
    expect(at(res.body, 'account_deleted')).toBe(false);
    expect(one(h.db, 'SELECT school_id, deleted_at FROM users WHERE id = ?', t)).toEqual({
      school_id: 2,
      deleted_at: null,
    });
  });
});

describe('teacher invites', () => {
  it('invites, accepts once with a new account, and refuses a reused code', async () => {
    const inv = await h.call('POST users/me/school/teachers/invite', { input: { email: 'fresh@oakfield.test' } });
    expect(inv.status).toBe(201);
    const code = str(inv.body, 'invite.code');
    const accepted = await h.call('POST users/teacherinvite', { as: null, input: { code, password: 'long-enough-1' } });
    expect(accepted.status).toBe(200);
    expect(at(accepted.body, 'school.id')).toBe(1);
    expect(str(accepted.body, 'token').length).toBeGreaterThan(20);
    expect(
      (await h.call('POST users/teacherinvite', { as: null, input: { code, password: 'long-enough-1' } })).status,
    ).toBe(409);
    expect(
      (await h.call('POST users/teacherinvite', { as: null, input: { code: 'nope', password: 'x' } })).status,
    ).toBe(404);
  });

  it('refuses an expired invite and inviting a current teacher; re-sending refreshes the code', async () => {
    expect(
      (await h.call('POST users/me/school/teachers/invite', { input: { email: 'admin@oakfield.sandbox.test' } }))
        .status,
    ).toBe(409);
    const first = await h.call('POST users/me/school/teachers/invite', { input: { email: 'late@oakfield.test' } });
    const second = await h.call('POST users/me/school/teachers/invite', { input: { email: 'late@oakfield.test' } });
    expect(at(second.body, 'resent')).toBe(true);
    expect(
      (
        await h.call('POST users/teacherinvite', {
          as: null,
          input: { code: str(first.body, 'invite.code'), password: 'long-enough-1' },
        })
      ).status,
    ).toBe(404);
    run(h.db, "UPDATE teacher_invites SET expires_at = '2026-01-01T00:00:00.000Z'");
    const expired = await h.call('POST users/teacherinvite', {
      as: null,
      input: { code: str(second.body, 'invite.code'), password: 'long-enough-1' },
    });
    expect(expired.status).toBe(409);
    expect(str(expired.body, 'message')).toContain('expired');
  });

  it('lets an existing teacher accept with their own password only', async () => {
    const inv = await h.call('POST users/me/school/teachers/invite', {
      input: { email: 'teacher2a@school2.sandbox.test' },
    });
    const code = str(inv.body, 'invite.code');
    expect((await h.call('POST users/teacherinvite', { as: null, input: { code, password: 'wrong' } })).status).toBe(
      401,
    );
    expect((await h.call('POST users/teacherinvite', { as: null, input: { code, password: 'sandbox' } })).status).toBe(
      200,
    );
  });
});

describe('experimental toggles and search', () => {
  const experimental = (where: string): number =>
    rowOf<{ n: number }>(h.db, `SELECT COUNT(*) AS n FROM users WHERE experimental = 1 AND ${where}`).n;

  it('toggles experimental features per school, kind, user and group', async () => {
    const all = await h.call('PUT users/me/school/users/experimental', { input: { enabled: true } });
    expect(num(all.body, 'updated')).toBe(34);
    await h.call('PUT users/me/school/pupils/experimental', { input: { enabled: false } });
    expect(experimental("school_id = 1 AND kind = 'pupil'")).toBe(0);
    expect(experimental("school_id = 1 AND kind = 'teacher'")).toBe(4);
    await h.call('PUT users/me/school/pupils/{id}/experimental', {
      params: { id: h.userId('pupil') },
      input: { enabled: true },
    });
    expect(experimental("username = 'pupil'")).toBe(1);
    expect(experimental('school_id = 2')).toBe(0);
    const foreign = rowOf<{ id: number }>(
      h.db,
      "SELECT id FROM users WHERE school_id = 2 AND kind = 'pupil' LIMIT 1",
    ).id;
    expect(
      (
        await h.call('PUT users/me/school/pupils/{id}/experimental', {
          params: { id: foreign },
          input: { enabled: true },
        })
      ).status,
    ).toBe(404);
  });

  it('searches school users and all users, and reads the event log', async () => {
    const school = await h.call('GET users/me/school/users', { as: 'teacher', input: { q: 'pip' } });
    expect(pluck(school.body, 'users', 'username')).toContain('pupil');
    const global = await h.call('GET users', { as: 'superuser', input: { q: 'admin', schoolid: 2 } });
    expect(pluck(global.body, 'users', 'username')).toEqual(['admin2']);
    await h.call('POST users/me/school/pupils/generate', { input: { amount: 1 } });
    const events = await h.call('GET events', { as: 'teacher' });
    expect(at(events.body, 'events.0.kind')).toBe('pupils.created');
    expect((await h.call('GET events', { as: 'pupil' })).status).toBe(403);
  });
});
