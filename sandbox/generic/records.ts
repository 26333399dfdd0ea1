/** Storage of the generic store: the `records` table, one JSON document per record. */
import { z } from 'zod';
import { all, one, oneValue, run, type Db } from '../kit/sql.js';
import { containsText } from '../kit/search.js';
import type { SqlCondition } from '../kit/record-reach.js';

/** Restricts reads: a condition ANDed into the query (`AND owner_id = ?`), several of them, or null for none. */
export type RecordFilter = SqlCondition | readonly SqlCondition[] | null;

/** One action applied to a record (`POST lists/{id}/duplicate`, `PATCH .../close`). */
export interface RecordAction {
  readonly action: string;
  readonly method: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly at: string;
  readonly by: number | null;
}

const jsonObject = z.record(z.string(), z.unknown());
const recordAction = z.object({
  action: z.string(),
  method: z.string(),
  input: jsonObject,
  at: z.string(),
  by: z.number().int().nullable(),
});
const row = z.object({
  id: z.number().int(),
  collection: z.string(),
  key: z.string().nullable(),
  owner_id: z.number().int().nullable(),
  school_id: z.number().int().nullable(),
  data: z.string().transform((text) => jsonObject.parse(JSON.parse(text))),
  actions: z.string().transform((text) => z.array(recordAction).parse(JSON.parse(text))),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});

export type StoredRecord = z.output<typeof row>;

const COLUMNS = 'id, collection, key, owner_id, school_id, data, actions, created_at, updated_at, deleted_at';
const FILTER_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function filterSql(filter: RecordFilter): { sql: string; args: unknown[] } {
  if (!filter) return { sql: '', args: [] };
  const parts: readonly SqlCondition[] = Array.isArray(filter) ? filter : [filter as SqlCondition];
  return { sql: parts.map((p) => p.sql).join(''), args: parts.flatMap((p) => p.args) };
}

/**
 * The live records of a collection a key names, those under a caller-chosen key first, then the one
 * whose id it is (a key may name both: `PUT lists/999` made one before record 999 existed).
 *
 * @example
 * findRecords(db, 'lists', '12', null);
 */
export function findRecords(db: Db, collection: string, key: string, filter: RecordFilter): StoredRecord[] {
  const f = filterSql(filter);
  const id = /^\d+$/.test(key) ? Number(key) : -1;
  const sql = `SELECT ${COLUMNS} FROM records WHERE collection = ? AND (key = ? OR (key IS NULL AND id = ?)) AND deleted_at IS NULL${f.sql}
    ORDER BY key IS NULL, id`;
  return all<unknown>(db, sql, collection, key, id, ...f.args).map((r) => row.parse(r));
}

/**
 * Reads one live record of a collection by its key: a caller-chosen key, else the record id.
 *
 * @example
 * findRecord(db, 'lists', '12', null);
 */
export function findRecord(db: Db, collection: string, key: string, filter: RecordFilter): StoredRecord | null {
  return findRecords(db, collection, key, filter)[0] ?? null;
}

export interface ListQuery {
  readonly skip: number;
  readonly take: number;
  /** Equality on top-level fields of the stored document. */
  readonly where: Readonly<Record<string, string | number | boolean>>;
  /** A substring of the stored document. */
  readonly search?: string;
}

/**
 * A filter value bound so its text is the text json_extract gives the stored value: better-sqlite3 binds
 * every JS number as a REAL, whose text is `79.0`, so whole numbers (and booleans, stored as JSON true and
 * false, read back as 1 and 0) go in as integers.
 */
function sqlValue(value: string | number | boolean): string | number | bigint {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
}

/**
 * Lists the live records of a collection, oldest first, with the total before paging.
 *
 * @example
 * listRecords(db, 'lists', null, { skip: 0, take: 50, where: { locale: 'en_GB' } });
 */
