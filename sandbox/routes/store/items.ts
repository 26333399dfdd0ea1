/** Store items, their stock per location, filters and locations; and the merchandise sales report. */
import { isStaff } from '../../kit/reach.js';
import { page, parseField, pathId } from '../../kit/input.js';
import { createItem, findItem, patchItem, serializeItem } from '../../domain/store/items.js';
import {
  findItemBySku,
  itemFilters,
  listItems,
  listLocations,
  locationWithStock,
  restock,
} from '../../domain/store/catalogue.js';
import { merchSales } from '../../domain/store/sales.js';
import { itemChanges, itemChangesList, newItem, STOCK_BY_LOCATION } from '../../domain/store/item-fields.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

export const storeItemHandlers = {
  'GET store/items': (ctx) => {
    const { rows, total } = listItems(ctx.db, { ...ctx.input, all: isStaff(ctx.user) }, page(ctx));
    return reply(
      ctx,
      'items',
      rows.map((r) => serializeItem(ctx.db, r)),
      { total },
    );
  },
  'GET store/item_filters': (ctx) => reply(ctx, 'filters', itemFilters(ctx.db)),
  'GET store/items/{id}': (ctx) => reply(ctx, 'item', serializeItem(ctx.db, findItem(ctx.db, pathId(ctx, 'Item')))),
  'GET store/items/sku/{sku}': (ctx) => {
    return reply(ctx, 'item', serializeItem(ctx.db, findItemBySku(ctx.db, ctx.params.sku ?? '')));
  },
  'POST store/items': (ctx) =>
    reply(ctx, 'item', serializeItem(ctx.db, createItem(ctx.db, newItem(ctx.input), ctx.now())), {}, 201),
  'PATCH store/items': (ctx) => {
    // The item is named in the body: one item's changes, or `{ items: [...] }` for several.
    const patches = 'items' in ctx.input ? itemChangesList(ctx.input.items) : [itemChanges(ctx.input)];
    const rows = patches.map((patch) => patchItem(ctx.db, patch, ctx.now()));
    return reply(
      ctx,
      'items',
      rows.map((r) => serializeItem(ctx.db, r)),
    );
  },
  'PUT store/items/{id}/stock': (ctx) => {
    const item = findItem(ctx.db, pathId(ctx, 'Item'));
    const body = ctx.input;
    // `locations` is a record keyed by location id (the table names it as JSON): its entries are checked here.
    const locations =
      body.locations === undefined ? undefined : parseField('locations', STOCK_BY_LOCATION, body.locations);
    const changes: [number, number][] = locations
      ? Object.entries(locations).map(([location, quantity]) => [Number(location), quantity])
      : body.stock !== undefined
        ? [[body.location_id ?? 1, body.stock]]
        : [];
    restock(ctx.db, item.id, changes);
    return reply(ctx, 'item', serializeItem(ctx.db, item));
  },
  'GET store/locations': (ctx) => reply(ctx, 'locations', listLocations(ctx.db)),
  'GET store/locations/{id}': (ctx) => reply(ctx, 'location', locationWithStock(ctx.db, pathId(ctx, 'Location'))),
  'GET superuser/merchsales': (ctx) => reply(ctx, 'sales', merchSales(ctx.db)),
} satisfies PartialHandlerMap;
