import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, type Harness } from './harness.js';
import { all } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const groupsOf = (userId: number): number[] =>
  all<{ group_id: number }>(h.db, 'SELECT group_id FROM group_pupils WHERE user_id = ? ORDER BY group_id', userId).map(
    (r) => r.group_id,
  );
const groupId = (schoolId: number, name: string): number =>
  rowOf<{ id: number }>(h.db, 'SELECT id FROM school_groups WHERE school_id = ? AND name = ?', schoolId, name).id;
const pupilOfGroup = (gid: number): number =>
  rowOf<{ user_id: number }>(h.db, 'SELECT user_id FROM group_pupils WHERE group_id = ? LIMIT 1', gid).user_id;

describe('groups CRUD', () => {
  it('lists top-level groups, with sub-groups on request', async () => {
    const plain = await h.call('GET users/me/school/groups', { as: 'teacher' });
    expect(pluck(plain.body, 'groups', 'name')).toEqual(['Year 3 Oak', 'Year 4 Ash', 'Year 5 Elm']);
    const nested = await h.call('GET users/me/school/groups', { as: 'teacher', input: { includeSubgroups: 'true' } });
    expect(at(nested.body, 'groups.0.subgroups.0.name')).toBe('Spelling Booster');
    const all = await h.call('GET users/me/school/groups/all', { as: 'teacher', input: { predictStage: true } });
    expect(num(all.body, 'total')).toBe(4);
    expect(at(all.body, 'groups.0.predicted_stage_spelling')).toEqual(expect.any(Number));
  });

  it('creates, renames and deletes a group; refuses a duplicate name', async () => {
    const created = await h.call('POST users/me/school/groups', { input: { name: 'Year 6 Yew', colour: '#123456' } });
    expect(created.status).toBe(201);
    expect(at(created.body, 'group')).toMatchObject({ name: 'Year 6 Yew', colour: '#123456', pupil_count: 0 });
    const id = num(created.body, 'group.id');
    expect((await h.call('POST users/me/school/groups', { input: { name: 'year 6 yew' } })).status).toBe(409);
    expect(
      (await h.call('PUT users/me/school/groups/{id}', { params: { id }, input: { name: 'Year 3 Oak' } })).status,
    ).toBe(409);
    const renamed = await h.call('PUT users/me/school/groups/{id}', {
      params: { id },
      input: { name: 'Year 6 Rowan' },
    });
    expect(at(renamed.body, 'group')).toMatchObject({ name: 'Year 6 Rowan', colour: '#123456' });
    expect((await h.call('DELETE users/me/school/groups/{id}', { params: { id } })).status).toBe(200);
    expect((await h.call('GET users/me/school/groups/{id}', { params: { id } })).status).toBe(404);
  });

  it('a teacher of school 1 cannot reach a group of school 2', async () => {
    const other = groupId(2, 'Grade 2 Room 4');
    expect((await h.call('GET users/me/school/groups/{id}', { as: 'teacher', params: { id: other } })).status).toBe(
      404,
    );
    expect(
      (await h.call('GET users/me/school/groups/{id}/pupils', { as: 'teacher', params: { id: other } })).status,
    ).toBe(404);
    expect(
      (await h.call('GET users/me/school/groups/{id}/activity', { as: 'teacher', params: { id: other } })).status,
    ).toBe(404);
    expect((await h.call('DELETE users/me/school/groups/{id}', { params: { id: other } })).status).toBe(404);
  });

  it('deletes every group of the school only', async () => {
    const res = await h.call('DELETE users/me/school/groups');
    expect(at(res.body, 'deleted')).toBe(4);
    expect(rowOf<{ n: number }>(h.db, 'SELECT COUNT(*) AS n FROM school_groups WHERE school_id = 2').n).toBe(4);
  });
});

