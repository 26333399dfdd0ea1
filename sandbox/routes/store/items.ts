/** Store items, their stock per location, filters and locations; and the merchandise sales report. */
import { isStaff } from '../../kit/reach.js';
import { notFound, page, parseField, pathId } from '../../kit/input.js';
import { jsonObject, stringsColumn } from '../../kit/json-columns.js';
import { createItem, findItem, type ItemRow, findLocation, patchItem, serializeItem, setStock } from '../../domain/store/items.js';
import { itemChanges, itemChangesList, newItem, STOCK_BY_LOCATION } from '../../domain/store/item-fields.js';
import { HttpError, type PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { containsNamed } from '../../kit/search.js';
import { all, one, oneValue } from '../../kit/sql.js';

export const storeItemHandlers = {
  'GET store/items': (ctx) => {
    const filter = ctx.input;
    const { skip, take } = page(ctx);
    const where = `(@all = 1 OR active = 1) AND (@category IS NULL OR category = @category) AND (@q IS NULL OR ${containsNamed('name', 'q')} OR ${containsNamed('sku', 'q')})
      AND (@tag IS NULL OR EXISTS (SELECT 1 FROM json_each(tags) WHERE value = @tag))
      AND (@location IS NULL OR EXISTS (SELECT 1 FROM store_stock s WHERE s.item_id = store_items.id AND s.location_id = @location AND s.quantity > 0))`;
    const args = { all: isStaff(ctx.user) ? 1 : 0, category: filter.category ?? null, q: filter.q || null, tag: filter.tag ?? null, location: filter.location_id ?? null };
    const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM store_items WHERE ${where}`, args) as number;
    const rows = all<ItemRow>(ctx.db, `SELECT * FROM store_items WHERE ${where} ORDER BY id LIMIT @take OFFSET @skip`, { ...args, take, skip });
    return reply(ctx, 'items', rows.map((r) => serializeItem(ctx.db, r)), { total });
  },
  'GET store/item_filters': (ctx) => {
    const items = all<ItemRow>(ctx.db, 'SELECT * FROM store_items WHERE active = 1');
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
    const locations = all(ctx.db, 'SELECT id, name, country, currency FROM store_locations ORDER BY id');
    return reply(ctx, 'filters', {
      categories: [...categories].sort().map(([name, count]) => ({ name, count })),
      tags: [...tags].sort(),
      price_ranges: ranges,
      locations,
    });
  },
  'GET store/items/{id}': (ctx) => reply(ctx, 'item', serializeItem(ctx.db, findItem(ctx.db, pathId(ctx, 'Item')))),
  'GET store/items/sku/{sku}': (ctx) => {
    const sku = ctx.params.sku ?? '';
    const row = one<ItemRow>(ctx.db, 'SELECT * FROM store_items WHERE sku = ? COLLATE NOCASE', sku);
    if (!row) throw notFound('Item', sku);
    return reply(ctx, 'item', serializeItem(ctx.db, row));
  },
  'POST store/items': (ctx) => reply(ctx, 'item', serializeItem(ctx.db, createItem(ctx.db, newItem(ctx.input), ctx.now())), {}, 201),
  'PATCH store/items': (ctx) => {
    // The item is named in the body: one item's changes, or `{ items: [...] }` for several.
    const patches = 'items' in ctx.input ? itemChangesList(ctx.input.items) : [itemChanges(ctx.input)];
    const rows = patches.map((patch) => patchItem(ctx.db, patch, ctx.now()));
    return reply(ctx, 'items', rows.map((r) => serializeItem(ctx.db, r)));
  },
  'PUT store/items/{id}/stock': (ctx) => {
    const item = findItem(ctx.db, pathId(ctx, 'Item'));
    const body = ctx.input;
    // `locations` is a record keyed by location id (the table names it as JSON): its entries are checked here.
    const locations = body.locations === undefined ? undefined : parseField('locations', STOCK_BY_LOCATION, body.locations);
    const changes: [number, number][] = locations
      ? Object.entries(locations).map(([location, quantity]) => [Number(location), quantity])
      : body.stock !== undefined
        ? [[body.location_id ?? 1, body.stock]]
        : [];
    if (changes.length === 0) throw new HttpError(422, 'Invalid data', 'stock: give stock (with location_id) or locations', { errors: [{ path: 'stock', message: 'required' }] });
    for (const [location, quantity] of changes) {
      findLocation(ctx.db, location);
      setStock(ctx.db, item.id, location, quantity);
    }
    return reply(ctx, 'item', serializeItem(ctx.db, item));
  },
  'GET store/locations': (ctx) => reply(ctx, 'locations', all(ctx.db, 'SELECT * FROM store_locations ORDER BY id')),
  'GET store/locations/{id}': (ctx) => {
    const location = findLocation(ctx.db, pathId(ctx, 'Location'));
    const stock = all(ctx.db, 'SELECT i.id AS item_id, i.sku, s.quantity FROM store_stock s JOIN store_items i ON i.id = s.item_id WHERE s.location_id = ? ORDER BY i.id', location.id);
    return reply(ctx, 'location', { ...location, stock });
  },
  'GET superuser/merchsales': (ctx) => {
    const byState = all(ctx.db, 'SELECT state, currency, COUNT(*) AS count, SUM(total) AS total FROM store_purchases GROUP BY state, currency ORDER BY state, currency');
    const byMonth = all(ctx.db, "SELECT substr(paid_at, 1, 7) AS month, currency, COUNT(*) AS count, SUM(total) AS total FROM store_purchases WHERE state IN ('paid', 'shipped') GROUP BY month, currency ORDER BY month, currency");
    const topItems = all(ctx.db, `SELECT i.id AS item_id, i.sku, i.name, SUM(l.quantity) AS quantity FROM store_purchase_lines l JOIN store_items i ON i.id = l.item_id
         JOIN store_purchases p ON p.id = l.purchase_id WHERE p.state IN ('finalised', 'promised', 'paid', 'shipped') GROUP BY i.id ORDER BY quantity DESC, i.id LIMIT 10`);
    return reply(ctx, 'sales', { by_state: byState, by_month: byMonth, top_items: topItems });
  },
} satisfies PartialHandlerMap;
