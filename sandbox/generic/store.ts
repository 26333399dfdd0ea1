/**
 * The generic persisted store: a handler for any route, derived from its method and path shape, keeping
 * records in the `records` table. It serves the long tail of learner and content calls; areas with real
 * behaviour override it in routes/<area>.ts.
 *
 * - `GET .../{key}` reads, `PUT` replaces (creating the record under that key if missing), `PATCH` and
 *   `POST` merge, `DELETE` soft-deletes; a missing record is 404.
 * - `GET collection` lists (`skip`/`take`, equality on scalar payload keys, `search`/`q` as a substring),
 *   `POST collection` creates (201), `PUT`/`PATCH collection` update the record named by `id` in the body
 *   or else the caller's own record there, `DELETE collection` deletes `ids` (comma-joined, a list, or `*`).
 * - `POST|PUT|PATCH|DELETE .../{key}/verb` with no list or item route under it records the action on the
 *   record (PUT and PATCH also merge the body); `duplicate` and `clone` create a copy.
 * - `users/me/school/x` is collection `x` in the caller's school, `users/me/x` the caller's own,
 *   `users/{id}/x` user {id}'s: `POST users/me/lists` then `GET lists/{id}` reads the same record.
 */
import type { Endpoint } from '../../core/endpoints/index.js';
import { createRecord, findRecord, listRecords, renderRecord, updateRecord, type RecordFilter, type StoredRecord } from './records.js';
import { collectionNoun, fillCollection, parentOf, shapeOf, singular, type Scope, type Shape } from './shape.js';
import { findGroup, findPupil, findSchool } from '../domain/schools/find.js';
import { rowScope } from '../kit/reach.js';
import { HttpError, type Handler, type HandlerContext, type HandlerResult } from '../kit/handler.js';
import { page, toId } from '../kit/input.js';
import { wrapResponse } from '../kit/response-key.js';
import { statement } from '../db/statements.js';

const PAGING = new Set(['skip', 'take', 'search', 'q', 'sort', 'order', 'page', 'limit']);
const COPY_ACTIONS = new Set(['duplicate', 'clone']);

interface Owner {
  readonly filter: RecordFilter;
  readonly ownerId: number | null;
  readonly schoolId: number | null;
}

function ownerOf(scope: Scope, ctx: HandlerContext): Owner {
  const user = ctx.user;
  switch (scope.kind) {
    case 'school':
      return { filter: { column: 'school_id', value: user?.schoolId ?? null }, ownerId: user?.id ?? null, schoolId: user?.schoolId ?? null };
    case 'me':
      return { filter: { column: 'owner_id', value: user?.id ?? null }, ownerId: user?.id ?? null, schoolId: user?.schoolId ?? null };
    case 'user': {
      const raw = ctx.params[scope.param] ?? '';
      const found = /^\d+$/.test(raw) ? (statement(ctx.db, 'SELECT id, school_id FROM users WHERE id = ? AND deleted_at IS NULL').get(Number(raw)) as { id: number; school_id: number | null } | undefined) : undefined;
      if (!found) throw new HttpError(404, 'Not found', `User ${raw} not found`);
      return { filter: { column: 'owner_id', value: found.id }, ownerId: found.id, schoolId: found.school_id };
    }
    case 'shared':
      return { filter: null, ownerId: user?.id ?? null, schoolId: user?.schoolId ?? null };
  }
}

function idsOf(value: unknown): string[] | '*' | null {
  if (value === '*') return '*';
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number') return String(value).split(',').filter((s) => s !== '');
  return null;
}

function one(endpoint: Endpoint, shape: Shape, record: StoredRecord, status = 200): HandlerResult {
  return { status, body: wrapResponse(endpoint, singular(collectionNoun(shape.collection)), renderRecord(record)) };
}

function target(ctx: HandlerContext, collection: string, key: string, owner: Owner): StoredRecord {
  const record = findRecord(ctx.db, collection, key, owner.filter);
  if (!record) throw new HttpError(404, 'Not found', `No ${collection} record ${key}`);
  return record;
}

function itemHandler(endpoint: Endpoint, shape: Extract<Shape, { kind: 'item' }>, ctx: HandlerContext): HandlerResult {
  const owner = ownerOf(shape.scope, ctx);
  const collection = fillCollection(shape.collection, ctx.params);
  const key = ctx.params[shape.key] ?? '';
  const now = ctx.now();
  if (endpoint.method === 'PUT') {
    const existing = findRecord(ctx.db, collection, key, owner.filter);
    if (existing) return one(endpoint, shape, updateRecord(ctx.db, existing.id, { data: ctx.input, now }));
    return one(endpoint, shape, createRecord(ctx.db, { collection, key, ownerId: owner.ownerId, schoolId: owner.schoolId, data: ctx.input, now }), 201);
  }
  const record = target(ctx, collection, key, owner);
  if (endpoint.method === 'GET') return one(endpoint, shape, record);
  if (endpoint.method === 'DELETE') return one(endpoint, shape, updateRecord(ctx.db, record.id, { deleted: true, now }));
  return one(endpoint, shape, updateRecord(ctx.db, record.id, { data: { ...record.data, ...ctx.input }, now }));
}

