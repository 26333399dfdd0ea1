/**
 * The ownership holes a hostile user found, through the API end to end: a word list of school
 * 2's teacher changed or deleted by school 1's pupil, another school's user's data read through
 * `users/{id}/...`, a write under another school's pupil; and what the reach words allow on purpose
 * (a published list read across schools, a district administrator reaching their district's records).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolTwo, type SchoolTwo } from './helpers/ownership.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';

describe('whose record it is: the issue’s cases', () => {
  let t: TestSandbox;
  let two: SchoolTwo;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = testSandbox({ rateLimit: 1_000_000 });
    two = schoolTwo(t);
    for (const name of ['teacher', 'pupil', 'admin', 'district', 'teacher2a', 'teacher2b', 'superuser'])
      tokens[name] = await t.login(name);
  });
  afterAll(() => t.close());

  async function schoolTwoList(extra: Record<string, unknown> = {}): Promise<number> {
    const created = await t.call('POST', 'users/me/lists', {
      token: tokens.teacher2a,
      body: { title: 'Week 1', words: ['ship', 'shop'], ...extra },
    });
    expect(created.status).toBe(201);
    return (created.body.list as { id: number }).id;
  }

  it('keeps school 2’s list from school 1’s pupil: PUT and DELETE answer 404 and the words stay', async () => {
    const id = await schoolTwoList();
    expect(
      (await t.call('PUT', `lists/${id}`, { token: tokens.pupil, body: { title: 'gone', words: [] } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `lists/${id}`, { token: tokens.pupil })).status).toBe(404);
    expect(
      (await t.call('POST', `lists/${id}/words`, { token: tokens.teacher, body: { words: ['intruder'] } })).status,
    ).toBe(404);
    expect((await t.call('GET', `lists/${id}`, { token: tokens.teacher })).status).toBe(404);
    const read = await t.call('GET', `lists/${id}`, { token: tokens.teacher2a });
    expect(read.status).toBe(200);
    expect(read.body.list).toMatchObject({ title: 'Week 1', words: ['ship', 'shop'] });
    expect((await t.call('GET', `lists/${id}/words`, { token: tokens.teacher2a })).body.total).toBe(0);
  });

  it('answers a missing list and another school’s alike', async () => {
    const id = await schoolTwoList();
    const other = await t.call('GET', `lists/${id}`, { token: tokens.teacher });
    const missing = await t.call('GET', 'lists/999999', { token: tokens.teacher });
    expect([other.status, missing.status]).toEqual([404, 404]);
    expect(other.body.error).toBe(missing.body.error);
  });

  it('lets a colleague read a list of their school but not change it, and anyone read a published one', async () => {
    const id = await schoolTwoList();
    expect((await t.call('GET', `lists/${id}`, { token: tokens.teacher2b })).status).toBe(200);
    expect((await t.call('PUT', `lists/${id}`, { token: tokens.teacher2b, body: { title: 'mine now' } })).status).toBe(
      404,
    );
    const published = await schoolTwoList({ published: true });
    expect((await t.call('GET', `lists/${published}`, { token: tokens.pupil })).status).toBe(200);
    expect(
      (
        await t.call('POST', `lists/${published}/gamesession`, {
          token: tokens.pupil,
          body: { difficulty: 1, gameType: 'spelling' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.call('PUT', `lists/${published}`, { token: tokens.pupil, body: { title: 'mine now' } })).status,
    ).toBe(404);
    const listed = await t.call('GET', 'lists', { token: tokens.pupil, query: { take: '1000' } });
    const ids = (listed.body.lists as { id: number }[]).map((l) => l.id);
    expect(ids).toContain(published);
    expect(ids).not.toContain(id);
  });

  it('keeps another school’s users’ data from a teacher: users/{id}/... answers 404, their own school’s answers', async () => {
    await schoolTwoList();
    for (const path of ['lists', 'lessons', 'progress', 'game_plays', 'phonics_assessments']) {
      expect((await t.call('GET', `users/${two.owner}/${path}`, { token: tokens.teacher })).status, path).toBe(404);
    }
    const own = await t.call('GET', `users/${two.owner}/lists`, { token: tokens.teacher2b });
    expect(own.status).toBe(200);
    expect(own.body.total).toBeGreaterThan(0);
  });

  it('answers a relationship only inside it: another school’s user is 404 like a missing one', async () => {
    expect((await t.call('GET', `users/me/users/${two.owner}`, { token: tokens.teacher })).status).toBe(404);
    expect((await t.call('GET', `users/me/users/${two.pupil}`, { token: tokens.pupil })).status).toBe(404);
    expect(
      (await t.call('GET', `users/me/users/${two.owner}`, { token: tokens.district })).body.relationship,
    ).toMatchObject({ isSameSchool: false });
    expect(
      (await t.call('GET', `users/me/users/${two.colleague}`, { token: tokens.teacher2a })).body.relationship,
    ).toMatchObject({ isSameSchool: true });
  });

  it('refuses a write under another school’s pupil as the read is: POST and GET both 404', async () => {
    const path = `users/me/school/pupils/${two.pupil}/avatarpurchases`;
    expect((await t.call('POST', path, { token: tokens.teacher, body: { type: 'hat', amount: 1 } })).status).toBe(404);
    expect((await t.call('GET', path, { token: tokens.teacher })).status).toBe(404);
    expect((await t.call('POST', path, { token: tokens.teacher2a, body: { type: 'hat', amount: 1 } })).status).toBe(
      201,
    );
  });

  it('lets a district administrator reach their district’s schools’ records, and not another district’s', async () => {
    const id = await schoolTwoList();
    expect((await t.call('GET', `lists/${id}`, { token: tokens.district })).status).toBe(200);
    const ours = await t.call('POST', 'users/me/lists', { token: tokens.teacher, body: { title: 'Oakfield list' } });
    const oursId = (ours.body.list as { id: number }).id;
    expect((await t.call('GET', `lists/${oursId}`, { token: tokens.district })).status).toBe(404);
    expect((await t.call('GET', `lists/${oursId}`, { token: tokens.admin })).status).toBe(200);
  });

  it('shares a school’s records among its teachers: a screening session, not across schools', async () => {
    const session = await t.call('POST', 'phonics/screening/session', {
      token: tokens.teacher2a,
      body: { name: 'Autumn check' },
    });
    expect(session.status).toBe(201);
    const id = (session.body.session as { id: number }).id;
    expect(
      (
        await t.call('PATCH', `phonics/screening/session/${id}`, {
          token: tokens.teacher2b,
          body: { name: 'Autumn check 2' },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('GET', `phonics/screening/session/${id}`, { token: tokens.teacher })).status).toBe(404);
    expect(
      (await t.call('PATCH', `phonics/screening/session/${id}`, { token: tokens.teacher, body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `phonics/screening/session/${id}`, { token: tokens.admin })).status).toBe(404);
    expect(
      (await t.call('GET', `phonics/screening/session/${id}`, { token: tokens.teacher2a })).body.session,
    ).toMatchObject({ name: 'Autumn check 2' });
  });
});
