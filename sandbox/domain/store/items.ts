import { all, oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import type { ItemChanges, NewItem } from './item-fields.js';
import type { StoreItem } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { findRow } from '../../kit/reach.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type ItemRow = Row<'store_items'>;

export type LocationRow = Row<'store_locations'>;

/** A store item, or 404. */
export function findItem(db: Db, id: number): ItemRow {
  return findRow<ItemRow>(db, 'Item', 'SELECT * FROM store_items WHERE id = ?', id);
}

/** A store location, or 404. */
export function findLocation(db: Db, id: number): LocationRow {
  return findRow<LocationRow>(db, 'Location', 'SELECT * FROM store_locations WHERE id = ?', id);
}

/** Units of an item in stock at each location. */
export function stockOf(db: Db, itemId: number): Record<string, number> {
  const rows = all<Pick<Row<'store_stock'>, 'location_id' | 'quantity'>>(
    db,
    'SELECT location_id, quantity FROM store_stock WHERE item_id = ? ORDER BY location_id',
    itemId,
  );
  return Object.fromEntries(rows.map((r) => [String(r.location_id), r.quantity]));
}

const item = fieldsOf<ItemRow & { readonly stock: Record<string, number> }>();

/** The row, JSON columns parsed, then the stock by location and its total. */
const ITEM_SHAPE: RowShape<ItemRow & { readonly stock: Record<string, number> }, StoreItem> = {
  id: item.column('id'),
  sku: item.column('sku'),
  name: item.column('name'),
  description: item.column('description'),
  category: item.column('category'),
  tags: item.strings('tags'),
  prices: item.json('prices'),
  image: item.column('image'),
  active: item.flag('active'),
  created_at: item.column('created_at'),
  updated_at: item.column('updated_at'),
  stock: item.column('stock'),
  stock_total: { value: (row) => Object.values(row.stock).reduce((a, b) => a + b, 0) },
};

export function serializeItem(db: Db, row: ItemRow): StoreItem {
  const stock = stockOf(db, row.id);
  return shapeValue(ITEM_SHAPE, { ...row, stock });
}

/** Sets the stock of an item at a location. */
export function setStock(db: Db, itemId: number, locationId: number, quantity: number): void {
  run(
    db,
    'INSERT INTO store_stock (item_id, location_id, quantity) VALUES (?, ?, ?) ON CONFLICT (item_id, location_id) DO UPDATE SET quantity = excluded.quantity',
    itemId,
    locationId,
    quantity,
  );
}

/**
 * Creates an item, refusing a SKU that is taken.
 *
 * @example
 * createItem(db, { sku: 'BEE-PLUSH', name: 'Bee plush', category: 'toys', prices: { gbp: 999 } }, now)
 */
export function createItem(db: Db, input: NewItem, now: Date): ItemRow {
  assertSkuFree(db, input.sku, null);
  const stamp = now.toISOString();
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO store_items (sku, name, description, category, tags, prices, image, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    input.sku,
    input.name,
    input.description ?? '',
    input.category,
    JSON.stringify(input.tags ?? []),
    JSON.stringify(input.prices),
    input.image ?? '',
    input.active ?? 1,
    stamp,
    stamp,
  );
  const id = Number(lastInsertRowid);
  for (const [location, quantity] of Object.entries(input.stock ?? {})) {
    findLocation(db, Number(location));
    setStock(db, id, Number(location), quantity);
  }
  return findItem(db, id);
}

export function assertSkuFree(db: Db, sku: string, exceptId: number | null): void {
  const taken = oneValue<number>(db, 'SELECT id FROM store_items WHERE sku = ? COLLATE NOCASE', sku);
  if (taken !== undefined && taken !== exceptId)
    throw new DomainError('conflict', `SKU ${sku} is already item ${taken}`);
}

/** Applies a partial update to an item. */
export function patchItem(db: Db, patch: ItemChanges, now: Date): ItemRow {
  findItem(db, patch.id);
  if (typeof patch.sku === 'string') assertSkuFree(db, patch.sku, patch.id);
  const given: Record<string, unknown> = patch;
  const columns = ['sku', 'name', 'description', 'category', 'tags', 'prices', 'image', 'active'].filter(
    (k) => given[k] !== undefined,
  );
  const values = Object.fromEntries(
    columns.map((k) => [k, k === 'tags' || k === 'prices' ? JSON.stringify(given[k]) : given[k]]),
  );
  const sets = [...columns.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  run(db, `UPDATE store_items SET ${sets} WHERE id = @id`, { ...values, updated_at: now.toISOString(), id: patch.id });
  return findItem(db, patch.id);
}
