/** The store's catalogue as shoppers and staff read it: items (filtered), the filters, locations and their stock. */
import { findRow } from '../../kit/reach.js';
import { jsonObject, stringsColumn } from '../../kit/json-columns.js';
import { containsNamed } from '../../kit/search.js';
import { all, oneValue, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { findLocation, setStock, type ItemRow, type LocationRow } from './items.js';

/** What the item list may be filtered by; `all` (staff) includes inactive items. */
export interface ItemFilter {
  readonly all: boolean;
  readonly category?: string;
  readonly q?: string;
  readonly tag?: string;
  readonly location_id?: number;
}

const ITEM_WHERE = `(@all = 1 OR active = 1) AND (@category IS NULL OR category = @category) AND (@q IS NULL OR ${containsNamed('name', 'q')} OR ${containsNamed('sku', 'q')})
      AND (@tag IS NULL OR EXISTS (SELECT 1 FROM json_each(tags) WHERE value = @tag))
      AND (@location IS NULL OR EXISTS (SELECT 1 FROM store_stock s WHERE s.item_id = store_items.id AND s.location_id = @location AND s.quantity > 0))`;

/**
 * One page of the items matching `filter`, in id order, and how many match.
 *
 * @example
 * listItems(db, { all: false, category: 'books' }, { skip: 0, take: 20 }); // { rows: [...], total: 4 }
 */
export function listItems(
  db: Db,
  filter: ItemFilter,
  page: { readonly skip: number; readonly take: number },
): { rows: ItemRow[]; total: number } {
  const args = {
    all: filter.all ? 1 : 0,
    category: filter.category ?? null,
    q: filter.q || null,
    tag: filter.tag ?? null,
    location: filter.location_id ?? null,
  };
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM store_items WHERE ${ITEM_WHERE}`, args) ?? 0;
  const rows = all<ItemRow>(db, `SELECT * FROM store_items WHERE ${ITEM_WHERE} ORDER BY id LIMIT @take OFFSET @skip`, {
    ...args,
    take: page.take,
    skip: page.skip,
  });
  return { rows, total };
}

/**
 * What the active items can be filtered by: categories with their counts, tags, price ranges per currency, locations.
 *
 * @example
 * itemFilters(db); // { categories: [{ name: 'books', count: 4 }], tags: ['phonics'], price_ranges: { gbp: { min: 500, max: 2500 } }, locations: [...] }
 */
export function itemFilters(db: Db): Record<string, unknown> {
  const items = all<ItemRow>(db, 'SELECT * FROM store_items WHERE active = 1');
  const categories = new Map<string, number>();
  const tags = new Set<string>();
  const ranges: Record<string, { min: number; max: number }> = {};
  for (const item of items) {
    categories.set(item.category, (categories.get(item.category) ?? 0) + 1);
    for (const tag of stringsColumn(item.tags)) tags.add(tag);
    for (const [currency, price] of Object.entries(jsonObject(item.prices))) {
      if (typeof price !== 'number') continue;
      const range = ranges[currency] ?? { min: price, max: price };
      ranges[currency] = { min: Math.min(range.min, price), max: Math.max(range.max, price) };
    }
  }
  const locations = all(db, 'SELECT id, name, country, currency FROM store_locations ORDER BY id');
  return {
    categories: [...categories].sort().map(([name, count]) => ({ name, count })),
    tags: [...tags].sort(),
    price_ranges: ranges,
    locations,
  };
}

/**
 * The item with `sku` (in any case), or 404.
 *
 * @example
 * findItemBySku(db, 'bk-001');
 */
export function findItemBySku(db: Db, sku: string): ItemRow {
  return findRow<ItemRow>(db, 'Item', 'SELECT * FROM store_items WHERE sku = ? COLLATE NOCASE', sku);
}

/**
 * Sets an item's stock at each location given (`[location id, quantity]`; each location must exist);
 * invalid when none is given.
 *
 * @example
 * restock(db, item.id, [[1, 40], [2, 0]]);
 */
export function restock(db: Db, itemId: number, changes: readonly (readonly [number, number])[]): void {
  if (changes.length === 0)
    throw new DomainError('invalid', 'stock: give stock (with location_id) or locations', {
      errors: [{ path: 'stock', message: 'required' }],
    });
  for (const [location, quantity] of changes) {
    findLocation(db, location);
    setStock(db, itemId, location, quantity);
  }
}

/**
 * Every store location, in id order.
 *
 * @example
 * listLocations(db); // [{ id: 1, name: 'UK warehouse', country: 'GB', currency: 'gbp' }]
 */
export function listLocations(db: Db): unknown[] {
  return all(db, 'SELECT * FROM store_locations ORDER BY id');
}

/**
 * Location `id` with the stock it holds of each item, or 404.
 *
 * @example
 * locationWithStock(db, 1); // { id: 1, ..., stock: [{ item_id: 1, sku: 'BK-001', quantity: 40 }] }
 */
export function locationWithStock(db: Db, id: number): LocationRow & { stock: unknown[] } {
  const location = findLocation(db, id);
  const stock = all(
    db,
    'SELECT i.id AS item_id, i.sku, s.quantity FROM store_stock s JOIN store_items i ON i.id = s.item_id WHERE s.location_id = ? ORDER BY i.id',
    location.id,
  );
  return { ...location, stock };
}
