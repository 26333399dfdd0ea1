import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const groupId = (schoolId: number, name: string): number =>
  rowOf<{ id: number }>(h.db, 'SELECT id FROM school_groups WHERE school_id = ? AND name = ?', schoolId, name).id;
const league = (schoolId: number, kind: string): number =>
  rowOf<{ id: number }>(h.db, 'SELECT id FROM leagues WHERE school_id = ? AND kind = ?', schoolId, kind).id;

describe('hives', () => {
  it('lists and shows the school hives; another school sees 404, a superuser sees it', async () => {
    const hives = list((await h.call('GET hives', { as: 'teacher' })).body, 'hives');
    expect(hives.map((x) => x['status']).sort()).toEqual(['finished', 'waiting']);
    const id = hives[0]?.['id'] as number;
    expect(at((await h.call('GET hive/{id}', { as: 'teacher', params: { id } })).body, 'hive.id')).toBe(id);
    expect((await h.call('GET hives/{id}', { as: 'admin2', params: { id } })).status).toBe(404);
    expect((await h.call('DELETE hives/{id}', { as: 'admin2', params: { id } })).status).toBe(404);
    expect(at((await h.call('GET hives/{id}', { as: 'superuser', params: { id } })).body, 'hive.id')).toBe(id);
  });

  it('deletes a waiting or finished hive, not a running one', async () => {
    const [a, b] = pluck((await h.call('GET hives', { as: 'teacher' })).body, 'hives') as [number, number];
    run(h.db, "UPDATE hives SET status = 'running' WHERE id = ?", a);
    const refused = await h.call('DELETE hives/{id}', { as: 'teacher', params: { id: a } });
    expect(refused.status).toBe(409);
    expect(str(refused.body, 'message')).toContain('is running');
    expect((await h.call('DELETE hives/{id}', { as: 'teacher', params: { id: b } })).status).toBe(200);
    expect((await h.call('GET hives/{id}', { as: 'teacher', params: { id: b } })).status).toBe(404);
  });

  it('summarises school activity by group', async () => {
    const groups = list((await h.call('GET users/me/school/activity', { as: 'teacher' })).body, 'groups');
    expect(groups.map((g) => g['name'])).toEqual(['Year 3 Oak', 'Year 4 Ash', 'Year 5 Elm']);
    expect(groups.reduce((sum, g) => sum + (g['plays_30d'] as number), 0)).toBeGreaterThan(0);
  });
});

