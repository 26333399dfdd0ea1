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
import { accessOf, listFilter, reachedRecord, requireParent, requireRecord, type Access } from './access.js';
import { createRecord, listRecords, renderRecord, updateRecord, type StoredRecord } from './records.js';
import {
  collectionNoun,
  fillCollection,
  namedParams,
  shapeOf,
  singular,
  type GenericTable,
  type Shape,
} from './shape.js';
import { HttpError, type Handler, type HandlerContext, type HandlerResult } from '../kit/handler.js';
import { page } from '../kit/input.js';
import { reply } from '../kit/reply.js';

const PAGING = new Set(['skip', 'take', 'search', 'q', 'sort', 'order', 'page', 'limit']);
const COPY_ACTIONS = new Set(['duplicate', 'clone']);

function idsOf(value: unknown): string[] | '*' | null {
  if (value === '*') return '*';
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number')
    return String(value)
      .split(',')
      .filter((s) => s !== '');
  return null;
}

function one(ctx: HandlerContext, shape: Shape, record: StoredRecord, status = 200): HandlerResult {
  return reply(ctx, singular(collectionNoun(shape.collection)), renderRecord(record), {}, status);
}

function itemHandler(
  endpoint: Endpoint,
  shape: Extract<Shape, { kind: 'item' }>,
  ctx: HandlerContext,
  table: GenericTable,
): HandlerResult {
  const access = accessOf(endpoint, shape, ctx);
  requireParent(ctx, endpoint, shape, access, table);
  const collection = fillCollection(shape.collection, ctx.params);
  const key = ctx.params[shape.key] ?? '';
  const now = ctx.now();
  if (endpoint.method === 'PUT') {
    const { record, taken } = reachedRecord(ctx, access, collection, key);
    if (record) return one(ctx, shape, updateRecord(ctx.db, record.id, { data: ctx.input, now }));
    // A key that names a record the caller does not reach is that record's, not free for a new one.
    if (taken) throw new HttpError(404, 'Not found', `No ${collection} record ${key}`);
    return one(
      ctx,
      shape,
      createRecord(ctx.db, {
        collection,
        key,
        ownerId: access.ownerId,
        schoolId: access.schoolId,
        data: ctx.input,
        now,
      }),
      201,
    );
  }
  const record = requireRecord(ctx, access, collection, key);
  if (endpoint.method === 'GET') return one(ctx, shape, record);
  if (endpoint.method === 'DELETE') return one(ctx, shape, updateRecord(ctx.db, record.id, { deleted: true, now }));
  return one(ctx, shape, updateRecord(ctx.db, record.id, { data: { ...record.data, ...ctx.input }, now }));
}

/** Actions on a user, group or school the path names (`POST superuser/users/{id}/refresh`): checked by `accessOf`, and kept on a record under its id. */
const onNamed = new WeakSet<Endpoint>();

function namedRecord(ctx: HandlerContext, access: Access, collection: string, key: string, now: Date): StoredRecord {
  const { record, taken } = reachedRecord(ctx, access, collection, key);
  if (record) return record;
  if (taken) throw new HttpError(404, 'Not found', `No ${collection} record ${key}`);
  return createRecord(ctx.db, { collection, key, ownerId: access.ownerId, schoolId: access.schoolId, data: {}, now });
}

function actionHandler(
  endpoint: Endpoint,
  shape: Extract<Shape, { kind: 'action' }>,
  ctx: HandlerContext,
  table: GenericTable,
): HandlerResult {
  const access = accessOf(endpoint, shape, ctx);
  requireParent(ctx, endpoint, shape, access, table);
  const collection = fillCollection(shape.collection, ctx.params);
  const key = ctx.params[shape.key] ?? '';
  const now = ctx.now();
  const record = onNamed.has(endpoint)
    ? namedRecord(ctx, access, collection, key, now)
    : requireRecord(ctx, access, collection, key);
  if (endpoint.method === 'POST' && COPY_ACTIONS.has(shape.action)) {
    const data = { ...record.data, ...ctx.input, copied_from: record.id };
    const copy = createRecord(ctx.db, {
      collection,
      ownerId: ctx.user?.id ?? record.owner_id,
      schoolId: ctx.user?.schoolId ?? record.school_id,
      data,
      now,
    });
    return one(ctx, shape, copy, 201);
  }
  const action = {
    action: shape.action,
    method: endpoint.method,
    input: ctx.input,
    at: now.toISOString(),
    by: ctx.user?.id ?? null,
  };
  const merge = endpoint.method === 'PUT' || endpoint.method === 'PATCH';
  const updated = updateRecord(ctx.db, record.id, {
    actions: [...record.actions, action],
    ...(merge ? { data: { ...record.data, ...ctx.input } } : {}),
    now,
  });
  return one(ctx, shape, updated);
}

