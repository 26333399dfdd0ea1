/**
 * The stored records a generic route addresses, made before the route is called: the demo seed fills the
 * generic store with curricula only, so `GET lists/{id}` (and its parents' records) would be a 404.
 */
import { ENDPOINTS, type Endpoint } from '../../../core/endpoints/index.js';
import type { Db } from '../../../sandbox/db/database.js';
import { createRecord, findRecord, type RecordFilter } from '../../../sandbox/generic/records.js';
import { collectionPaths, fillCollection, parentOf, shapeOf, type Scope } from '../../../sandbox/generic/shape.js';
import { servedGenerically } from '../../../sandbox/routes/areas.js';

const COLLECTIONS = collectionPaths(ENDPOINTS);

/** The caller a record is made for: their id and school. */
export interface Owner {
  readonly id: number | null;
  readonly schoolId: number | null;
}

/** Records of one owner or one school; nothing for a caller without one. */
function by(column: 'owner_id' | 'school_id', value: number | null): RecordFilter {
  return value === null ? { sql: ' AND 0', args: [] } : { sql: ` AND ${column} = ?`, args: [value] };
}

function ownerOf(
  scope: Scope,
  caller: Owner,
  params: Readonly<Record<string, string>>,
): { filter: RecordFilter; owner: Owner } {
  switch (scope.kind) {
    case 'school':
      return { filter: by('school_id', caller.schoolId), owner: caller };
    case 'me':
      return { filter: by('owner_id', caller.id), owner: caller };
    case 'user': {
      const id = Number(params[scope.param]);
      return { filter: by('owner_id', id), owner: { id, schoolId: caller.schoolId } };
    }
    case 'shared':
      // The platform's own content (no owner) or the caller's: another caller's record may be out of reach.
      return {
        filter: caller.id === null ? null : { sql: ' AND (owner_id IS NULL OR owner_id = ?)', args: [caller.id] },
        owner: caller,
      };
  }
}

function ensure(db: Db, collection: string, key: string, filter: RecordFilter, owner: Owner): void {
  if (findRecord(db, collection, key, filter)) return;
  createRecord(db, {
    collection,
    key,
    ownerId: owner.id,
    schoolId: owner.schoolId,
    data: { name: 'Sample', title: 'Sample' },
    now: new Date('2026-11-01T09:00:00Z'),
  });
}

/**
 * Makes the record a generic route names (and the record its collection hangs under), unless it exists.
 *
 * @example
 * ensureRecords(db, endpoint, { id: '1' }, { id: 3, schoolId: 1 });
 */
export function ensureRecords(
  db: Db,
  endpoint: Endpoint,
  params: Readonly<Record<string, string>>,
  caller: Owner,
): void {
  if (!servedGenerically(endpoint)) return;
  const shape = shapeOf(endpoint, COLLECTIONS);
  const { filter, owner } = ownerOf(shape.scope, caller, params);
  if (shape.kind === 'collection') {
    const parent = parentOf(shape, endpoint.path);
    if (parent && COLLECTIONS.has(parent.path))
      ensure(db, fillCollection(parent.collection, params), params[parent.key] ?? '', filter, owner);
    return;
  }
  ensure(db, fillCollection(shape.collection, params), params[shape.key] ?? '', filter, owner);
  const depth = shape.kind === 'item' ? 1 : 2;
  const parent = parentOf({ collection: shape.collection }, endpoint.path.split('/').slice(0, -depth).join('/'));
  if (parent && COLLECTIONS.has(parent.path))
    ensure(db, fillCollection(parent.collection, params), params[parent.key] ?? '', filter, owner);
}