describe('group pupils: assign (move 0) vs move (move 1)', () => {
  it('assign adds the pupil and keeps their other groups', async () => {
    const from = groupId(1, 'Year 3 Oak');
    const to = groupId(1, 'Year 4 Ash');
    const pupil = pupilOfGroup(from);
    const res = await h.call('POST users/me/school/groups/{id}/pupils', {
      params: { id: to },
      input: { pupils: [pupil], move: 0 },
    });
    expect(at(res.body, 'added')).toBe(1);
    expect(groupsOf(pupil)).toEqual(expect.arrayContaining([from, to]));
    const again = await h.call('POST users/me/school/groups/{id}/pupils', {
      params: { id: to },
      input: { pupils: String(pupil) },
    });
    expect(at(again.body, 'added')).toBe(0);
  });

  it('move removes the pupil from every other group of the school, sub-groups included', async () => {
    const from = groupId(1, 'Year 3 Oak');
    const sub = groupId(1, 'Spelling Booster');
    const to = groupId(1, 'Year 5 Elm');
    const pupil = pupilOfGroup(sub);
    expect(groupsOf(pupil)).toEqual(expect.arrayContaining([from, sub]));
    const res = await h.call('POST users/me/school/groups/{id}/pupils', {
      params: { id: to },
      input: { pupils: [pupil], move: 1 },
    });
    expect(list(res.body, 'moved_from').sort()).toEqual([from, sub].sort());
    expect(groupsOf(pupil)).toEqual([to]);
  });

  it('moving into a sub-group keeps (and ensures) the parent group', async () => {
    const parent = groupId(1, 'Year 3 Oak');
    const sub = groupId(1, 'Spelling Booster');
    const pupil = pupilOfGroup(groupId(1, 'Year 4 Ash'));
    await h.call('POST users/me/school/groups/{id}/pupils', {
      params: { id: sub },
      input: { pupils: [pupil], move: 1 },
    });
    expect(groupsOf(pupil).sort()).toEqual([parent, sub].sort());
  });

  it('refuses a pupil of another school with 404 and writes nothing', async () => {
    const to = groupId(1, 'Year 4 Ash');
    const own = pupilOfGroup(groupId(1, 'Year 3 Oak'));
    const foreign = pupilOfGroup(groupId(2, 'Grade 2 Room 4'));
    const before = groupsOf(own);
    const res = await h.call('POST users/me/school/groups/{id}/pupils', {
      params: { id: to },
      input: { pupils: [own, foreign], move: 1 },
    });
    expect(res.status).toBe(404);
    expect(groupsOf(own)).toEqual(before);
    expect(
      (
        await h.call('POST users/me/school/groups/{id}/pupils', {
          params: { id: to },
          input: { pupils: [own], move: 2 },
        })
      ).status,
    ).toBe(422);
  });

  it('removes pupils from a group and its sub-groups; 404 for a pupil not in it', async () => {
    const parent = groupId(1, 'Year 3 Oak');
    const pupil = pupilOfGroup(groupId(1, 'Spelling Booster'));
    const res = await h.call('DELETE users/me/school/groups/{id}/pupils', {
      params: { id: parent },
      input: { pupilId: pupil },
    });
    expect(res.status).toBe(200);
    expect(groupsOf(pupil)).toEqual([]);
    expect(
      (await h.call('DELETE users/me/school/groups/{id}/pupils', { params: { id: parent }, input: { pupilId: pupil } }))
        .status,
    ).toBe(404);
    const two = all<{ user_id: number }>(
      h.db,
      'SELECT user_id FROM group_pupils WHERE group_id = ? LIMIT 2',
      parent,
    ).map((r) => r.user_id);
    const removed = await h.call('POST users/me/school/groups/{id}/pupils/remove', {
      params: { id: parent },
      input: { pupils: two },
    });
    expect(at(removed.body, 'removed')).toBe(2);
  });
});

