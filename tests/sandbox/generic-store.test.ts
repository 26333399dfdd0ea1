import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionPaths, shapeOf, singular } from '../../sandbox/generic/shape.js';
import { MAX_TAKE } from '../../sandbox/kit/input.js';
import { tsvEndpoints } from './helpers/tsv-endpoints.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';

describe('route shapes', () => {
  const endpoints = tsvEndpoints();
  const collections = collectionPaths(endpoints);
  const shape = (route: string): unknown => {
    const endpoint = endpoints.find((e) => e.route === route);
    if (!endpoint) throw new Error(`no ${route}`);
    return shapeOf(endpoint, collections);
  };

  it('reads items, collections and actions from the method and path', () => {
    expect(shape('GET lists/{id}')).toEqual({
      kind: 'item',
      scope: { kind: 'shared' },
      collection: ['lists'],
      key: 'id',
    });
    expect(shape('POST users/me/lists')).toEqual({ kind: 'collection', scope: { kind: 'me' }, collection: ['lists'] });
    expect(shape('GET users/{id}/lists')).toEqual({
      kind: 'collection',
      scope: { kind: 'user', param: 'id' },
      collection: ['lists'],
    });
    expect(shape('POST lists/{id}/duplicate')).toEqual({
      kind: 'action',
      scope: { kind: 'shared' },
      collection: ['lists'],
      key: 'id',
      action: 'duplicate',
    });
    expect(shape('PATCH quiz/reported/{id}/close')).toMatchObject({
      kind: 'action',
      collection: ['quiz', 'reported'],
      action: 'close',
    });
    expect(shape('POST users/me/school/pupils/{id}/avatarpurchases')).toEqual({
      kind: 'collection',
      scope: { kind: 'school' },
      collection: ['pupils', '{id}', 'avatarpurchases'],
    });
  });

  it('treats a written sub-path as a collection when the table lists it or has items under it', () => {
    expect(shape('POST lists/{id}/words')).toMatchObject({
      kind: 'collection',
      collection: ['lists', '{id}', 'words'],
    });
    expect(shape('PUT quiz/question_sets/{id}/rate')).toMatchObject({ kind: 'collection' });
    expect(shape('PUT lists/{id}/favourite')).toMatchObject({ kind: 'action', action: 'favourite' });
  });

  it('makes singular response keys', () => {
    expect(['lists', 'categories', 'boxes', 'status', 'progress', 'words'].map(singular)).toEqual([
      'list',
      'category',
      'box',
      'status',
      'progress',
      'word',
    ]);
  });
});

