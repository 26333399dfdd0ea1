import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, num, pluck, type Harness } from './harness.js';
import { all } from '../../../sandbox/kit/sql.js';
import { matchesEvery, searchWords } from '../../../sandbox/domain/resources/text-match.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

async function search(
  input: Record<string, string | number>,
): Promise<{ titles: string[]; total: number; ids: number[] }> {
  const res = await h.call('GET resources/search', { as: null, input: { curriculum_id: 2, take: 100, ...input } });
  expect(res.status).toBe(200);
  return {
    titles: pluck(res.body, 'resources.items', 'title') as string[],
    ids: pluck(res.body, 'resources.items', 'id') as number[],
    total: num(res.body, 'resources.total'),
  };
}

describe('the resources search forgives word forms', () => {
  it('finds by plural and singular alike: "volcanoes" finds at least what "volcano" finds', async () => {
    const singular = await search({ search: 'volcano' });
    const plural = await search({ search: 'volcanoes' });
    expect(singular.total).toBeGreaterThanOrEqual(4);
    expect(plural.ids).toEqual(expect.arrayContaining(singular.ids));
    expect(plural.titles).toContain('A Day at the Volcano: Narrative Writing Unit');
    expect((await search({ search: 'poem' })).titles).toEqual(
      expect.arrayContaining(['Shape Poems: Poetry Unit', 'Poems about the Sea: Poetry Unit']),
    );
    expect((await search({ search: 'reports' })).total).toBe((await search({ search: 'report' })).total);
  });

  it('still finds a partial word as typed, and every word must match', async () => {
    expect((await search({ search: 'volc' })).total).toBe((await search({ search: 'volcano' })).total);
    expect((await search({ search: 'volcanoes narrative' })).titles).toEqual([
      'A Day at the Volcano: Narrative Writing Unit',
    ]);
    expect((await search({ search: 'volcanoes zzqxj' })).total).toBe(0);
  });

  it('matches a word by its stem, and no shorter word that only starts the same', () => {
    expect(matchesEvery(searchWords('kites'), 'The Lost Kite')).toBe(true);
    expect(matchesEvery(searchWords('kites'), 'A Kit Bag')).toBe(false);
    expect(matchesEvery(searchWords('  '), 'anything')).toBe(true);
    // a word with other characters has no stem: it matches only as typed
    expect(matchesEvery(searchWords('a\u0000'), 'A Day at the Volcano')).toBe(false);
  });
});

describe('the resources search narrows by filters that combine', () => {
  it('free, age band, type and category each narrow, and together hold all at once', async () => {
    const all_ = await search({ search: 'poetry' });
    const free = await search({ search: 'poetry', availability: 'free' });
    const band = await search({ search: 'poetry', age_band: 'age-7-9' });
    expect(free.total).toBeGreaterThan(0);
    expect(free.total).toBeLessThan(all_.total);
    expect(band.total).toBeGreaterThan(0);
    expect(band.total).toBeLessThan(all_.total);
    const typeId = all<{ id: number }>(h.db, "SELECT id FROM resource_types WHERE name = 'Poetry Unit'")[0]?.id ?? 0;
    const both = await search({ category: 'poetry-shed', age_band: 'age-7-9', type_id: typeId });
    const expected = all<{ id: number }>(
      h.db,
      `SELECT r.id FROM resources r WHERE r.type_id = ?
       AND EXISTS (SELECT 1 FROM resource_categories c WHERE c.resource_id = r.id AND c.category = 'poetry-shed')
       AND EXISTS (SELECT 1 FROM resource_categories c WHERE c.resource_id = r.id AND c.category = 'age-7-9')`,
      typeId,
    ).map((r) => r.id);
    expect(both.total).toBe(expected.length);
    expect([...both.ids].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    const freeBand = await search({ availability: 'free', age_band: 'age-5-7' });
    for (const id of freeBand.ids) {
      const categories = all<{ category: string }>(
        h.db,
        'SELECT category FROM resource_categories WHERE resource_id = ?',
        id,
      ).map((c) => c.category);
      expect(categories).toContain('age-5-7');
      expect(categories).toContain('free-resources');
    }
  });

  it('refuses an age band that is none, naming the field', async () => {
    const res = await h.call('GET resources/search', { as: null, input: { age_band: 'age-99' } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('age_band');
  });
});

describe('the resources search sorts', () => {
  const created = (ids: readonly number[]) =>
    ids.map(
      (id) =>
        all<{ created_at: string }>(h.db, 'SELECT created_at FROM resources WHERE id = ?', id)[0]?.created_at ?? '',
    );

  it('by title A to Z, newest first, or (the default) titles starting with the search first; the same results each way', async () => {
    const relevance = await search({ search: 'poetry' });
    const byTitle = await search({ search: 'poetry', sort: 'title' });
    const newest = await search({ search: 'poetry', sort: 'newest' });
    expect(relevance.total).toBeGreaterThan(2);
    expect([...byTitle.ids].sort()).toEqual([...relevance.ids].sort());
    expect([...newest.ids].sort()).toEqual([...relevance.ids].sort());
    expect(byTitle.titles).toEqual(
      [...byTitle.titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
    expect(byTitle.titles).not.toEqual(newest.titles);
    const dates = created(newest.ids);
    expect(dates).toEqual([...dates].sort().reverse());
    const starts = relevance.titles.map((title) => title.toLowerCase().startsWith('poetry'));
    expect(starts.indexOf(false) === -1 || starts.lastIndexOf(true) < starts.indexOf(false)).toBe(true);
    expect(await search({ search: 'poetry', sort: 'relevance' })).toEqual(relevance);
  });

  it('pages in the order asked: two pages by title are the first twenty by title', async () => {
    const whole = await search({ sort: 'title', take: 20 });
    const first = await search({ sort: 'title', take: 10 });
    const second = await search({ sort: 'title', take: 10, skip: 10 });
    expect([...first.titles, ...second.titles]).toEqual(whole.titles);
  });

  it('refuses an order it does not know, naming the field', async () => {
    const res = await h.call('GET resources/search', { as: null, input: { sort: 'popular' } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('sort');
  });
});

describe('the seeded content blocks', () => {
  it('are what their type says: no markup in a plain block', () => {
    const plain = all<{ value: string }>(h.db, "SELECT value FROM resource_blocks WHERE type = 'plain'").map(
      (b) => b.value,
    );
    expect(plain.length).toBeGreaterThan(200);
    expect(plain.filter((value) => /<\/?[a-z][^>]*>/i.test(value))).toEqual([]);
  });
});
