import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { all, run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const groupId = (schoolId: number, name: string): number =>
  rowOf<{ id: number }>(h.db, 'SELECT id FROM school_groups WHERE school_id = ? AND name = ?', schoolId, name).id;
const pupilIn = (gid: number): number =>
  rowOf<{ user_id: number }>(h.db, 'SELECT user_id FROM group_pupils WHERE group_id = ? LIMIT 1', gid).user_id;

async function createHomework(as = 'teacher', extra: Record<string, unknown> = {}): Promise<number> {
  const res = await h.call('POST homework', {
    as,
    input: {
      homework: {
        title: 'Week 3 spellings',
        game: 'spelling',
        list_ident: 'ST3-W3',
        starts_at: '2026-09-01',
        ends_at: '2026-09-08',
        instructions: 'Play twice',
      },
      group_id: groupId(1, 'Year 4 Ash'),
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return num(res.body, 'homework.id');
}

describe('homework', () => {
  it('creates homework for a group, reads it back, and keeps extra fields', async () => {
    const id = await createHomework();
    const res = await h.call('GET homework/{id}', { as: 'teacher', params: { id } });
    expect(at(res.body, 'homework')).toMatchObject({
      title: 'Week 3 spellings',
      instructions: 'Play twice',
      group_ids: [groupId(1, 'Year 4 Ash')],
      owner_id: h.userId('teacher'),
    });
    expect(pluck((await h.call('GET homework', { as: 'teacher' })).body, 'homework')).toContain(id);
    expect(
      pluck(
        (await h.call('GET homework/group/{id}', { as: 'teacher', params: { id: groupId(1, 'Year 4 Ash') } })).body,
        'homework',
      ),
    ).toContain(id);
  });

  it('refuses bad dates, a group or pupil of another school', async () => {
    const bad = await h.call('POST homework', {
      as: 'teacher',
      input: { homework: { title: 'x', starts_at: '2026-09-08', ends_at: '2026-09-01' } },
    });
    expect(bad.status).toBe(422);
    const notADay = await h.call('POST homework', {
      as: 'teacher',
      input: { homework: { title: 'x', starts_at: '2026-02-30', ends_at: '2026-03-08' } },
    });
    expect(notADay.body).toMatchObject({
      error: 'Invalid data',
      errors: [{ path: 'starts_at', message: expect.stringMatching(/2026-02-30 is not a day of the calendar/) }],
    });
    expect(
      (
        await h.call('POST homework', {
          as: 'teacher',
          input: { homework: { title: 'x' }, group_id: groupId(2, 'Grade 2 Room 4') },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST homework', {
          as: 'teacher',
          input: { homework: { title: 'x' }, pupilIds: [pupilIn(groupId(2, 'Grade 2 Room 4'))] },
        })
      ).status,
    ).toBe(404);
    expect(rowOf<{ n: number }>(h.db, "SELECT COUNT(*) AS n FROM homework WHERE title = 'x'").n).toBe(0);
  });

  it('only the homework teachers or an admin may change it; other schools see 404, a superuser sees it', async () => {
    const id = await createHomework();
    expect(
      (await h.call('PUT homework/{id}', { as: 'teacher1c', params: { id }, input: { title: 'Mine now' } })).status,
    ).toBe(403);
    await h.call('POST homework/{id}/teachers/{tid}', { as: 'teacher', params: { id, tid: h.userId('teacher1c') } });
    const updated = await h.call('PUT homework/{id}', { as: 'teacher1c', params: { id }, input: { title: 'Shared' } });
    expect(at(updated.body, 'homework.title')).toBe('Shared');
    expect((await h.call('GET homework/{id}', { as: 'admin2', params: { id } })).status).toBe(404);
    expect((await h.call('GET homework/{id}/data', { as: 'admin2', params: { id } })).status).toBe(404);
    expect((await h.call('DELETE homework/{id}', { as: 'admin2', params: { id } })).status).toBe(404);
    expect(at((await h.call('GET homework/{id}', { as: 'superuser', params: { id } })).body, 'homework.title')).toBe(
      'Shared',
    );
    expect((await h.call('GET homework/{id}/data', { as: 'superuser', params: { id } })).status).toBe(200);
    expect(
      (await h.call('DELETE homework/{id}/teachers/{tid}', { as: 'admin', params: { id, tid: h.userId('teacher1b') } }))
        .status,
    ).toBe(404);
  });

  it('assigns and unassigns pupils and groups', async () => {
    const id = await createHomework();
    const elm = groupId(1, 'Year 5 Elm');
    const pupil = pupilIn(elm);
    const added = await h.call('POST homework/{id}/pupils', {
      as: 'teacher',
      params: { id },
      input: { pupilIds: [pupil] },
    });
    expect(list(added.body, 'homework.pupil_ids')).toEqual([pupil]);
    await h.call('PUT homework/{id}/group/{gid}', { as: 'teacher', params: { id, gid: elm } });
    expect(
      list((await h.call('GET homework/{id}', { as: 'teacher', params: { id } })).body, 'homework.group_ids'),
    ).toHaveLength(2);
    await h.call('DELETE homework/{id}/group/{gid}', { as: 'teacher', params: { id, gid: elm } });
    expect((await h.call('DELETE homework/{id}/group/{gid}', { as: 'teacher', params: { id, gid: elm } })).status).toBe(
      404,
    );
    await h.call('DELETE homework/{id}/pupils', { as: 'teacher', params: { id }, input: { pupilIds: [pupil] } });
    expect(
      (await h.call('DELETE homework/{id}/pupils', { as: 'teacher', params: { id }, input: { pupilIds: [pupil] } }))
        .status,
    ).toBe(404);
    // Naming no pupil is a refusal naming the field, not a server error (found by tests/openapi/served.test.ts).
    const none = await h.call('DELETE homework/{id}/pupils', { as: 'teacher', params: { id } });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body)).toContain('pupilIds');
  });

  it('reports results from sessions played as the homework', async () => {
    const id = await createHomework();
    const pupil = pupilIn(groupId(1, 'Year 4 Ash'));
    run(
      h.db,
      "INSERT INTO game_sessions (user_id, school_id, game, homework_id, score, correct, incorrect, created_at) VALUES (?, 1, 'spelling', ?, 80, 8, 2, '2026-09-01T10:00:00Z')",
      pupil,
      id,
    );
    const data = await h.call('GET homework/{id}/data', { as: 'teacher', params: { id } });
    const rows = list(data.body, 'pupils');
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r['user_id'] === pupil)).toMatchObject({
      completed: true,
      plays: 1,
      accuracy: 80,
      best_score: 80,
    });
    const only = await h.call('GET homework/{id}/sessions', {
      as: 'teacher',
      params: { id },
      input: { user_ids: String(pupil) },
    });
    expect(num(only.body, 'total')).toBe(1);
    expect(
      list((await h.call('GET homework/{id}/numberdata', { as: 'teacher', params: { id } })).body, 'pupils').every(
        (r) => r['completed'] === false,
      ),
    ).toBe(true);
  });

  it('deletes homework one at a time and in bulk, all or nothing', async () => {
    const a = await createHomework();
    const b = await createHomework();
    const other = rowOf<{ id: number }>(h.db, 'SELECT id FROM homework WHERE school_id = 2 LIMIT 1').id;
    expect((await h.call('DELETE homework', { as: 'teacher', input: { ids: `${a},${other}` } })).status).toBe(404);
    expect(num((await h.call('DELETE homework', { as: 'teacher', input: { ids: `${a},${b}` } })).body, 'deleted')).toBe(
      2,
    );
    expect((await h.call('GET homework/{id}', { as: 'teacher', params: { id: a } })).status).toBe(404);
  });
});