describe('leagues and challenges', () => {
  it('ranks a custom league from sessions in its dates', async () => {
    const id = league(1, 'custom');
    const pupil = h.userId('pupil');
    run(
      h.db,
      "INSERT INTO game_sessions (user_id, school_id, game, score, correct, incorrect, created_at) VALUES (?, 1, 'spelling', 100000, 10, 0, '2026-08-31T10:00:00Z')",
      pupil,
    );
    const res = await h.call('GET leagues/custom/{id}/results', { as: 'teacher', params: { id } });
    expect(at(res.body, 'results.0')).toMatchObject({ rank: 1, user_id: pupil });
    expect(list(res.body, 'groups')).toHaveLength(3);
    const mine = await h.call('GET users/me/leagues', { as: 'pupil' });
    expect(list(mine.body, 'leagues').find((l) => l['id'] === id)).toMatchObject({ my_rank: 1 });
  });

  it('updates a running custom league, refuses an ended one and a challenge id', async () => {
    const id = league(1, 'custom');
    const res = await h.call('PUT leagues/custom/{id}', {
      as: 'teacher',
      params: { id },
      input: { name: 'Autumn league', groups: [groupId(1, 'Year 4 Ash')] },
    });
    expect(at(res.body, 'league')).toMatchObject({
      name: 'Autumn league',
      group_ids: [groupId(1, 'Year 4 Ash')],
      state: 'running',
    });
    expect(
      (
        await h.call('PUT leagues/custom/{id}', {
          as: 'teacher',
          params: { id },
          input: { groups: [groupId(2, 'Grade 2 Room 4')] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call('PUT leagues/custom/{id}', {
          as: 'teacher',
          params: { id: league(1, 'challenge') },
          input: { name: 'x' },
        })
      ).status,
    ).toBe(404);
    run(h.db, "UPDATE leagues SET ends_at = '2026-08-01T00:00:00.000Z' WHERE id = ?", id);
    const ended = await h.call('PUT leagues/custom/{id}', {
      as: 'teacher',
      params: { id },
      input: { name: 'Too late' },
    });
    expect(ended.status).toBe(409);
    expect(str(ended.body, 'message')).toContain('ended');
    expect((await h.call('DELETE leagues/custom/{id}', { as: 'teacher', params: { id } })).status).toBe(200);
  });

  it('creates a challenge between groups, ranks them, and notifies its pupils', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const ash = groupId(1, 'Year 4 Ash');
    const res = await h.call('POST leagues/challenges', {
      as: 'teacher',
      input: {
        league: { name: 'Spelling showdown', product: 'spelling', ends_at: '2026-09-15T00:00:00Z' },
        groups: [oak, ash],
      },
    });
    expect(res.status).toBe(201);
    const id = num(res.body, 'challenge.id');
    expect(
      pluck(
        (await h.call('GET leagues/challenges/{id}/groups', { as: 'teacher', params: { id } })).body,
        'groups',
        'group_id',
      ).sort(),
    ).toEqual([oak, ash].sort());
    expect(
      list((await h.call('GET leagues/challenges/{id}/users', { as: 'teacher', params: { id } })).body, 'users'),
    ).toHaveLength(20);
    const notes = await h.call('GET users/me/challengenotifications', { as: 'pupil', input: { product: 'spelling' } });
    expect(pluck(notes.body, 'notifications', 'challenge_id')).toContain(id);
    expect(
      pluck(
        (await h.call('GET users/me/challengenotifications', { as: 'pupil', input: { product: 'quiz' } })).body,
        'notifications',
      ),
    ).toEqual([]);
  });

  it('refuses a challenge with one participant, bad dates or another school group', async () => {
    expect(
      (await h.call('POST leagues/challenges', { as: 'teacher', input: { groups: [groupId(1, 'Year 3 Oak')] } }))
        .status,
    ).toBe(422);
    expect(
      (
        await h.call('POST leagues/challenges', {
          as: 'teacher',
          input: {
            league: { starts_at: '2026-09-10', ends_at: '2026-09-01' },
            groups: [groupId(1, 'Year 3 Oak'), groupId(1, 'Year 4 Ash')],
          },
        })
      ).status,
    ).toBe(422);
    const notADay = await h.call('POST leagues/challenges', {
      as: 'teacher',
      input: {
        league: { starts_at: '2026-09-01', ends_at: '2026-09-31' },
        groups: [groupId(1, 'Year 3 Oak'), groupId(1, 'Year 4 Ash')],
      },
    });
    expect(notADay.body).toMatchObject({
      error: 'Invalid data',
      errors: [{ path: 'league.ends_at', message: expect.stringMatching(/2026-09-31 is not a day of the calendar/) }],
    });
    expect(
      (
        await h.call('POST leagues/challenges', {
          as: 'teacher',
          input: { groups: [groupId(1, 'Year 3 Oak'), groupId(2, 'Grade 2 Room 4')] },
        })
      ).status,
    ).toBe(404);
  });
});

describe('league and challenge payloads, checked with the table field kinds', () => {
  const paths = (body: unknown): string[] => list(body, 'errors').map((e) => String(e['path']));

  it('names every bad key of a custom league update, and an empty list takes every group off', async () => {
    const id = league(1, 'custom');
    const bad = await h.call('PUT leagues/custom/{id}', {
      as: 'teacher',
      params: { id },
      input: { name: '', product: 'chess', groups: 'Oak', users: [0] },
    });
    expect(bad.status).toBe(422);
    expect(paths(bad.body)).toEqual(['name', 'product', 'groups', 'users']);
    await h.call('PUT leagues/custom/{id}', {
      as: 'teacher',
      params: { id },
      input: { groups: [groupId(1, 'Year 4 Ash')] },
    });
    const cleared = await h.call('PUT leagues/custom/{id}', { as: 'teacher', params: { id }, input: { groups: [] } });
    expect(at(cleared.body, 'league.group_ids')).toEqual([]);
  });

  it('names every bad key of a new challenge, its league inside and out, and writes nothing', async () => {
    const before = rowOf<{ n: number }>(h.db, 'SELECT COUNT(*) AS n FROM leagues').n;
    const bad = await h.call('POST leagues/challenges', {
      as: 'teacher',
      input: {
        name: 'x'.repeat(121),
        league: { ends_at: '2026-09-31', product: 'chess' },
        users: 'abc',
        groups: [groupId(1, 'Year 3 Oak')],
      },
    });
    expect(bad.status).toBe(422);
    expect(paths(bad.body)).toEqual(['name', 'league.product', 'league.ends_at', 'users']);
    expect(
      (await h.call('POST leagues/challenges', { as: 'teacher', input: { product: 'chess', groups: [1, 2] } })).status,
    ).toBe(422);
    expect(rowOf<{ n: number }>(h.db, 'SELECT COUNT(*) AS n FROM leagues').n).toBe(before);
  });

  it('takes the league fields at the top level and groups comma-joined; the league object wins', async () => {
    const [oak, ash] = [groupId(1, 'Year 3 Oak'), groupId(1, 'Year 4 Ash')];
    const res = await h.call('POST leagues/challenges', {
      as: 'teacher',
      input: { name: 'Outside', product: 'quiz', league: { name: ' Inside ' }, groups: `${ash},${oak}` },
    });
    expect(res.status).toBe(201);
    expect(at(res.body, 'challenge')).toMatchObject({
      name: 'Inside',
      product: 'quiz',
      group_ids: [oak, ash].sort((a, b) => a - b),
    });
  });
});
