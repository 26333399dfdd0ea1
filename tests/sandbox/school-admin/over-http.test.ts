/** School administration through the real server pipeline (routing, auth, validation, transactions), in-process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox, writeCount, type TestSandbox } from '../helpers/sandbox.js';
import { at, list, num, pluck } from './harness.js';
import { scalarOf } from '../helpers/sql.js';

let t: TestSandbox;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = testSandbox({ rateLimit: 100_000 });
  admin = await t.login('admin');
  teacher = await t.login('teacher');
});
afterAll(() => t.close());

describe('school administration over HTTP', () => {
  it('answers the site resource search without a token', async () => {
    const res = await t.call('GET', 'resources/search', {
      query: { curriculum_id: '2', search: 'poetry', skip: '0', take: '10' },
    });
    expect(res.status).toBe(200);
    expect(list(res.body, 'resources.items')).toHaveLength(10);
    expect(num(res.body, 'resources.total')).toBeGreaterThan(10);
  });

  it('keeps a teacher of school 1 out of school 2 pupils (404) and refuses admin-only writes (403)', async () => {
    const other = scalarOf<number>(t.sandbox.db, "SELECT id FROM users WHERE school_id = 2 AND kind = 'pupil' LIMIT 1");
    expect((await t.call('GET', `users/me/school/pupils/${other}`, { token: teacher })).status).toBe(404);
    expect(
      (await t.call('POST', 'users/me/school/pupils/generate', { token: teacher, body: { amount: 1 } })).status,
    ).toBe(403);
    expect((await t.call('GET', 'users/me/school/pupils')).status).toBe(401);
  });

  it('generates pupils, moves one between groups, and deletes all with * in the query string', async () => {
    const generated = await t.call('POST', 'users/me/school/pupils/generate', { token: admin, body: { amount: 2 } });
    expect(generated.status).toBe(201);
    const [a] = pluck(generated.body, 'pupils') as [number];
    const groups = pluck((await t.call('GET', 'users/me/school/groups', { token: admin })).body, 'groups') as number[];
    await t.call('POST', `users/me/school/groups/${groups[0]}/pupils`, { token: admin, body: { pupils: [a] } });
    const moved = await t.call('POST', `users/me/school/groups/${groups[1]}/pupils`, {
      token: admin,
      body: { pupils: String(a), move: 1 },
    });
    expect(list(moved.body, 'moved_from')).toEqual([groups[0]]);
    expect(
      (
        await t.call('POST', `users/me/school/groups/${groups[1]}/pupils`, {
          token: admin,
          body: { pupils: [a], move: 3 },
        })
      ).status,
    ).toBe(422);
    const deleted = await t.call('DELETE', 'users/me/school/pupils', { token: admin, query: { ids: '*' } });
    expect(at(deleted.body, 'deleted')).toBe(32);
    expect(num((await t.call('GET', 'users/me/school/pupils', { token: admin })).body, 'total')).toBe(0);
    expect(await writeCount(t, 'DELETE users/me/school/pupils')).toBe(1);
    const recovered = await t.call('POST', 'users/me/school/users/deleted/recover/all', { token: admin });
    expect(num(recovered.body, 'recovered')).toBe(32);
  });
});
