/**
 * The fields of a store item a superuser sets, stated once as table field specs. The spec names no
 * payload of `POST store/items` or `PATCH store/items` (their entries are open), so the sandbox chose
 * these; the routes read them with `parseFields`. Prices and stock are records of unknown keys (a
 * currency, a location id), nested shapes the field language cannot state: they are checked under their
 * key, and every bad key of an item is reported in one 422.
 */
import { z } from 'zod';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import { fieldSchema } from '../../../core/endpoints/schemas.js';
import { checkAll } from '../../kit/check-all.js';
import { parseField, parseFields, trimmedNames } from '../../kit/input.js';
import { CURRENCIES, type Currency } from '../pricing/money.js';

/** A stock-keeping unit: unique per item whatever its case, and kept as sent. */
const SKU = {
  kind: 'text',
  pattern: '^[A-Za-z0-9][A-Za-z0-9-]{1,39}$',
  expected: '2-40 letters, digits and dashes',
  example: 'BEE-PLUSH',
} as const;
const NAME = { kind: 'text', min: 1, max: 200 } as const;
const CATEGORY = { kind: 'text', min: 1, max: 60 } as const;

/** What an update may change; every key optional. Other keys (a whole item sent back) are ignored. */
export const ITEM_FIELDS = {
  sku: { ...SKU, optional: true },
  name: { ...NAME, optional: true },
  description: { kind: 'string', max: 5000, optional: true },
  category: { ...CATEGORY, optional: true },
  tags: 'strings?',
  image: { kind: 'string', max: 500, optional: true },
  active: 'flag?',
} as const;

/** A new item: a SKU, a name and a category at least (and its prices, checked beside these). */
export const NEW_ITEM_FIELDS = { ...ITEM_FIELDS, sku: SKU, name: NAME, category: CATEGORY } as const;

/** An item in an update: its id and the fields to change. */
export const ITEM_UPDATE_FIELDS = { ...ITEM_FIELDS, id: 'serial' } as const;

/** An item's prices: minor units (whole, 0 or more) per billing currency. */
const PRICES = z.partialRecord(z.enum(CURRENCIES), z.number().int().min(0));

/**
 * Units in stock per location, keyed by location id (`{ "1": 10 }`): a new item's `stock`, and the
 * `locations` of `PUT store/items/{id}/stock`.
 */
export const STOCK_BY_LOCATION = z.record(z.string().regex(/^\d+$/), z.number().int().min(0));

// `strings` is the table's kind of `tags`; each tag is then trimmed and must not be blank.
const TAGS = fieldSchema(ITEM_FIELDS.tags);

type Prices = Partial<Record<Currency, number>>;
type Trimmed<P> = Omit<P, 'tags'> & { readonly tags?: string[] };

/** A new item as checked: the named fields, its prices and its stock per location. */
export type NewItem = Trimmed<ParsedPayload<typeof NEW_ITEM_FIELDS>> & {
  readonly prices: Prices;
  readonly stock?: Record<string, number>;
};
/** The changes to one item as checked: its id, and each field given. */
export type ItemChanges = Trimmed<ParsedPayload<typeof ITEM_UPDATE_FIELDS>> & { readonly prices?: Prices };

function keyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

// The tags as sent, trimmed; undefined when not given or not a list of strings (the field kind reports that).
function tagsOf(value: unknown, path: string): string[] | undefined {
  const tags = TAGS.safeParse(keyOf(value, 'tags'));
  return tags.success && tags.data !== undefined ? trimmedNames(tags.data as readonly string[], path) : undefined;
}

const under = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/**
 * A new item's payload, checked: every bad key (a field, a tag, a price, a stock entry) in one 422.
 *
 * @example
 * newItem({ sku: 'BEE-MAGNET', name: 'Bee magnet', category: 'gifts', prices: { gbp: 299 }, stock: { 1: 10 } })
 */
export function newItem(value: unknown): NewItem {
  const [fields, tags, prices, stock] = checkAll(
    () => parseFields(NEW_ITEM_FIELDS, value),
    () => tagsOf(value, 'tags'),
    () => parseField('prices', PRICES, keyOf(value, 'prices')),
    () => parseField('stock', STOCK_BY_LOCATION.optional(), keyOf(value, 'stock')),
  );
  return { ...fields, tags, prices, stock };
}

/**
 * The changes to one item, checked; every bad key reported, under `path` when given (`items.2.sku`).
 *
 * @example
 * itemChanges({ id: '4', prices: { gbp: 350 } }) // { id: 4, prices: { gbp: 350 } }
 */
export function itemChanges(value: unknown, path = ''): ItemChanges {
  const [fields, tags, prices] = checkAll(
    () => parseFields(ITEM_UPDATE_FIELDS, value, path),
    () => tagsOf(value, under(path, 'tags')),
    () => parseField(under(path, 'prices'), PRICES.optional(), keyOf(value, 'prices')),
  );
  return { ...fields, tags, prices };
}

/**
 * The bulk form's `items`: a list of one or more item changes; every bad key of every item in one 422.
 *
 * @example
 * itemChangesList([{ id: 1, active: 0 }, { id: 2, active: 0 }])
 */
export function itemChangesList(value: unknown): ItemChanges[] {
  const list = parseField('items', z.array(z.unknown()).min(1), value);
  return checkAll(...list.map((item, i) => () => itemChanges(item, `items.${i}`)));
}