function collectionHandler(
  endpoint: Endpoint,
  shape: Extract<Shape, { kind: 'collection' }>,
  ctx: HandlerContext,
  table: GenericTable,
): HandlerResult {
  const access = accessOf(endpoint, shape, ctx);
  // Whoever reaches a parent record may list what hangs under it: a published list's words.
  const nested = requireParent(ctx, endpoint, shape, access, table);
  const collection = fillCollection(shape.collection, ctx.params);
  const { input, db } = ctx;
  const now = ctx.now();
  switch (endpoint.method) {
    case 'GET': {
      const where: Record<string, string | number | boolean> = {};
      for (const [k, v] of Object.entries(input)) {
        if (!PAGING.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) where[k] = v;
      }
      const search =
        typeof input.search === 'string' ? input.search : typeof input.q === 'string' ? input.q : undefined;
      const query = { ...page(ctx), where, ...(search ? { search } : {}) };
      const { items, total } = listRecords(db, collection, listFilter(ctx, access, nested), query);
      return reply(ctx, collectionNoun(shape.collection), items.map(renderRecord), { total });
    }
    case 'POST':
      return one(
        ctx,
        shape,
        createRecord(db, { collection, ownerId: access.ownerId, schoolId: access.schoolId, data: input, now }),
        201,
      );
    case 'PUT':
    case 'PATCH': {
      const named = typeof input.id === 'string' || typeof input.id === 'number' ? String(input.id) : null;
      const key = named ?? `user:${ctx.user?.id ?? 'anon'}`;
      const { record: existing, taken } = reachedRecord(ctx, access, collection, key);
      if (!existing && (named || taken)) throw new HttpError(404, 'Not found', `No ${collection} record ${key}`);
      if (!existing)
        return one(
          ctx,
          shape,
          createRecord(db, { collection, key, ownerId: access.ownerId, schoolId: access.schoolId, data: input, now }),
          201,
        );
      const data = endpoint.method === 'PUT' ? input : { ...existing.data, ...input };
      return one(ctx, shape, updateRecord(db, existing.id, { data, now }));
    }
    case 'DELETE': {
      const ids = idsOf(input.ids ?? input.id) ?? [`user:${ctx.user?.id ?? 'anon'}`];
      const all =
        ids === '*'
          ? listRecords(db, collection, listFilter(ctx, access, nested), { skip: 0, take: -1, where: {} }).items
          : ids.map((key) => reachedRecord(ctx, access, collection, key).record);
      let deleted = 0;
      for (const record of all) {
        if (!record) continue;
        updateRecord(db, record.id, { deleted: true, now });
        deleted += 1;
      }
      return reply(ctx, 'deleted', deleted);
    }
  }
}

/**
 * The generic handler of one route. `table` is `genericTable(ENDPOINTS)`: its collections tell a write to a
 * record's sub-collection (`POST lists/{id}/words`) from an action on the record (`POST lists/{id}/duplicate`),
 * its reads how a record a nested route hangs under must be reached.
 *
 * @example
 * const handler = genericHandler(endpoint, genericTable(ENDPOINTS));
 */
export function genericHandler(endpoint: Endpoint, table: GenericTable): Handler {
  const shape = shapeOf(endpoint, table.collections);
  switch (shape.kind) {
    case 'item':
      return (ctx) => itemHandler(endpoint, shape, ctx, table);
    case 'action':
      if (namedParams(endpoint.path).some((n) => n.param === shape.key)) onNamed.add(endpoint);
      return (ctx) => actionHandler(endpoint, shape, ctx, table);
    case 'collection':
      return (ctx) => collectionHandler(endpoint, shape, ctx, table);
  }
}