describe('homework sets (multi)', () => {
  async function createSet(): Promise<{ id: number; pieces: number[] }> {
    const res = await h.call('POST homework/multi', {
      as: 'teacher',
      input: {
        homework_set: {
          title: 'Week 4',
          group_id: groupId(1, 'Year 4 Ash'),
          homework: [
            { title: 'Spell it', game: 'spelling' },
            { title: 'Times tables', game: 'number' },
          ],
        },
      },
    });
    expect(res.status).toBe(201);
    return { id: num(res.body, 'homework_set.id'), pieces: pluck(res.body, 'homework_set.homework') as number[] };
  }

  it('creates a set, lists it by group, and applies dates to its pieces', async () => {
    const set = await createSet();
    expect(set.pieces).toHaveLength(2);
    const listed = await h.call('GET homework/multi', { as: 'teacher', input: { group_id: groupId(1, 'Year 4 Ash') } });
    expect(pluck(listed.body, 'homework_sets')).toContain(set.id);
    const updated = await h.call('PUT homework/multi/{id}', {
      as: 'teacher',
      params: { id: set.id },
      input: { title: 'Week 4 (moved)', ends_at: '2026-09-20' },
    });
    expect(pluck(updated.body, 'homework_set.homework', 'ends_at')).toEqual(['2026-09-20', '2026-09-20']);
    const competence = await h.call('GET homework/multi/{id}/competence', { as: 'teacher', params: { id: set.id } });
    expect(list(competence.body, 'pupils')).toHaveLength(10);
  });

  it("answers 404 for another school's set; a superuser reaches it", async () => {
    const set = await createSet();
    expect((await h.call('GET homework/multi/{id}/competence', { as: 'admin2', params: { id: set.id } })).status).toBe(
      404,
    );
    expect(
      (
        await h.call('PUT homework/multi/{id}', {
          as: 'admin2',
          params: { id: set.id },
          input: { title: 'Taken over' },
        })
      ).status,
    ).toBe(404);
    expect((await h.call('DELETE homework/multi', { as: 'admin2', input: { ids: String(set.id) } })).status).toBe(404);
    expect(
      list(
        (await h.call('GET homework/multi/{id}/competence', { as: 'superuser', params: { id: set.id } })).body,
        'pupils',
      ),
    ).toHaveLength(10);
    expect(
      str(
        (
          await h.call('PUT homework/multi/{id}', {
            as: 'superuser',
            params: { id: set.id },
            input: { title: 'Week 4 (checked)' },
          })
        ).body,
        'homework_set.title',
      ),
    ).toBe('Week 4 (checked)');
  });

  it('detaches pieces once, and deleting a set deletes its remaining pieces', async () => {
    const set = await createSet();
    const [first, second] = set.pieces as [number, number];
    expect(
      num((await h.call('PATCH homework/multi/detach', { as: 'teacher', input: { ids: [first] } })).body, 'detached'),
    ).toBe(1);
    expect((await h.call('PATCH homework/multi/detach', { as: 'teacher', input: { ids: [first] } })).status).toBe(409);
    const deleted = await h.call('DELETE homework/multi', { as: 'teacher', input: { ids: String(set.id) } });
    expect(at(deleted.body, 'homework_deleted')).toBe(1);
    expect((await h.call('GET homework/{id}', { as: 'teacher', params: { id: first } })).status).toBe(200);
    expect((await h.call('GET homework/{id}', { as: 'teacher', params: { id: second } })).status).toBe(404);
  });

  it('lists diagnostic skills and question set tests', async () => {
    expect(
      list((await h.call('GET spelling_diagnostic_skills', { as: 'teacher' })).body, 'skills').length,
    ).toBeGreaterThan(10);
    const tests = await h.call('GET homework/group/{id}/question_sets/tests', {
      as: 'teacher',
      params: { id: groupId(1, 'Year 3 Oak') },
    });
    expect(pluck(tests.body, 'tests', 'homework').map((hw) => (hw as { game: string }).game)).toEqual(['quiz']);
  });
});

