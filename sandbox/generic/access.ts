/**
 * Whose records a generic route reaches, from its table entry's `reach` and its path: the users, groups
 * and schools the path names, the record a nested collection hangs under, and each record itself. A
 * record the caller does not reach answers 404 exactly like a missing one, for reads and writes alike.
 */
import type { Endpoint, Reach } from '../../core/endpoints/index.js';
import { findGroup, findPupil } from '../domain/schools/find.js';
import { HttpError, type HandlerContext } from '../kit/handler.js';
import { toId } from '../kit/input.js';
import { mayReachRecord, reachCondition, type SqlCondition } from '../kit/record-reach.js';
import { assertNamedReachable, findReachableUser } from '../kit/reach.js';
import { findRecords, type RecordFilter, type StoredRecord } from './records.js';
import { collectionPath, fillCollection, namedParams, parentOf, type GenericTable, type Shape } from './shape.js';

/** How one call reaches records. */
export interface Access {
  /** The scope's condition (`users/me/...`: the caller's records), null for shared collections. */
  readonly filter: SqlCondition | null;
  /** Who a record created by this call belongs to. */
  readonly ownerId: number | null;
  readonly schoolId: number | null;
  /** `users/me`, `users/me/school`, `users/{id}`: the scope picks the records, so the reach word is not applied to them again. */
  readonly scoped: boolean;
  /** The entry's reach. */
  readonly reach: Reach;
}

const NOTHING: SqlCondition = { sql: ' AND 0', args: [] };

function is(column: 'owner_id' | 'school_id', value: number | null): SqlCondition {
  return value === null ? NOTHING : { sql: ` AND ${column} = ?`, args: [value] };
}

/** 404 unless every user, group and school the path names is reached (in `users/me/school/...`: is of the caller's school). */
function checkNamed(ctx: HandlerContext, endpoint: Endpoint, shape: Shape): void {
  for (const { param, kind } of namedParams(endpoint.path)) {
    if (shape.scope.kind === 'user' && param === shape.scope.param) continue;
    const raw = ctx.params[param] ?? '';
    if (shape.scope.kind === 'school' && kind === 'user') findPupil(ctx.db, ctx.user, toId(raw, 'Pupil'));
    else if (shape.scope.kind === 'school' && kind === 'group') findGroup(ctx.db, ctx.user, toId(raw, 'Group'));
    else if (kind === 'user') findReachableUser(ctx, raw, endpoint.reach);
    else assertNamedReachable(ctx, kind, raw, endpoint.reach);
  }
}

/**
 * The access of one call: checks the users, groups and schools its path names (404 for any not reached)
 * and says whose records it reads and whose a new one is.
 *
 * @example
 * const access = accessOf(endpoint, shape, ctx);
 */
export function accessOf(endpoint: Endpoint, shape: Shape, ctx: HandlerContext): Access {
  checkNamed(ctx, endpoint, shape);
  const user = ctx.user;
  const reach = endpoint.reach;
  switch (shape.scope.kind) {
    case 'school':
      return {
        filter: is('school_id', user?.schoolId ?? null),
        ownerId: user?.id ?? null,
        schoolId: user?.schoolId ?? null,
        scoped: true,
        reach,
      };
    case 'me':
      return {
        filter: is('owner_id', user?.id ?? null),
        ownerId: user?.id ?? null,
        schoolId: user?.schoolId ?? null,
        scoped: true,
        reach,
      };
    case 'user': {
      const named = findReachableUser(ctx, ctx.params[shape.scope.param] ?? '', reach);
      return { filter: is('owner_id', named.id), ownerId: named.id, schoolId: named.school_id, scoped: true, reach };
    }
    case 'shared':
      return { filter: null, ownerId: user?.id ?? null, schoolId: user?.schoolId ?? null, scoped: false, reach };
  }
}

/**
 * The condition a list of the call's records adds: its scope's, and unless the scope or a parent record
 * decides, the reach word's.
 *
 * @example
 * listRecords(db, collection, listFilter(ctx, access, false), query);
 */
export function listFilter(ctx: HandlerContext, access: Access, nested: boolean): RecordFilter {
  const reach = access.scoped || nested ? null : reachCondition(ctx.db, ctx.user, access.reach);
  return [access.filter, reach].filter((c): c is SqlCondition => c !== null);
}

/**
 * The first record a key names that the caller reaches, with whether any record answered to the key at all.
 *
 * @example
 * const { record, taken } = reachedRecord(ctx, access, 'lists', '34');
 */
export function reachedRecord(
  ctx: HandlerContext,
  access: Access,
  collection: string,
  key: string,
  reach: Reach = access.reach,
): { record: StoredRecord | null; taken: boolean } {
  const found = findRecords(ctx.db, collection, key, access.filter);
  const record = found.find((r) => access.scoped || mayReachRecord(ctx.db, ctx.user, reach, r)) ?? null;
  return { record, taken: found.length > 0 };
}

/**
 * A record the caller reaches, or 404.
 *
 * @example
 * const list = requireRecord(ctx, access, 'lists', '34');
 */
export function requireRecord(
  ctx: HandlerContext,
  access: Access,
  collection: string,
  key: string,
  reach: Reach = access.reach,
): StoredRecord {
  const { record } = reachedRecord(ctx, access, collection, key, reach);
  if (!record) throw new HttpError(404, 'Not found', `No ${collection} record ${key}`);
  return record;
}

/**
 * 404 unless the record the call's collection hangs under (`lists/{id}` of `lists/{id}/words`) exists and
 * is reached: for a collection route under the entry's own reach (adding words to a list needs the list
 * to be yours, playing it only that you may read it), for an item or action under the reach of the parent's
 * own read (`GET lists/{id}`). A parent the path names as a user, group or school is checked by `accessOf`;
 * one at a path no route of the table has is not checked. Returns whether the call has such a parent.
 *
 * @example
 * requireParent(ctx, endpoint, shape, access, table);
 */
export function requireParent(
  ctx: HandlerContext,
  endpoint: Endpoint,
  shape: Shape,
  access: Access,
  table: GenericTable,
): boolean {
  const parent = parentOf(shape, collectionPath(shape, endpoint.path));
  if (!parent || namedParams(endpoint.path).some((n) => n.param === parent.key)) return false;
  if (!table.parents.has(parent.path)) return false;
  const reach = shape.kind === 'collection' ? endpoint.reach : (table.reads.get(parent.path) ?? endpoint.reach);
  requireRecord(ctx, access, fillCollection(parent.collection, ctx.params), ctx.params[parent.key] ?? '', reach);
  return true;
}
