import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { all, run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

const CATEGORIES = [
  'free-resources',
  'what-is-new',
  'early-years-age-4-5',
  'age-5-7',
  'age-7-9',
  'age-9-11',
  'age-11-14',
  'writing-shed',
  'reading-shed',
  'non-fiction',
  'poetry-shed',
  'the-news-shed',
  'history-shed',
  'christmas-resources',
  'additional-resources',
];

describe('resource seed', () => {
  it('holds 200+ resources over every browse category, some free, with unique url keys and semicolon images', () => {
    expect(rowOf<{ n: number }>(h.db, 'SELECT COUNT(*) AS n FROM resources').n).toBeGreaterThanOrEqual(200);
    const categories = all<{ category: string }>(h.db, 'SELECT DISTINCT category FROM resource_categories').map(
      (r) => r.category,
    );
    expect(categories.sort()).toEqual([...CATEGORIES].sort());
    expect(
      rowOf<{ n: number }>(h.db, "SELECT COUNT(*) AS n FROM resources WHERE availability = 'free'").n,
    ).toBeGreaterThan(10);
    const sample = rowOf<{ url_key: string; image: string }>(h.db, 'SELECT url_key, image FROM resources LIMIT 1');
    expect(sample.url_key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(sample.image.split(';')).toHaveLength(2);
  });
});

describe('GET resources/search', () => {
  it('pages with skip and take (10 by default) and reports the total', async () => {
    const first = await h.call('GET resources/search', { as: null, input: { curriculum_id: '2' } });
    expect(list(first.body, 'resources.items')).toHaveLength(10);
    const total = num(first.body, 'resources.total');
    expect(total).toBeGreaterThanOrEqual(200);
    const last = await h.call('GET resources/search', {
      as: null,
      input: { curriculum_id: '2', skip: String(total - 3), take: '10' },
    });
    expect(list(last.body, 'resources.items')).toHaveLength(3);
    const pages = new Set<unknown>();
    for (let skip = 0; skip < total; skip += 50) {
      const page = await h.call('GET resources/search', { as: null, input: { skip, take: 50 } });
      for (const id of pluck(page.body, 'resources.items')) pages.add(id);
    }
    expect(pages.size).toBe(total);
    expect(Object.keys(list(first.body, 'resources.items')[0] ?? {}).sort()).toEqual([
      'availability',
      'id',
      'image',
      'title',
      'url_key',
    ]);
  });

  it('matches every word of the search in titles, keys and categories; another curriculum is empty', async () => {
    const res = await h.call('GET resources/search', { as: null, input: { search: 'highwayman poetry' } });
    const titles = pluck(res.body, 'resources.items', 'title') as string[];
    expect(titles.length).toBe(2);
    for (const t of titles) expect(t).toContain('The Highwayman');
    expect(
      num(
        (await h.call('GET resources/search', { as: null, input: { search: 'zzzz-nothing' } })).body,
        'resources.total',
      ),
    ).toBe(0);
    expect(
      num((await h.call('GET resources/search', { as: null, input: { curriculum_id: 13 } })).body, 'resources.total'),
    ).toBe(0);
    expect((await h.call('GET resources/search', { as: null, input: { take: 0 } })).status).toBe(422);
  });
});

describe('resource reads', () => {
  it('reads one resource by id, url key and ident, with its curriculum nodes', async () => {
    const id = rowOf<{ id: number }>(h.db, "SELECT id FROM resources WHERE url_key = 'the-highwayman-poetry-unit'").id;
    const byKey = await h.call('GET resources/resources_by_url_key/{key}', {
      as: null,
      params: { key: 'the-highwayman-poetry-unit' },
    });
    expect(at(byKey.body, 'resource')).toMatchObject({
      id,
      categories: expect.arrayContaining(['poetry-shed']),
      curriculum_ids: [2],
    });
    expect(at(byKey.body, 'resource.content')).toEqual([
      { type: 'html', value: expect.stringContaining('<h2>Inside this poetry unit</h2>') },
      { type: 'html', value: expect.stringContaining('<script>') },
      { type: 'plain', value: 'Key words are printed in bold in the worksheets.' },
      { type: 'plain', value: expect.stringMatching(/^Resource code LR\d{4}\.$/) },
    ]);
    const ident = str(byKey.body, 'resource.ident');
    expect(
      num(
        (await h.call('GET resources/resources_by_ident/{ident}', { as: null, params: { ident } })).body,
        'resource.id',
      ),
    ).toBe(id);
    expect((await h.call('GET resources/resources/{id}', { as: null, params: { id: 99999 } })).status).toBe(404);
    const nodes = await h.call('GET resources/resources/{id}/nodes', { as: null, params: { id } });
    expect(pluck(nodes.body, 'nodes', 'url_path')).toContain('poetry-shed');
    const browse = await h.call('GET quiz/curriculum_nodes_by_url_path', {
      as: null,
      input: { url_path: 'poetry-shed' },
    });
    expect(list(browse.body, 'nodes.0.resource_ids' as string).length).toBe(24);
    const byCategory = await h.call('GET resources/resources', {
      as: null,
      input: { category: 'poetry-shed', take: '100' },
    });
    expect(num(byCategory.body, 'total')).toBe(24);
    expect(list((await h.call('GET resources/types', { as: null })).body, 'types').length).toBeGreaterThan(5);
  });

  it('reads curriculum nodes by tag and external curricula nodes', async () => {
    expect(
      list((await h.call('GET quiz/curriculum_nodes_by_tag', { as: null, input: { tag: 'age-7-9' } })).body, 'nodes'),
    ).toHaveLength(1);
    const ext = await h.call('GET external_curricula', { as: 'teacher' });
    const id = num(ext.body, 'external_curricula.0.id');
    expect(
      list(
        (
          await h.call('GET external_curricula/{id}/nodes', {
            as: 'teacher',
            params: { id: str(ext.body, 'external_curricula.0.key') ?? id },
          })
        ).body,
        'nodes',
      ),
    ).toHaveLength(16);
  });
});

describe('resource files', () => {
  const fileOf = (availability: string): number =>
    rowOf<{ id: number }>(
      h.db,
      'SELECT f.id FROM resource_files f JOIN resources r ON r.id = f.resource_id WHERE r.availability = ? LIMIT 1',
      availability,
    ).id;

  it('gives anyone signed in a free file, and members files only to schools with literacy access', async () => {
    expect(
      str(
        (await h.call('POST resources/files/{id}/access_uuid', { as: 'pupil', params: { id: fileOf('free') } })).body,
        'access_uuid',
      ),
    ).toMatch(/^[0-9a-f-]{36}$/);
    run(h.db, "UPDATE subscriptions SET state = 'expired' WHERE school_id = 1");
    const refused = await h.call('POST resources/files/{id}/presign', {
      as: 'teacher',
      params: { id: fileOf('members') },
    });
    expect(refused.status).toBe(403);
    const allowed = await h.call('POST resources/files/{id}/presign', {
      as: 'admin3',
      params: { id: fileOf('members') },
      input: { disposition: 'inline' },
    });
    expect(str(allowed.body, 'url')).toMatch(/disposition=inline&expires=\d+&signature=[0-9a-f]{64}$/);
    expect(
      (
        await h.call('POST resources/files/{id}/presign', {
          as: 'admin3',
          params: { id: fileOf('members') },
          input: { disposition: 'sideways' },
        })
      ).status,
    ).toBe(422);
    expect(
      (await h.call('POST resources/files/{id}/access_uuid', { as: null, params: { id: fileOf('free') } })).status,
    ).toBe(401);
  });
});