describe('homework payloads, checked with the table field kinds', () => {
  const paths = (body: unknown): string[] => list(body, 'errors').map((e) => String(e['path']));
  const count = (table: string): number => rowOf<{ n: number }>(h.db, `SELECT COUNT(*) AS n FROM ${table}`).n;

  it('names every bad key of a new homework, its fields and its pupils together', async () => {
    const res = await h.call('POST homework', {
      as: 'teacher',
      input: { homework: { title: ' ', game: 'chess', list_ident: 'x'.repeat(101) }, pupilIds: 'abc' },
    });
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual(['title', 'game', 'list_ident', 'pupilIds']);
    expect(str(res.body, 'message')).toMatch(/^title: .*; game: .*; list_ident: .*; pupilIds: expected ids/);
  });

  it('takes pupils as a list, an empty list or comma-joined, and the portal flag as true or 1', async () => {
    const [a, b] = all<{ user_id: number }>(
      h.db,
      'SELECT user_id FROM group_pupils WHERE group_id = ? ORDER BY user_id LIMIT 2',
      groupId(1, 'Year 5 Elm'),
    ).map((r) => r.user_id) as [number, number];
    const joined = await h.call('POST homework', {
      as: 'teacher',
      input: { title: 'Top level', pupilIds: `${b},${a}`, isNewEdShedPortal: true },
    });
    expect(at(joined.body, 'homework')).toMatchObject({
      title: 'Top level',
      pupil_ids: [a, b],
      isNewEdShedPortal: true,
    });
    const empty = await h.call('POST homework', {
      as: 'teacher',
      input: {
        homework: { title: 'Group only' },
        pupilIds: [],
        group_id: String(groupId(1, 'Year 4 Ash')),
        isNewEdShedPortal: 1,
      },
    });
    expect(at(empty.body, 'homework')).toMatchObject({
      pupil_ids: [],
      group_ids: [groupId(1, 'Year 4 Ash')],
      isNewEdShedPortal: true,
    });
    expect(
      (await h.call('POST homework', { as: 'teacher', input: { title: 'x', isNewEdShedPortal: 'yes' } })).status,
    ).toBe(422);
  });

  it('names every bad key of an update and changes nothing', async () => {
    const id = await createHomework();
    const res = await h.call('PUT homework/{id}', {
      as: 'teacher',
      params: { id },
      input: { homework: { title: '', ends_at: '2026-09-31' } },
    });
    expect(paths(res.body)).toEqual(['title', 'ends_at']);
    expect(at((await h.call('GET homework/{id}', { as: 'teacher', params: { id } })).body, 'homework.title')).toBe(
      'Week 3 spellings',
    );
  });

  it('reports the set title and every bad piece of a new set together, and writes nothing', async () => {
    const before = [count('homework'), count('homework_sets')];
    const res = await h.call('POST homework/multi', {
      as: 'teacher',
      input: {
        homework_set: {
          title: '',
          homework: [{ title: 'Fine' }, { game: 'spelling' }, { title: 'Chess', game: 'chess' }],
        },
      },
    });
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual(['title', 'homework.1.title', 'homework.2.game']);
    expect([count('homework'), count('homework_sets')]).toEqual(before);
  });

  it('takes a set at the top level with 1 to 50 pieces', async () => {
    const piece = { title: 'Piece' };
    const ok = await h.call('POST homework/multi', {
      as: 'teacher',
      input: {
        title: 'Fifty',
        group_id: String(groupId(1, 'Year 4 Ash')),
        homework: Array.from({ length: 50 }, () => piece),
        note: 'kept',
      },
    });
    expect(ok.status).toBe(201);
    expect(at(ok.body, 'homework_set')).toMatchObject({
      title: 'Fifty',
      note: 'kept',
      group_id: groupId(1, 'Year 4 Ash'),
    });
    expect(list(ok.body, 'homework_set.homework')).toHaveLength(50);
    for (const homework of [[], Array.from({ length: 51 }, () => piece), 'Piece']) {
      const refused = await h.call('POST homework/multi', {
        as: 'teacher',
        input: { title: 'Too many or none', homework },
      });
      expect(paths(refused.body)).toEqual(['homework']);
    }
  });
});
