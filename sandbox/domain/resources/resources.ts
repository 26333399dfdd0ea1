import type { LiteracyAccessLevel } from '../../../core/domain/accounts.js';
import type { RESOURCE_SORTS } from '../../../core/domain/browse-categories.js';
import type { Db } from '../../kit/sql.js';
import { findRow } from '../../kit/reach.js';
import { all, one, placeholders, sqlList } from '../../kit/sql.js';
import { FILE_KINDS, fileKindOf } from './files.js';
import { matchesEvery, searchWords } from './text-match.js';
import type { Resource } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { RUNNING_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type ResourceRow = Row<'resources'>;

export interface ResourceQuery {
  readonly search?: string;
  readonly curriculumId?: number;
  /** A browse category the resource is in (a shed, `what-is-new`...). */
  readonly category?: string;
  /** An age band (`age-7-9`): a category too, asked beside another. */
  readonly ageBand?: string;
  readonly typeId?: number;
  readonly availability?: string;
  /** The order of the results; relevance when not given. */
  readonly sort?: (typeof RESOURCE_SORTS)[number];
  readonly skip: number;
  readonly take: number;
}

type SearchedRow = ResourceRow & { readonly category_text: string | null };

/**
 * Finds resources: every word of `search` must appear in the title, url key, description or a category,
 * as typed or as a word of the same stem (`volcanoes` finds `Volcano`: ./text-match.ts), and every filter
 * given must hold (they combine). By relevance (the default) titles starting with the search come first, then
 * the newest; `newest` is by date alone, `title` A to Z. Returns one page and the total.
 *
 * @example
 * searchResources(db, { search: 'poems', curriculumId: 2, availability: 'free', ageBand: 'age-7-9', skip: 0, take: 10 })
 */
export function searchResources(db: Db, query: ResourceQuery): { items: ResourceRow[]; total: number } {
  const where: string[] = [];
  const params: unknown[] = [];
  const inCategory = 'EXISTS (SELECT 1 FROM resource_categories c WHERE c.resource_id = r.id AND c.category = ?)';
  if (query.curriculumId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM resource_curricula rc WHERE rc.resource_id = r.id AND rc.curriculum_id = ?)');
    params.push(query.curriculumId);
  }
  for (const category of [query.category, query.ageBand]) {
    if (category === undefined) continue;
    where.push(inCategory);
    params.push(category);
  }
  if (query.typeId !== undefined) {
    where.push('r.type_id = ?');
    params.push(query.typeId);
  }
  if (query.availability !== undefined) {
    where.push('r.availability = ?');
    params.push(query.availability);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const rows = all<SearchedRow>(
    db,
    `SELECT r.*, (SELECT group_concat(c.category, ' ') FROM resource_categories c WHERE c.resource_id = r.id) AS category_text
     FROM resources r ${clause} ORDER BY r.created_at DESC, r.id DESC`,
    ...params,
  );
  const words = searchWords(query.search ?? '');
  const found = rows.filter((row) =>
    matchesEvery(words, [row.title, row.url_key, row.description, row.category_text ?? ''].join('\n')),
  );
  const ranked = ordered(found, query.sort ?? 'relevance', (query.search ?? '').trim().toLowerCase());
  const items = ranked.slice(query.skip, query.skip + query.take).map(({ category_text: _categories, ...row }) => row);
  return { items, total: found.length };
}

const TITLE_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Rows (newest first) in the order asked. The sorts are stable: ties keep the newest first. */
function ordered<T extends { readonly title: string }>(
  rows: readonly T[],
  sort: NonNullable<ResourceQuery['sort']>,
  prefix: string,
): readonly T[] {
  if (sort === 'newest') return rows;
  if (sort === 'title') return [...rows].sort((a, b) => TITLE_ORDER.compare(a.title, b.title));
  if (prefix === '') return rows;
  return [...rows].sort(
    (a, b) => Number(b.title.toLowerCase().startsWith(prefix)) - Number(a.title.toLowerCase().startsWith(prefix)),
  );
}

/**
 * A search result as the site reads it.
 *
 * @example
 * resourceItem(row) // { id, title, url_key, image, availability }
 */
export function resourceItem(row: ResourceRow): Record<string, unknown> {
  return { id: row.id, title: row.title, url_key: row.url_key, image: row.image, availability: row.availability };
}

/** A resource's row with what its other tables hold about it. */
type ResourceWith = ResourceRow & Pick<Resource, 'type' | 'categories' | 'curriculum_ids' | 'files' | 'content'>;

const resource = fieldsOf<ResourceWith>();

/** The row, then its images as a list (the column joins them with ';'), its type, categories, curricula, files and content. */
const RESOURCE_SHAPE: RowShape<ResourceWith, Resource> = {
  id: resource.column('id'),
  title: resource.column('title'),
  url_key: resource.column('url_key'),
  ident: resource.column('ident'),
  type_id: resource.column('type_id'),
  image: resource.column('image'),
  availability: resource.column('availability'),
  description: resource.column('description'),
  created_at: resource.column('created_at'),
  updated_at: resource.column('updated_at'),
  images: { value: (row) => row.image.split(';').filter((i) => i !== '') },
  type: resource.column('type'),
  categories: resource.column('categories'),
  curriculum_ids: resource.column('curriculum_ids'),
  files: resource.column('files'),
  content: resource.column('content'),
};

/**
 * A resource with its type, categories, curricula, files and content blocks (O §3: `type` html or plain, `value`).
 *
 * @example
 * return reply(ctx, 'resource', serializeResource(db, row));
 */
export function serializeResource(db: Db, row: ResourceRow): Resource {
  const type =
    row.type_id === null
      ? null
      : (one<Pick<Row<'resource_types'>, 'id' | 'name'>>(
          db,
          'SELECT id, name FROM resource_types WHERE id = ?',
          row.type_id,
        ) ?? null);
  const categories = all<Pick<Row<'resource_categories'>, 'category'>>(
    db,
    'SELECT category FROM resource_categories WHERE resource_id = ? ORDER BY category',
    row.id,
  ).map((c) => c.category);
  const curricula = all<Pick<Row<'resource_curricula'>, 'curriculum_id'>>(
    db,
    'SELECT curriculum_id FROM resource_curricula WHERE resource_id = ? ORDER BY curriculum_id',
    row.id,
  ).map((c) => c.curriculum_id);
  const files = all<Pick<Row<'resource_files'>, 'id' | 'name' | 'mime' | 'size' | 'kind'>>(
    db,
    'SELECT id, name, mime, size, kind FROM resource_files WHERE resource_id = ? ORDER BY id',
    row.id,
  ).map((file) => ({ ...file, kind: fileKindOf(file.kind), title: FILE_KINDS[fileKindOf(file.kind)].label }));
  const content = all<Pick<Row<'resource_blocks'>, 'type' | 'value'>>(
    db,
    'SELECT type, value FROM resource_blocks WHERE resource_id = ? ORDER BY position',
    row.id,
  );
  return shapeValue(RESOURCE_SHAPE, { ...row, type, categories, curriculum_ids: curricula, files, content });
}

/**
 * A resource by a column value, or 404.
 *
 * @example
 * findResource(db, 'url_key', 'the-highwayman-poetry-unit')
 */
export function findResource(db: Db, column: 'id' | 'url_key' | 'ident', value: string | number): ResourceRow {
  return findRow<ResourceRow>(db, 'Resource', `SELECT * FROM resources WHERE ${column} = ?`, value);
}

/**
 * Curriculum nodes (generic store records) that list the resource.
 *
 * @example
 * nodesWithResource(db, 79).map((n) => n['url_path']) // ['poetry-shed', 'age-11-14']
 */
export function nodesWithResource(db: Db, resourceId: number): Record<string, unknown>[] {
  const rows = all<{ id: number; key: string | null; data: string; created_at: string; updated_at: string }>(
    db,
    `SELECT id, key, data, created_at, updated_at FROM records WHERE collection = 'quiz/curriculum_nodes' AND deleted_at IS NULL
     AND EXISTS (SELECT 1 FROM json_each(records.data, '$.resource_ids') j WHERE CAST(j.value AS TEXT) = ?) ORDER BY id`,
    // better-sqlite3 binds a JS number as REAL (79.0), so compare as text with the id's own text
    String(resourceId),
  );
  return rows.map((r) => ({
    ...(JSON.parse(r.data) as Record<string, unknown>),
    id: r.id,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/**
 * A school's literacy access level (O §6 `literacy_access_level`), from its live subscriptions that include
 * the literacy resources (`litshed`): `full` while one is active (or cancelling, still paid for), else
 * `trial` while one is on trial, else null.
 *
 * @example
 * literacyAccessLevel(db, 3) // 'full' while school 3 has an active literacy subscription
 */
export function literacyAccessLevel(db: Db, schoolId: number | null): LiteracyAccessLevel | null {
  if (schoolId === null) return null;
  const states = all<{ state: string }>(
    db,
    `SELECT DISTINCT s.state FROM subscriptions s JOIN products p ON p.id = s.product_id
     WHERE s.school_id = ? AND s.deleted_at IS NULL AND s.state IN ${sqlList(RUNNING_SUBSCRIPTION_STATES)}
       AND EXISTS (SELECT 1 FROM json_each(p.permissions) j WHERE j.value IN (${placeholders(1)}))`,
    schoolId,
    'litshed',
  ).map((r) => r.state);
  if (states.some((state) => state !== 'trial')) return 'full';
  return states.length > 0 ? 'trial' : null;
}
