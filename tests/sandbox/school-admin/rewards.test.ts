import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { all } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const groupId = (schoolId: number, name: string): number =>
  rowOf<{ id: number }>(h.db, 'SELECT id FROM school_groups WHERE school_id = ? AND name = ?', schoolId, name).id;
const pupilsIn = (gid: number): number[] =>
  all<{ user_id: number }>(h.db, 'SELECT user_id FROM group_pupils WHERE group_id = ? ORDER BY user_id', gid).map(
    (r) => r.user_id,
  );

describe('feedback kinds and reward teams', () => {
  it('creates, updates and deletes feedback kinds of a class', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const created = await h.call('POST rewards/feedback/{id}', {
      as: 'teacher',
      params: { id: oak },
      input: { name: 'Kindness', points: 2 },
    });
    expect(created.status).toBe(201);
    const id = num(created.body, 'feedback.id');
    expect(
      pluck((await h.call('GET rewards/feedback/{id}', { as: 'teacher', params: { id: oak } })).body, 'feedback'),
    ).toContain(id);
    expect(
      at(
        (await h.call('PUT rewards/feedback/{id}', { as: 'teacher', params: { id }, input: { points: 3 } })).body,
        'feedback.points',
      ),
    ).toBe(3);
    expect(
      (
        await h.call('POST rewards/feedback/{id}', {
          as: 'teacher',
          params: { id: oak },
          input: { name: 'Zero', points: 0 },
        })
      ).status,
    ).toBe(422);
    expect((await h.call('DELETE rewards/feedback/{id}', { as: 'teacher', params: { id } })).status).toBe(200);
    expect(
      (await h.call('GET rewards/feedback/{id}', { as: 'teacher', params: { id: groupId(2, 'Grade 2 Room 4') } }))
        .status,
    ).toBe(404);
  });

  it('keeps reward teams of a class apart and only takes pupils of the class', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const [red, blue] = pluck(
      (await h.call('GET rewards/groups/{id}', { as: 'teacher', params: { id: oak } })).body,
      'groups',
    ) as [number, number];
    const pupil = pupilsIn(oak)[0] as number;
    await h.call('POST rewards/groups/{id}/pupils', { as: 'teacher', params: { id: red }, input: { pupilId: pupil } });
    await h.call('POST rewards/groups/{id}/pupils', { as: 'teacher', params: { id: blue }, input: { pupilId: pupil } });
    const teams = list(
      (await h.call('GET rewards/groups/{id}', { as: 'teacher', params: { id: oak } })).body,
      'groups',
    );
    expect(teams.filter((t) => (t['pupil_ids'] as number[]).includes(pupil)).map((t) => t['id'])).toEqual([blue]);
    const outsider = pupilsIn(groupId(1, 'Year 4 Ash'))[0] as number;
    expect(
      (
        await h.call('POST rewards/groups/{id}/pupils', {
          as: 'teacher',
          params: { id: red },
          input: { pupilId: outsider },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await h.call('DELETE rewards/groups/{id}/pupils', {
          as: 'teacher',
          params: { id: red },
          input: { pupilId: pupil },
        })
      ).status,
    ).toBe(404);
    const created = await h.call('POST rewards/groups/{id}', {
      as: 'teacher',
      params: { id: oak },
      input: { groupName: 'Green team' },
    });
    expect(created.status).toBe(201);
    expect(
      (
        await h.call('PUT rewards/groups/{id}/name', {
          as: 'teacher',
          params: { id: num(created.body, 'group.id') },
          input: { groupName: 'red TEAM' },
        })
      ).status,
    ).toBe(409);
  });
});

describe('rows named by id', () => {
  it("answers 404 for another school's feedback kind, reward team and reward log; a superuser reaches them", async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const feedback = list(
      (await h.call('GET rewards/feedback/{id}', { as: 'teacher', params: { id: oak } })).body,
      'feedback',
    )[0] as { id: number };
    const team = pluck(
      (await h.call('GET rewards/groups/{id}', { as: 'teacher', params: { id: oak } })).body,
      'groups',
    )[0] as number;
    const scored = await h.call('POST rewards/score', {
      as: 'teacher',
      input: { schoolGroupId: oak, pupilIds: [pupilsIn(oak)[0]], points: 1 },
    });
    const logId = num(scored.body, 'logs.0.id');
    expect(
      (await h.call('PUT rewards/feedback/{id}', { as: 'admin2', params: { id: feedback.id }, input: { points: 4 } }))
        .status,
    ).toBe(404);
    expect((await h.call('DELETE rewards/groups/{id}', { as: 'admin2', params: { id: team } })).status).toBe(404);
    expect((await h.call('DELETE rewards/history', { as: 'admin2', input: { logId } })).status).toBe(404);
    expect(
      at(
        (
          await h.call('PUT rewards/feedback/{id}', {
            as: 'superuser',
            params: { id: feedback.id },
            input: { points: 4 },
          })
        ).body,
        'feedback.points',
      ),
    ).toBe(4);
    expect(
      (
        await h.call('PUT rewards/groups/{id}/name', {
          as: 'superuser',
          params: { id: team },
          input: { groupName: 'Renamed team' },
        })
      ).status,
    ).toBe(200);
    expect((await h.call('DELETE rewards/history', { as: 'superuser', input: { logId } })).status).toBe(200);
  });
});

