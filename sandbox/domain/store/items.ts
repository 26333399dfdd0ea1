import { all, one, oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError, notFound } from '../errors.js';
import { jsonObject, stringsColumn } from '../../kit/json-columns.js';
import type { ItemChanges, NewItem } from './item-fields.js';
import type { StoreItem } from '../../../core/shapes/types.js';
import type { Currency } from '../pricing/money.js';

export interface ItemRow {
  id: number;
  sku: string;
  name: string;
  description: string;
  category: string;
  tags: string;
  prices: string;
  image: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface LocationRow {
  id: number;
  name: string;
  country: string;
  currency: Currency;
  shipping_price: number;
  created_at: string;
}

export function itemOr404(db: Db, id: number): ItemRow {
  const row = one<ItemRow>(db, 'SELECT * FROM store_items WHERE id = ?', id);
  if (!row) throw notFound('Item', id);
  return row;
}

export function locationOr404(db: Db, id: number): LocationRow {
  const row = one<LocationRow>(db, 'SELECT * FROM store_locations WHERE id = ?', id);
  if (!row) throw notFound('Location', id);
  return row;
}

/** Units of an item in stock at each location. */
export function stockOf(db: Db, itemId: number): Record<string, number> {
  const rows = all<{ location_id: number; quantity: number }>(db, 'SELECT location_id, quantity FROM store_stock WHERE item_id = ? ORDER BY location_id', itemId);
  return Object.fromEntries(rows.map((r) => [String(r.location_id), r.quantity]));
}

export function serializeItem(db: Db, row: ItemRow): StoreItem {
  const stock = stockOf(db, row.id);
  return {
    ...row,
    tags: stringsColumn(row.tags),
    prices: jsonObject(row.prices),
    active: row.active === 1,
    stock,
    stock_total: Object.values(stock).reduce((a, b) => a + b, 0),
  };
}

/** Sets the stock of an item at a location. */
export function setStock(db: Db, itemId: number, locationId: number, quantity: number): void {
  run(db, 'INSERT INTO store_stock (item_id, location_id, quantity) VALUES (?, ?, ?) ON CONFLICT (item_id, location_id) DO UPDATE SET quantity = excluded.quantity', itemId, locationId, quantity);
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
  const { lastInsertRowid } = run(db, 'INSERT INTO store_items (sku, name, description, category, tags, prices, image, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', input.sku, input.name, input.description ?? '', input.category, JSON.stringify(input.tags ?? []), JSON.stringify(input.prices), input.image ?? '', input.active ?? 1, stamp, stamp);
  const id = Number(lastInsertRowid);
  for (const [location, quantity] of Object.entries(input.stock ?? {})) {
    locationOr404(db, Number(location));
    setStock(db, id, Number(location), quantity);
  }
  return itemOr404(db, id);
}

export function assertSkuFree(db: Db, sku: string, exceptId: number | null): void {
  const taken = oneValue<number>(db, 'SELECT id FROM store_items WHERE sku = ? COLLATE NOCASE', sku);
  if (taken !== undefined && taken !== exceptId) throw new DomainError('conflict', `SKU ${sku} is already item ${taken}`);
}

/** Applies a partial update to an item. */
export function patchItem(db: Db, patch: ItemChanges, now: Date): ItemRow {
  itemOr404(db, patch.id);
  if (typeof patch.sku === 'string') assertSkuFree(db, patch.sku, patch.id);
  const given: Record<string, unknown> = patch;
  const columns = ['sku', 'name', 'description', 'category', 'tags', 'prices', 'image', 'active'].filter((k) => given[k] !== undefined);
  const values = Object.fromEntries(columns.map((k) => [k, k === 'tags' || k === 'prices' ? JSON.stringify(given[k]) : given[k]]));
  const sets = [...columns.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  run(db, `UPDATE store_items SET ${sets} WHERE id = @id`, { ...values, updated_at: now.toISOString(), id: patch.id });
  return itemOr404(db, patch.id);
}