export function listRecords(
  db: Db,
  collection: string,
  filter: RecordFilter,
  query: ListQuery,
): { items: StoredRecord[]; total: number } {
  const f = filterSql(filter);
  let sql = ` FROM records WHERE collection = ? AND deleted_at IS NULL${f.sql}`;
  const args: unknown[] = [collection, ...f.args];
  for (const [field, value] of Object.entries(query.where)) {
    if (!FILTER_KEY.test(field)) continue;
    sql += ` AND CAST(json_extract(data, '$.${field}') AS TEXT) = CAST(? AS TEXT)`;
    args.push(sqlValue(value));
  }
  if (query.search) {
    sql += ` AND ${containsText('data')}`;
    args.push(query.search);
  }
  const total = oneValue<number>(db, `SELECT COUNT(*)${sql}`, ...args) ?? 0;
  // Bound LIMIT/OFFSET without the CAST make this query about ten times slower in better-sqlite3 12.
  const items = all<unknown>(
    db,
    `SELECT ${COLUMNS}${sql} ORDER BY id LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`,
    ...args,
    query.take,
    query.skip,
  ).map((r) => row.parse(r));
  return { items, total };
}

export interface NewRecord {
  readonly collection: string;
  /** A caller-chosen key (`PUT .../favourite/pupils/{pupilId}`); without one the record is addressed by its id. */
  readonly key?: string;
  readonly ownerId: number | null;
  readonly schoolId: number | null;
  readonly data: Readonly<Record<string, unknown>>;
  readonly now: Date;
}

/**
 * Stores a new record and returns it.
 *
 * @example
 * createRecord(db, { collection: 'lists', ownerId: 3, schoolId: 1, data: { title: 'Week 1' }, now: new Date() });
 */
export function createRecord(db: Db, record: NewRecord): StoredRecord {
  const at = record.now.toISOString();
  const id = Number(
    run(
      db,
      'INSERT INTO records (collection, key, owner_id, school_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      record.collection,
      record.key ?? null,
      record.ownerId,
      record.schoolId,
      JSON.stringify(record.data),
      at,
      at,
    ).lastInsertRowid,
  );
  return readRecord(db, id);
}

export interface RecordChange {
  readonly data?: Readonly<Record<string, unknown>>;
  readonly actions?: readonly RecordAction[];
  readonly deleted?: boolean;
  readonly now: Date;
}

/**
 * Replaces a record's document and/or action log, or soft-deletes it; returns the stored result.
 *
 * @example
 * updateRecord(db, record.id, { data: { ...record.data, title: 'Week 2' }, now: new Date() });
 */
export function updateRecord(db: Db, id: number, change: RecordChange): StoredRecord {
  const at = change.now.toISOString();
  run(
    db,
    `UPDATE records SET data = COALESCE(?, data), actions = COALESCE(?, actions), updated_at = ?,
       deleted_at = CASE WHEN ? THEN ? ELSE deleted_at END WHERE id = ?`,
    change.data ? JSON.stringify(change.data) : null,
    change.actions ? JSON.stringify(change.actions) : null,
    at,
    change.deleted ? 1 : 0,
    at,
    id,
  );
  return readRecord(db, id);
}

function readRecord(db: Db, id: number): StoredRecord {
  return row.parse(one<unknown>(db, `SELECT ${COLUMNS} FROM records WHERE id = ?`, id));
}

/**
 * The JSON form of a record: its document, then the fields the store keeps (id, owner, dates, actions).
 *
 * @example
 * renderRecord(record); // { title: 'Week 1', id: 12, owner_id: 3, school_id: 1, created_at: '...', updated_at: '...' }
 */
export function renderRecord(record: StoredRecord): Record<string, unknown> {
  // The store's own fields win over the document's keys of the same names, those it leaves out included.
  const { key: _key, deleted_at: _deleted, actions: _actions, ...document } = record.data;
  return {
    ...document,
    id: record.id,
    ...(record.key !== null ? { key: record.key } : {}),
    owner_id: record.owner_id,
    school_id: record.school_id,
    created_at: record.created_at,
    updated_at: record.updated_at,
    ...(record.deleted_at ? { deleted_at: record.deleted_at } : {}),
    ...(record.actions.length > 0 ? { actions: record.actions } : {}),
  };
}

/**
 * The keys of `collection`'s live records tagged `tag` (in their `tags` list), oldest first.
 *
 * @example
 * keysTagged(db, 'quiz/curriculum_nodes', 'phonics'); // ['y1-phonics', ...]
 */
export function keysTagged(db: Db, collection: string, tag: string): string[] {
  return all<{ key: string }>(
    db,
    `SELECT key FROM records WHERE collection = ? AND deleted_at IS NULL AND key IS NOT NULL
     AND EXISTS (SELECT 1 FROM json_each(records.data, '$.tags') j WHERE j.value = ?) ORDER BY id`,
    collection,
    tag,
  ).map((r) => r.key);
}
