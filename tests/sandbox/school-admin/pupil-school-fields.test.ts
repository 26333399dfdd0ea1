import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, pluck, type Harness } from './harness.js';
import { one } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const pathsOf = (body: unknown): string[] => ((at(body, 'errors') ?? []) as { path: string }[]).map((e) => e.path);
const pupilRow = (id: number): unknown =>
  one(
    h.db,
    'SELECT first_name, display_name, school_username, stage_spelling, stage_number FROM users WHERE id = ?',
    id,
  );
const schoolRow = (): unknown => one(h.db, 'SELECT name, country, region, locale, settings FROM schools WHERE id = 1');

describe('pupil fields', () => {
  it('answers an update with every bad key, and writes nothing', async () => {
    const id = h.userId('pupil');
    const before = pupilRow(id);
    const res = await h.call('PUT users/me/school/pupils/{id}', {
      params: { id },
      input: { first_name: 'Ok', stage_spelling: 99, school_username: 'no spaces', password: 'abc', display_name: ' ' },
    });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body).sort()).toEqual(['display_name', 'password', 'school_username', 'stage_spelling']);
    expect(at(res.body, 'message')).toContain(
      'school_username: expected 1-40 letters, digits, dots, dashes or underscores',
    );
    expect(at(res.body, 'message')).toContain('password: expected a password of 4 to 100 characters');
    expect(pupilRow(id)).toEqual(before);
  });

  it('keeps a school username lower-case and ignores keys it does not name', async () => {
    const id = h.userId('pupil');
    const res = await h.call('PUT users/me/school/pupils/{id}', {
      params: { id },
      input: { school_username: ' Pip.P ', stage_number: null, id: 999, created_at: 'x' },
    });
    expect(res.status).toBe(200);
    expect(at(res.body, 'pupil')).toMatchObject({ id, school_username: 'pip.p', stage_number: null });
  });

  it('answers a bulk create with every bad key of every pupil, and creates none', async () => {
    const count = (): unknown => one(h.db, "SELECT COUNT(*) AS n FROM users WHERE kind = 'pupil'");
    const before = count();
    const res = await h.call('POST users/me/school/pupils', {
      input: {
        pupils: [
          { first_name: '' },
          { first_name: 'Fine' },
          { first_name: 'Al', school_username: 'a b', stage_number: 7 },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body).sort()).toEqual([
      'pupils.0.first_name',
      'pupils.2.school_username',
      'pupils.2.stage_number',
    ]);
    expect(count()).toEqual(before);
  });

  it('refuses a bulk list that is not a list of 1 to 500 pupils, naming the key', async () => {
    for (const pupils of [[], 'Amy', Array.from({ length: 501 }, () => ({ first_name: 'A' }))]) {
      const res = await h.call('POST users/me/school/pupils', { input: { pupils } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ errors: [{ path: 'pupils', message: 'expected a list of 1 to 500 pupils' }] });
    }
  });

  it('takes a bulk update id as digits, and names a bad one', async () => {
    const id = h.userId('pupil');
    const ok = await h.call('PUT users/me/school/pupils', {
      input: { pupils: [{ id: String(id), stage_spelling: 2 }] },
    });
    expect(pluck(ok.body, 'pupils', 'stage_spelling')).toEqual([2]);
    const bad = await h.call('PUT users/me/school/pupils', {
      input: { pupils: [{ id: 'abc' }, { stage_spelling: 0, id }] },
    });
    expect(bad.status).toBe(422);
    expect(pathsOf(bad.body).sort()).toEqual(['pupils.0.id', 'pupils.1.stage_spelling']);
  });
});

describe('pupil amounts the table limits', () => {
  it('refuses to generate more than 500 pupils, or more than 100 display names, naming amount', async () => {
    for (const [route, amount] of [
      ['POST users/me/school/pupils/generate', 501],
      ['GET users/displayname', 101],
    ] as const) {
      const res = await h.call(route, { as: 'admin', input: { amount } });
      expect(res.status).toBe(422);
      expect(pathsOf(res.body)).toEqual(['amount']);
    }
  });
});

describe('school fields', () => {
  it('answers an update with every bad key, and writes nothing', async () => {
    const before = schoolRow();
    const res = await h.call('PUT users/me/school', {
      input: { name: ' ', country: 'GBR', region: 'x'.repeat(11), locale: 'en_XX', settings: ['dark'] },
    });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body).sort()).toEqual(['country', 'locale', 'name', 'region', 'settings']);
    expect(at(res.body, 'message')).toContain('country: expected an ISO 3166-1 alpha-2 country code');
    expect(at(res.body, 'message')).toContain('settings: expected a JSON object');
    expect(schoolRow()).toEqual(before);
  });

  it('takes a locale of the platform, upper-cases the country, and logs only the fields it names', async () => {
    const res = await h.call('PATCH schools/{id}', {
      params: { id: 1 },
      input: { country: 'au', locale: 'en_AU', region: null, id: 7, code: 'X' },
    });
    expect(res.status).toBe(200);
    expect(at(res.body, 'school')).toMatchObject({ country: 'AU', locale: 'en_AU', region: null });
    const event = rowOf<{ data: string }>(
      h.db,
      "SELECT data FROM school_events WHERE kind = 'school.updated' ORDER BY id DESC LIMIT 1",
    );
    expect((JSON.parse(event.data) as { fields: string[] }).fields.sort()).toEqual(['country', 'locale', 'region']);
  });

  it('creates a school in GB by default and refuses a bad new school with every bad key', async () => {
    const created = await h.call('POST users/me/school', { as: 'teacher', input: { name: 'Elm Road' } });
    expect(at(created.body, 'school')).toMatchObject({ name: 'Elm Road', country: 'GB', locale: 'en_GB' });
    const refused = await h.call('POST users/me/school', { as: 'teacher', input: { country: '12', settings: 'dark' } });
    expect(refused.status).toBe(422);
    expect(pathsOf(refused.body).sort()).toEqual(['country', 'name', 'settings']);
  });
});
