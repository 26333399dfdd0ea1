import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { one, run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const pupilCount = (schoolId: number): number =>
  rowOf<{ n: number }>(
    h.db,
    "SELECT COUNT(*) AS n FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL",
    schoolId,
  ).n;
const otherSchoolPupil = (): number =>
  rowOf<{ id: number }>(h.db, "SELECT id FROM users WHERE school_id = 2 AND kind = 'pupil' LIMIT 1").id;

describe('pupil list and scope', () => {
  it('lists the school pupils with their groups, filters by school username', async () => {
    const all = await h.call('GET users/me/school/pupils', { as: 'teacher' });
    expect(num(all.body, 'total')).toBe(30);
    const one = await h.call('GET users/me/school/pupils', { as: 'teacher', input: { school_username: 'PUPIL' } });
    expect(pluck(one.body, 'pupils', 'school_username')).toEqual(['pupil']);
    expect(list(one.body, 'pupils')[0]?.['group_ids']).toEqual(expect.arrayContaining([expect.any(Number)]));
  });

  it('a teacher of school 1 cannot read, update or delete a pupil of school 2', async () => {
    const id = otherSchoolPupil();
    expect((await h.call('GET users/me/school/pupils/{id}', { as: 'teacher', params: { id } })).status).toBe(404);
    expect(
      (await h.call('PUT users/me/school/pupils/{id}', { params: { id }, input: { first_name: 'X' } })).status,
    ).toBe(404);
    expect((await h.call('GET users/me/school/pupils/{id}/history', { as: 'teacher', params: { id } })).status).toBe(
      404,
    );
    const del = await h.call('DELETE users/me/school/pupils', { input: { ids: `${h.userId('pupil')},${id}` } });
    expect(del.status).toBe(404);
    expect(pupilCount(1)).toBe(30);
    expect(pupilCount(2)).toBe(30);
    expect((await h.call('GET users/me/school/pupils/{id}', { as: 'superuser', params: { id } })).status).toBe(200);
  });

  it('refuses teachers the admin-only writes', async () => {
    expect((await h.call('POST users/me/school/pupils/generate', { as: 'teacher', input: { amount: 2 } })).status).toBe(
      403,
    );
  });
});

describe('pupil writes', () => {
  it('updates a pupil and refuses a school username another pupil holds', async () => {
    const id = h.userId('pupil');
    const res = await h.call('PUT users/me/school/pupils/{id}', {
      params: { id },
      input: { display_name: 'Rapid Otter', stage_spelling: 3 },
    });
    expect(at(res.body, 'pupil')).toMatchObject({ display_name: 'Rapid Otter', stage_spelling: 3 });
    const other = rowOf<{ school_username: string }>(
      h.db,
      "SELECT school_username FROM users WHERE school_id = 1 AND kind = 'pupil' AND id <> ? LIMIT 1",
      id,
    ).school_username;
    const clash = await h.call('PUT users/me/school/pupils/{id}', {
      params: { id },
      input: { school_username: other },
    });
    expect(clash.status).toBe(409);
    expect(
      (await h.call('PUT users/me/school/pupils/{id}', { params: { id }, input: { stage_spelling: 99 } })).status,
    ).toBe(422);
  });

  it('bulk creates pupils with generated usernames and passwords, all or nothing', async () => {
    const res = await h.call('POST users/me/school/pupils', {
      input: {
        pupils: [
          { first_name: 'Zed', last_name: 'Quinn' },
          { first_name: 'Yan', school_username: 'yan1' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(pluck(res.body, 'pupils', 'school_username')).toEqual(['zedq', 'yan1']);
    expect(str(res.body, 'pupils.0.password').length).toBeGreaterThanOrEqual(4);
    expect(pupilCount(1)).toBe(32);
    const clash = await h.call('POST users/me/school/pupils', {
      input: { pupils: [{ first_name: 'New' }, { first_name: 'Dup', school_username: 'yan1' }] },
    });
    expect(clash.status).toBe(409);
    expect(pupilCount(1)).toBe(32);
    expect((await h.call('POST users/me/school/pupils', { input: { pupils: [] } })).status).toBe(422);
  });

  it('bulk updates pupils of the school only', async () => {
    const ids = pluck((await h.call('GET users/me/school/pupils')).body, 'pupils').slice(0, 2) as number[];
    const res = await h.call('PUT users/me/school/pupils', {
      input: { pupils: ids.map((id) => ({ id, stage_number: 4 })) },
    });
    expect(pluck(res.body, 'pupils', 'stage_number')).toEqual([4, 4]);
    const refused = await h.call('PUT users/me/school/pupils', {
      input: {
        pupils: [
          { id: ids[0], stage_number: 5 },
          { id: otherSchoolPupil(), stage_number: 5 },
        ],
      },
    });
    expect(refused.status).toBe(404);
    expect(one(h.db, 'SELECT stage_number FROM users WHERE id = ?', ids[0])).toEqual({ stage_number: 4 });
  });

  it('deletes pupils by comma-joined ids, and every pupil with *', async () => {
    const ids = pluck((await h.call('GET users/me/school/pupils')).body, 'pupils').slice(0, 3) as number[];
    const res = await h.call('DELETE users/me/school/pupils', { input: { ids: ids.join(',') } });
    expect(at(res.body, 'deleted')).toBe(3);
    expect(pupilCount(1)).toBe(27);
    const all = await h.call('DELETE users/me/school/pupils', { input: { ids: '*' } });
    expect(at(all.body, 'deleted')).toBe(27);
    expect(pupilCount(1)).toBe(0);
    expect(pupilCount(2)).toBe(30);
  });

  it('generates pupils with display names and unique school usernames', async () => {
    const res = await h.call('POST users/me/school/pupils/generate', { input: { amount: 5 } });
    expect(res.status).toBe(201);
    const pupils = list(res.body, 'pupils');
    expect(pupils).toHaveLength(5);
    expect(new Set(pupils.map((p) => p['school_username'])).size).toBe(5);
    for (const p of pupils) expect(p['display_name']).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect((await h.call('POST users/me/school/pupils/generate', { input: { amount: 0 } })).status).toBe(422);
  });

  it('exports chosen pupils as CSV', async () => {
    const id = h.userId('pupil');
    const res = await h.call('GET users/me/school/pupils/csv', { input: { pupilIds: String(id) } });
    const lines = str(res.body, 'csv').trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,school_id,school_username,first_name,last_name,display_name,stage_spelling,stage_number,groups',
    );
    expect(lines[1]).toMatch(new RegExp(`^${id},1,pupil,Pip,Pupil,`));
    const all = await h.call('GET users/me/school/pupils/csv', { input: { pupilIds: '*' } });
    expect(num(all.body, 'count')).toBe(30);
    expect(
      (await h.call('GET users/me/school/pupils/csv', { input: { pupilIds: String(otherSchoolPupil()) } })).status,
    ).toBe(404);
  });

  it('increments stages and stops at the top stage', async () => {
    run(h.db, "UPDATE users SET stage_spelling = 7, stage_number = 2 WHERE username = 'pupil'");
    const res = await h.call('POST users/me/school/incrementstages');
    expect(at(res.body, 'updated')).toBe(30);
    expect(one(h.db, "SELECT stage_spelling, stage_number FROM users WHERE username = 'pupil'")).toEqual({
      stage_spelling: 7,
      stage_number: 3,
    });
  });

  it('suggests display names and free usernames', async () => {
    expect(str((await h.call('GET users/displayname', { as: 'teacher' })).body, 'displayName')).toMatch(/ /);
    expect(
      list((await h.call('GET users/displayname', { as: 'teacher', input: { amount: '3' } })).body, 'displayNames'),
    ).toHaveLength(3);
    expect(at((await h.call('GET users/generate', { as: 'teacher', input: { name: 'Pupil' } })).body, 'username')).toBe(
      'pupil2',
    );
  });

  it('merges the caller settings', async () => {
    await h.call('PATCH users/me/settings', { as: 'pupil', input: { musicOn: true } });
    const res = await h.call('PATCH users/me/settings', { as: 'pupil', input: { soundFXOn: false } });
    expect(at(res.body, 'settings')).toEqual({ musicOn: true, soundFXOn: false });
  });
});

describe('pupil histories', () => {
  const sessionOf = (game: string): { id: number; user_id: number } =>
    rowOf<{ id: number; user_id: number }>(
      h.db,
      'SELECT g.id, g.user_id FROM game_sessions g JOIN users u ON u.id = g.user_id WHERE u.school_id = 1 AND g.game = ? LIMIT 1',
      game,
    );

  it('reads histories from stored sessions and deletes one session of the right game', async () => {
    const s = sessionOf('spelling');
    const history = await h.call('GET users/me/school/pupils/{id}/history', {
      as: 'teacher',
      params: { id: s.user_id },
    });
    expect(pluck(history.body, 'history', 'game').every((g) => g === 'spelling')).toBe(true);
    expect(pluck(history.body, 'history')).toContain(s.id);
    const wrongGame = await h.call('DELETE users/me/school/pupils/{id}/beekeeperhistory/{sessionId}', {
      as: 'teacher',
      params: { id: s.user_id, sessionId: s.id },
    });
    expect(wrongGame.status).toBe(404);
    const del = await h.call('DELETE users/me/school/pupils/{id}/history/{sessionId}', {
      as: 'teacher',
      params: { id: s.user_id, sessionId: s.id },
    });
    expect(del.status).toBe(200);
    const after = await h.call('GET users/me/school/pupils/{id}/history', { as: 'teacher', params: { id: s.user_id } });
    expect(pluck(after.body, 'history')).not.toContain(s.id);
  });

  it('computes times tables overview and school competency from sessions', async () => {
    const s = sessionOf('mtc');
    const overview = await h.call('GET users/me/school/pupils/{id}/times_tables_overview', {
      as: 'teacher',
      params: { id: s.user_id },
    });
    const tables = list(overview.body, 'tables');
    expect(tables).toHaveLength(12);
    expect(tables.reduce((sum, t) => sum + (t['plays'] as number), 0)).toBeGreaterThan(0);
    const school = await h.call('GET users/me/school/pupils/timestablescompetency', { as: 'teacher' });
    expect(num(school.body, 'total')).toBe(30);
  });

  it('groups spelling competency by month', async () => {
    const s = sessionOf('spelling');
    const res = await h.call('GET users/me/school/pupils/{id}/monthly_spelling_competency', {
      as: 'teacher',
      params: { id: s.user_id },
    });
    const months = list(res.body, 'months');
    expect(months.length).toBeGreaterThan(0);
    expect(months[0]?.['month']).toMatch(/^\d{4}-\d{2}$/);
  });
});

describe('pupil passwords', () => {
  it('stores generated passwords hashed so that they verify, and never returns the hash', async () => {
    const { verifyPassword } = await import('../../../sandbox/domain/auth/password.js');
    const res = await h.call('POST users/me/school/pupils/generate', { input: { amount: 3 } });
    for (const pupil of list(res.body, 'pupils')) {
      const stored = rowOf<{ password_hash: string }>(
        h.db,
        'SELECT password_hash FROM users WHERE id = ?',
        pupil['id'],
      ).password_hash;
      expect(stored).toMatch(/^scrypt\$/);
      expect(verifyPassword(pupil['password'] as string, stored)).toBe(true);
      expect(verifyPassword('wrong', stored)).toBe(false);
      expect(pupil).not.toHaveProperty('password_hash');
    }
  });
});