describe('generic store through the server', () => {
  let t: TestSandbox;
  let teacher: string;
  let admin: string;
  let listId: number;
  beforeAll(async () => {
    t = testSandbox();
    teacher = await t.login('teacher');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('creates a record and reads it back under another route of the same collection', async () => {
    const created = await t.call('POST', 'users/me/lists', {
      token: teacher,
      body: { title: 'Week 1', locale: 'en_GB' },
    });
    expect(created.status).toBe(201);
    const list = created.body.list as { id: number; title: string; owner_id: number };
    expect(list).toMatchObject({ title: 'Week 1', owner_id: 3, school_id: 1 });
    listId = list.id;
    const read = await t.call('GET', `lists/${listId}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.list).toEqual(list);
  });

  it('lists the caller’s own records under users/me and anyone’s under users/{id}', async () => {
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'Week 2', locale: 'en_US' } });
    const mine = await t.call('GET', 'users/me/lists', { token: teacher });
    expect(mine.body.total).toBe(2);
    expect((mine.body.lists as { title: string }[]).map((l) => l.title)).toEqual(['Week 1', 'Week 2']);
    expect((await t.call('GET', 'users/me/lists', { token: admin })).body.total).toBe(0);
    expect((await t.call('GET', 'users/3/lists', { token: admin })).body.total).toBe(2);
    expect((await t.call('GET', 'users/999/lists', { token: admin })).status).toBe(404);
  });

  it('filters lists by stored fields and pages them', async () => {
    const gb = await t.call('GET', 'lists', { token: teacher, query: { locale: 'en_GB' } });
    expect((gb.body.lists as { title: string }[]).map((l) => l.title)).toEqual(['Week 1']);
    const page = await t.call('GET', 'lists', { token: teacher, query: { skip: '1', take: '1' } });
    expect(page.body.total).toBe(2);
    expect((page.body.lists as { title: string }[]).map((l) => l.title)).toEqual(['Week 2']);
  });

  it('pages like every other list: a malformed or too large take is a 422, not a silent clamp', async () => {
    const tooMany = await t.call('GET', 'lists', { token: teacher, query: { take: String(MAX_TAKE + 1) } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'take' }] });
    expect((await t.call('GET', 'lists', { token: teacher, query: { skip: '-1' } })).body).toMatchObject({
      errors: [{ path: 'skip' }],
    });
    expect((await t.call('GET', 'lists', { token: teacher, query: { take: String(MAX_TAKE) } })).status).toBe(200);
  });

  it('replaces with PUT and answers 404 for a missing id', async () => {
    const put = await t.call('PUT', `lists/${listId}`, { token: teacher, body: { title: 'Week 1 (revised)' } });
    expect(put.body.list).toMatchObject({ id: listId, title: 'Week 1 (revised)' });
    expect((put.body.list as Record<string, unknown>).locale).toBeUndefined();
    expect((await t.call('GET', 'lists/999999', { token: teacher })).status).toBe(404);
    expect((await t.call('GET', 'lists/999999', { token: teacher })).body).toMatchObject({ error: 'Not found' });
  });

  it('keeps a sub-collection per record', async () => {
    const added = await t.call('POST', `lists/${listId}/words`, { token: teacher, body: { words: ['cat', 'dog'] } });
    expect(added.status).toBe(201);
    const words = await t.call('GET', `lists/${listId}/words`, { token: teacher });
    expect(words.body).toMatchObject({ total: 1, words: [{ words: ['cat', 'dog'] }] });
  });

  it('puts a record under a caller-chosen key and deletes it', async () => {
    const put = await t.call('PUT', `lists/${listId}/favourite/pupils/4`, { token: teacher });
    expect(put.status).toBe(201);
    expect(put.body.pupil).toMatchObject({ key: '4' });
    expect((await t.call('PUT', `lists/${listId}/favourite/pupils/4`, { token: teacher })).status).toBe(200);
    expect((await t.call('DELETE', `lists/${listId}/favourite/pupils/4`, { token: teacher })).status).toBe(200);
    expect((await t.call('DELETE', `lists/${listId}/favourite/pupils/4`, { token: teacher })).status).toBe(404);
  });

  it('records an action on the target record, and copies on duplicate', async () => {
    const fav = await t.call('PUT', `lists/${listId}/favourite`, { token: teacher });
    expect(fav.body.list).toMatchObject({ id: listId, actions: [{ action: 'favourite', method: 'PUT', by: 3 }] });
    const copy = await t.call('POST', `lists/${listId}/duplicate`, { token: admin });
    expect(copy.status).toBe(201);
    expect(copy.body.list).toMatchObject({ title: 'Week 1 (revised)', copied_from: listId, owner_id: 2 });
    expect((await t.call('POST', 'lists/999999/duplicate', { token: admin })).status).toBe(404);
  });

  it('soft-deletes, after which the record is gone from reads and lists', async () => {
    expect((await t.call('DELETE', `lists/${listId}`, { token: teacher })).body.list).toMatchObject({
      id: listId,
      deleted_at: expect.any(String),
    });
    expect((await t.call('GET', `lists/${listId}`, { token: teacher })).status).toBe(404);
    expect((await t.call('GET', 'users/me/lists', { token: teacher })).body.total).toBe(1);
  });
});