describe('points', () => {
  it('scores pupils by feedback kind and a reward team, refusing pupils outside the class', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const feedback = list(
      (await h.call('GET rewards/feedback/{id}', { as: 'teacher', params: { id: oak } })).body,
      'feedback',
    )[0] as { id: number; points: number };
    const [a, b] = pupilsIn(oak) as [number, number];
    const res = await h.call('POST rewards/score', {
      as: 'teacher',
      input: { schoolGroupId: oak, pupilIds: [a, b], feedbackId: feedback.id },
    });
    expect(res.status).toBe(201);
    expect(pluck(res.body, 'logs', 'points')).toEqual([feedback.points, feedback.points]);
    const team = pluck(
      (await h.call('GET rewards/groups/{id}', { as: 'teacher', params: { id: oak } })).body,
      'groups',
    )[0] as number;
    const teamScore = await h.call('POST rewards/score', {
      as: 'teacher',
      input: { schoolGroupId: oak, rewardGroupId: team, points: 1 },
    });
    expect(list(teamScore.body, 'logs').length).toBeGreaterThan(0);
    const outsider = pupilsIn(groupId(1, 'Year 4 Ash'))[0] as number;
    expect(
      (
        await h.call('POST rewards/score', {
          as: 'teacher',
          input: { schoolGroupId: oak, pupilIds: [outsider], points: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await h.call('POST rewards/score', { as: 'teacher', input: { schoolGroupId: oak, pupilIds: [a] } })).status,
    ).toBe(422);
    const anon = await h.call('POST rewards/score/anonymous', {
      as: 'teacher',
      input: { schoolGroupId: oak, points: 3 },
    });
    expect(at(anon.body, 'logs.0.user_id')).toBeNull();
  });

  it('turns game earnings into points once per session', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const first = await h.call('POST rewards/earnings/score', { as: 'teacher', input: { schoolGroupId: oak } });
    expect(num(first.body, 'total')).toBeGreaterThan(0);
    const second = await h.call('POST rewards/earnings/score', { as: 'teacher', input: { schoolGroupId: oak } });
    expect(num(second.body, 'total')).toBe(0);
  });

  it('pages history, converts points to coins once, and then refuses to remove converted logs', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const page = await h.call('GET rewards/history', {
      as: 'teacher',
      input: { schoolGroupId: String(oak), take: '5' },
    });
    expect(list(page.body, 'history')).toHaveLength(5);
    expect(num(page.body, 'total')).toBe(13);
    const converted = await h.call('PUT rewards/convert', { as: 'teacher', input: { schoolGroupId: oak } });
    expect(num(converted.body, 'total_coins')).toBeGreaterThan(0);
    expect(
      num((await h.call('PUT rewards/convert', { as: 'teacher', input: { schoolGroupId: oak } })).body, 'total_coins'),
    ).toBe(0);
    const converted0 = rowOf<{ user_id: number }>(
      h.db,
      'SELECT user_id FROM reward_logs WHERE converted_at IS NOT NULL LIMIT 1',
    );
    const coins = JSON.parse(
      rowOf<{ data: string }>(h.db, 'SELECT data FROM users WHERE id = ?', converted0.user_id).data,
    ) as { coins: number };
    expect(coins.coins).toBeGreaterThan(0);
    const anyConverted = rowOf<{ id: number }>(
      h.db,
      'SELECT id FROM reward_logs WHERE converted_at IS NOT NULL LIMIT 1',
    ).id;
    const refused = await h.call('DELETE rewards/history', { as: 'teacher', input: { logId: anyConverted } });
    expect(refused.status).toBe(409);
    expect(str(refused.body, 'message')).toContain('converted');
    const fresh = await h.call('POST rewards/score/anonymous', {
      as: 'teacher',
      input: { schoolGroupId: oak, points: 1 },
    });
    expect(
      (await h.call('DELETE rewards/history', { as: 'teacher', input: { logId: num(fresh.body, 'logs.0.id') } }))
        .status,
    ).toBe(200);
  });
});

