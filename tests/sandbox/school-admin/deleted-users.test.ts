import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, num, pluck, str, type Harness } from './harness.js';
import { all } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const pupils = (schoolId: number, n: number): number[] =>
  all<{ id: number }>(
    h.db,
    "SELECT id FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL ORDER BY id LIMIT ?",
    schoolId,
    n,
  ).map((r) => r.id);
const sessions = (userId: number): number =>
  rowOf<{ n: number }>(h.db, 'SELECT COUNT(*) AS n FROM game_sessions WHERE user_id = ?', userId).n;

async function deletePupils(ids: readonly number[]): Promise<void> {
  const res = await h.call('DELETE users/me/school/pupils', { input: { ids: ids.join(',') } });
  expect(res.status).toBe(200);
}

describe('deleted users', () => {
  it('lists deleted pupils of the school and recovers one, refusing an active one', async () => {
    const [a, b] = pupils(1, 2) as [number, number];
    await deletePupils([a, b]);
    expect(pluck((await h.call('GET users/me/school/users/deleted')).body, 'users').sort()).toEqual([a, b].sort());
    const res = await h.call('POST users/me/school/users/deleted/recover', { input: { ids: [a] } });
    expect(num(res.body, 'recovered')).toBe(1);
    expect(pluck((await h.call('GET users/me/school/users/deleted')).body, 'users')).toEqual([b]);
    const again = await h.call('POST users/me/school/users/deleted/recover', { input: { ids: [a] } });
    expect(again.status).toBe(409);
    expect(str(again.body, 'message')).toContain('is active');
    const one = await h.call('PATCH users/me/school/users/deleted/{id}', { params: { id: b } });
    expect(at(one.body, 'user.id')).toBe(b);
  });

  it('recovers all deleted users of the caller school only', async () => {
    await deletePupils(pupils(1, 3));
    await h.call('DELETE users/me/school/pupils', { as: 'admin2', input: { ids: String(pupils(2, 1)[0]) } });
    const res = await h.call('POST users/me/school/users/deleted/recover/all');
    expect(num(res.body, 'recovered')).toBe(3);
    expect(pluck((await h.call('GET users/me/school/users/deleted', { as: 'admin2' })).body, 'users')).toHaveLength(1);
  });

  it('refuses to recover a deleted user of another school (404)', async () => {
    const foreign = pupils(2, 1)[0] as number;
    await h.call('DELETE users/me/school/pupils', { as: 'admin2', input: { ids: String(foreign) } });
    expect((await h.call('POST users/me/school/users/deleted/recover', { input: { ids: [foreign] } })).status).toBe(
      404,
    );
  });

  it('merges a deleted pupil into an active one: sessions move, the deleted account is gone', async () => {
    const [from, into] = pupils(1, 2) as [number, number];
    const before = sessions(from) + sessions(into);
    await deletePupils([from]);
    const res = await h.call('PATCH users/me/school/users/deleted/merge', { input: { from, into } });
    expect(res.status).toBe(200);
    expect(sessions(into)).toBe(before);
    expect(sessions(from)).toBe(0);
    expect(pluck((await h.call('GET users/me/school/users/deleted')).body, 'users')).not.toContain(from);
    expect((await h.call('POST users/me/school/users/deleted/recover', { input: { ids: [from] } })).status).toBe(404);
  });

  it('refuses merges from an active user, into a deleted user, across kinds and into oneself', async () => {
    const [a, b, c] = pupils(1, 3) as [number, number, number];
    expect((await h.call('PATCH users/me/school/users/deleted/merge', { input: { from: a, into: b } })).status).toBe(
      409,
    );
    await deletePupils([a, c]);
    expect((await h.call('PATCH users/me/school/users/deleted/merge', { input: { from: a, into: c } })).status).toBe(
      409,
    );
    expect(
      (await h.call('PATCH users/me/school/users/deleted/merge', { input: { from: a, into: h.userId('teacher') } }))
        .status,
    ).toBe(409);
    expect((await h.call('PATCH users/me/school/users/deleted/merge', { input: { from: a, into: a } })).status).toBe(
      422,
    );
    expect((await h.call('PATCH users/me/school/users/deleted/merge', { input: { from: a } })).status).toBe(422);
  });

  it('purges only deleted users and frees their school username', async () => {
    const [a] = pupils(1, 1) as [number];
    const name = rowOf<{ school_username: string }>(
      h.db,
      'SELECT school_username FROM users WHERE id = ?',
      a,
    ).school_username;
    expect((await h.call('DELETE users/deleted/{id}', { params: { id: a } })).status).toBe(409);
    await deletePupils([a]);
    expect(
      (
        await h.call('POST users/me/school/pupils', {
          input: { pupils: [{ first_name: 'Re', school_username: name }] },
        })
      ).status,
    ).toBe(409);
    expect((await h.call('DELETE users/deleted/{id}', { params: { id: a } })).status).toBe(200);
    expect(sessions(a)).toBe(0);
    expect(
      (
        await h.call('POST users/me/school/pupils', {
          input: { pupils: [{ first_name: 'Re', school_username: name }] },
        })
      ).status,
    ).toBe(201);
  });
});