describe('sub-groups, teachers and stages', () => {
  it('creates a sub-group but not a sub-sub-group; only the group teacher or an admin may', async () => {
    const parent = groupId(1, 'Year 4 Ash');
    const created = await h.call('POST users/me/school/groups/{id}/groups', {
      as: 'teacher',
      params: { id: parent },
      input: { name: 'Readers' },
    });
    expect(created.status).toBe(201);
    const sub = num(created.body, 'group.id');
    const nested = await h.call('POST users/me/school/groups/{id}/groups', {
      as: 'teacher',
      params: { id: sub },
      input: { name: 'Deeper' },
    });
    expect(nested.status).toBe(409);
    const notTheirs = await h.call('POST users/me/school/groups/{id}/groups', {
      as: 'teacher',
      params: { id: groupId(1, 'Year 5 Elm') },
      input: { name: 'X' },
    });
    expect(notTheirs.status).toBe(403);
    expect(
      pluck(
        (await h.call('GET users/me/school/groups/{id}/groups', { as: 'teacher', params: { id: parent } })).body,
        'groups',
        'name',
      ),
    ).toEqual(['Readers']);
    const wrongParent = await h.call('GET users/me/school/groups/{id}/groups/{sub}/pupils', {
      as: 'teacher',
      params: { id: groupId(1, 'Year 3 Oak'), sub },
    });
    expect(wrongParent.status).toBe(404);
  });

  it('sets and removes group teachers, only teachers of the school', async () => {
    const gid = groupId(1, 'Year 5 Elm');
    const teacher = h.userId('teacher');
    const res = await h.call('PUT users/me/school/groups/{id}/teachers', {
      params: { id: gid },
      input: { teachers: [teacher, h.userId('teacher1b')] },
    });
    expect(pluck(res.body, 'teachers').sort()).toEqual([teacher, h.userId('teacher1b')].sort());
    expect(
      (
        await h.call('PUT users/me/school/groups/{id}/teachers', {
          params: { id: gid },
          input: { teachers: [h.userId('admin2')] },
        })
      ).status,
    ).toBe(404);
    await h.call('DELETE users/me/school/groups/{id}/teachers', { params: { id: gid }, input: { teacherId: teacher } });
    expect(
      pluck((await h.call('GET users/me/school/groups/{id}/teachers', { params: { id: gid } })).body, 'teachers'),
    ).toEqual([h.userId('teacher1b')]);
    expect(
      (
        await h.call('DELETE users/me/school/groups/{id}/teachers', {
          params: { id: gid },
          input: { teacherId: teacher },
        })
      ).status,
    ).toBe(404);
    expect(pluck((await h.call('GET users/me/groups', { as: 'teacher1b' })).body, 'groups')).toContain(gid);
  });

  it('sets stages for the pupils of a group, in range, by its teacher', async () => {
    const gid = groupId(1, 'Year 4 Ash');
    const res = await h.call('PUT users/me/school/groups/{id}/pupils/setspellingstage', {
      as: 'teacher',
      params: { id: gid },
      input: { stage_spelling: 5 },
    });
    expect(num(res.body, 'updated')).toBe(10);
    const stages = all(
      h.db,
      'SELECT DISTINCT u.stage_spelling AS s FROM group_pupils g JOIN users u ON u.id = g.user_id WHERE g.group_id = ?',
      gid,
    );
    expect(stages).toEqual([{ s: 5 }]);
    expect(
      (
        await h.call('PUT users/me/school/groups/{id}/pupils/setnumberstage', {
          as: 'teacher',
          params: { id: gid },
          input: { stage_number: 9 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await h.call('PUT users/me/school/groups/{id}/pupils/setnumberstage', {
          as: 'teacher',
          params: { id: groupId(1, 'Year 5 Elm') },
          input: { stage_number: 2 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('group reports', () => {
  it('computes activity and plays from stored sessions', async () => {
    const gid = groupId(1, 'Year 3 Oak');
    const activity = await h.call('GET users/me/school/groups/{id}/activity', { as: 'teacher', params: { id: gid } });
    const rows = list(activity.body, 'activity');
    expect(rows).toHaveLength(10);
    const expected = rowOf<{ n: number }>(
      h.db,
      "SELECT COUNT(*) AS n FROM game_sessions WHERE user_id IN (SELECT user_id FROM group_pupils WHERE group_id = ?) AND game = 'spelling'",
      gid,
    ).n;
    const plays = await h.call('GET users/me/school/groups/{id}/spelling_plays', {
      as: 'teacher',
      params: { id: gid },
    });
    expect(num(plays.body, 'total')).toBe(expected);
    expect(num(plays.body, 'summary.plays')).toBe(expected);
  });

  it('answers every report route with the group', async () => {
    const gid = groupId(1, 'Year 3 Oak');
    const routes = [
      'activitymaths',
      'activityquiz',
      'history',
      'history/lists',
      'game_play_type_history',
      'grammar/plays',
      'mastery_zone_plays',
      'mtc_plays',
      'mtc_statistics',
      'mtc_breakdown',
      'mtc_pupil_progress',
      'number_plays',
      'times_tables_overview',
      'spelling/termly_progression',
      'adaptive_spelling/historical_levels',
      'spelling_competency',
      'spelling-competency/gameplay',
      'recent_spelling_assessment_breakdown',
      'pupils_diagnostic_data',
      'external_curricula/competence/parent_nodes',
      'external_curricula/competence/child_nodes',
    ];
    for (const suffix of routes) {
      const res = await h.call(`GET users/me/school/groups/{id}/${suffix}`, { as: 'teacher', params: { id: gid } });
      expect([suffix, res.status, at(res.body, 'group.id')]).toEqual([suffix, 200, gid]);
    }
    const maths = await h.call('GET users/me/school/groups/{id}/mathshistory/{key}', {
      as: 'teacher',
      params: { id: gid, key: 'numbot' },
    });
    expect(pluck(maths.body, 'history', 'mode').every((m) => m === 'numbot')).toBe(true);
    const nodes = await h.call('GET users/me/school/groups/{id}/external_curricula/competence/parent_nodes', {
      as: 'teacher',
      params: { id: gid },
    });
    expect(list(nodes.body, 'nodes').every((n) => n['parent_id'] === null)).toBe(true);
    const grammar = await h.call('GET users/me/groups/{id}/grammar_competence', {
      as: 'teacher',
      params: { id: gid },
      input: { stage: '2' },
    });
    expect(at(grammar.body, 'stage')).toBe(2);
  });
});