function actionHandler(endpoint: Endpoint, shape: Extract<Shape, { kind: 'action' }>, ctx: HandlerContext): HandlerResult {
  const owner = ownerOf(shape.scope, ctx);
  const collection = fillCollection(shape.collection, ctx.params);
  const record = target(ctx, collection, ctx.params[shape.key] ?? '', owner);
  const now = ctx.now();
  if (endpoint.method === 'POST' && COPY_ACTIONS.has(shape.action)) {
    const data = { ...record.data, ...ctx.input, copied_from: record.id };
    const copy = createRecord(ctx.db, { collection, ownerId: ctx.user?.id ?? record.owner_id, schoolId: ctx.user?.schoolId ?? record.school_id, data, now });
    return one(endpoint, shape, copy, 201);
  }
  const action = { action: shape.action, method: endpoint.method, input: ctx.input, at: now.toISOString(), by: ctx.user?.id ?? null };
  const merge = endpoint.method === 'PUT' || endpoint.method === 'PATCH';
  const updated = updateRecord(ctx.db, record.id, { actions: [...record.actions, action], ...(merge ? { data: { ...record.data, ...ctx.input } } : {}), now });
  return one(endpoint, shape, updated);
}

/**
 * 404 unless the record a child list hangs under exists: a school's group or pupil, a school, or a stored
 * record of a collection the table lists or addresses by key. A parent the table never names is not checked.
 */
function requireParent(ctx: HandlerContext, shape: Extract<Shape, { kind: 'collection' }>, owner: Owner, collections: ReadonlySet<string>, routePath: string): void {
  const parent = parentOf(shape, routePath);
  if (!parent) return;
  const raw = ctx.params[parent.key] ?? '';
  const root = parent.collection.join('/');
  if (shape.scope.kind === 'school' && root === 'groups') findGroup(ctx.db, toId(raw, 'Group'), rowScope(ctx));
  else if (shape.scope.kind === 'school' && root === 'pupils') findPupil(ctx.db, toId(raw, 'Pupil'), rowScope(ctx));
  else if (shape.scope.kind === 'shared' && root === 'schools') findSchool(ctx.db, toId(raw, 'School'));
  else if (collections.has(parent.path)) target(ctx, fillCollection(parent.collection, ctx.params), raw, owner);
}

function collectionHandler(endpoint: Endpoint, shape: Extract<Shape, { kind: 'collection' }>, ctx: HandlerContext, collections: ReadonlySet<string>): HandlerResult {
  const owner = ownerOf(shape.scope, ctx);
  const collection = fillCollection(shape.collection, ctx.params);
  const { input, db } = ctx;
  const now = ctx.now();
  switch (endpoint.method) {
    case 'GET': {
      requireParent(ctx, shape, owner, collections, endpoint.path);
      const where: Record<string, string | number | boolean> = {};
      for (const [k, v] of Object.entries(input)) {
        if (!PAGING.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) where[k] = v;
      }
      const search = typeof input.search === 'string' ? input.search : typeof input.q === 'string' ? input.q : undefined;
      const query = { ...page(ctx), where, ...(search ? { search } : {}) };
      const { items, total } = listRecords(db, collection, owner.filter, query);
      return { body: wrapResponse(endpoint, collectionNoun(shape.collection), items.map(renderRecord), { total }) };
    }
    case 'POST':
      return one(endpoint, shape, createRecord(db, { collection, ownerId: owner.ownerId, schoolId: owner.schoolId, data: input, now }), 201);
    case 'PUT':
    case 'PATCH': {
      const named = typeof input.id === 'string' || typeof input.id === 'number' ? String(input.id) : null;
      const key = named ?? `user:${ctx.user?.id ?? 'anon'}`;
      const existing = findRecord(db, collection, key, owner.filter);
      if (!existing && named) throw new HttpError(404, 'Not found', `No ${collection} record ${named}`);
      if (!existing) return one(endpoint, shape, createRecord(db, { collection, key, ownerId: owner.ownerId, schoolId: owner.schoolId, data: input, now }), 201);
      const data = endpoint.method === 'PUT' ? input : { ...existing.data, ...input };
      return one(endpoint, shape, updateRecord(db, existing.id, { data, now }));
    }
    case 'DELETE': {
      const ids = idsOf(input.ids ?? input.id) ?? [`user:${ctx.user?.id ?? 'anon'}`];
      const all = ids === '*' ? listRecords(db, collection, owner.filter, { skip: 0, take: -1, where: {} }).items : ids.map((key) => findRecord(db, collection, key, owner.filter));
      let deleted = 0;
      for (const record of all) {
        if (!record) continue;
        updateRecord(db, record.id, { deleted: true, now });
        deleted += 1;
      }
      return { body: { deleted } };
    }
  }
}

/**
 * The generic handler of one route. `collections` is `collectionPaths(table)`: it tells a write to a
 * record's sub-collection (`POST lists/{id}/words`) from an action on the record (`POST lists/{id}/duplicate`).
 *
 * @example
 * const handler = genericHandler(endpoint, collectionPaths(ENDPOINTS));
 */
export function genericHandler(endpoint: Endpoint, collections: ReadonlySet<string>): Handler {
  const shape = shapeOf(endpoint, collections);
  switch (shape.kind) {
    case 'item':
      return (ctx) => itemHandler(endpoint, shape, ctx);
    case 'action':
      return (ctx) => actionHandler(endpoint, shape, ctx);
    case 'collection':
      return (ctx) => collectionHandler(endpoint, shape, ctx, collections);
  }
}