describe('reward payloads, checked with the table field kinds', () => {
  const pathsOf = (body: unknown) => list(body, 'errors').map((e) => e['path']);
  const logCount = () => rowOf<{ n: number }>(h.db, 'SELECT COUNT(*) AS n FROM reward_logs').n;

  it('names every bad key of a score in one 422 and writes nothing', async () => {
    const before = logCount();
    const bad = await h.call('POST rewards/score', {
      as: 'teacher',
      input: { schoolGroupId: 'oak', points: 500, pupilIds: 'a', userIds: [0] },
    });
    expect(bad.status).toBe(422);
    expect(pathsOf(bad.body)).toEqual(['schoolGroupId', 'points', 'pupilIds', 'userIds']);
    const anon = await h.call('POST rewards/score/anonymous', { as: 'teacher', input: { group_id: -1, points: 1.5 } });
    expect(pathsOf(anon.body)).toEqual(['group_id', 'points']);
    expect(logCount()).toBe(before);
  });

  it('scores pupils named by any of pupilIds, userIds (comma-joined) and pupilId, once each', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const [a, b, c] = pupilsIn(oak) as [number, number, number];
    const res = await h.call('POST rewards/score', {
      as: 'teacher',
      input: { group_id: String(oak), pupilIds: [a, b], userIds: `${b},${c}`, pupilId: a, points: 2 },
    });
    expect(res.status).toBe(201);
    expect(pluck(res.body, 'logs', 'user_id')).toEqual([a, b, c]);
  });

  it('pages the history of one class, one pupil or one log entry, naming every bad key', async () => {
    const oak = groupId(1, 'Year 3 Oak');
    const bad = await h.call('GET rewards/history', {
      as: 'teacher',
      input: { schoolGroupId: String(oak), userId: 'z', take: '0' },
    });
    expect(pathsOf(bad.body)).toEqual(['userId', 'take']);
    const table = await h.call('GET rewards/history', { as: 'teacher', input: { schoolGroupId: 'x', logId: 'y' } });
    expect(pathsOf(table.body)).toEqual(['logId', 'schoolGroupId']);
    const page = list(
      (await h.call('GET rewards/history', { as: 'teacher', input: { schoolGroupId: String(oak) } })).body,
      'history',
    );
    const first = page.find((log) => log['user_id'] !== null) as { id: number; user_id: number };
    const one = await h.call('GET rewards/history', {
      as: 'teacher',
      input: { group_id: String(oak), logId: String(first.id) },
    });
    expect(pluck(one.body, 'history', 'id')).toEqual([first.id]);
    expect(num(one.body, 'total')).toBe(1);
    const pupil = await h.call('GET rewards/history', {
      as: 'teacher',
      input: { schoolGroupId: oak, userId: first.user_id },
    });
    expect(new Set(pluck(pupil.body, 'history', 'user_id'))).toEqual(new Set([first.user_id]));
    const refused = await h.call('DELETE rewards/history', { as: 'teacher', input: { logId: '0' } });
    expect(pathsOf(refused.body)).toEqual(['logId']);
  });

  it('answers the table’s exactly-one rules with its schema’s words: the class of the history, one of the username keys', async () => {
    const noClass = await h.call('GET rewards/history', { as: 'teacher', input: { take: '5' } });
    expect(noClass.status).toBe(422);
    expect(at(noClass.body, 'message')).toBe('give exactly one of schoolGroupId or group_id (none was given)');
    const both = await h.call('DELETE rewards/history', { as: 'teacher', input: { logId: '1', schoolGroupId: '1' } });
    expect(both.status).toBe(422);
    expect(at(both.body, 'message')).toBe(
      'give exactly one of logId, schoolGroupId or group_id (got logId and schoolGroupId)',
    );
    const neither = await h.call('GET users/exists', { input: {} });
    expect(neither.status).toBe(422);
    expect(at(neither.body, 'message')).toBe('give exactly one of username, email or school_username (none was given)');
    expect(
      at((await h.call('GET users/exists', { input: { username: '', email: 'nobody@example.com' } })).body, 'exists'),
    ).toBe(false);
  });
});
