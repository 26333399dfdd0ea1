/** The merchandise store: items, warehouses (locations) and purchases, as the API answers them. */
import { CURRENCIES, PURCHASE_ORIGINS, PURCHASE_STATES } from '../domain/billing.js';
import { defineShape, inline, listOf, nullable } from './define.js';

/** An item of the store: its SKU, category and tags, a price per currency (minor units), and stock per location. */
export const STORE_ITEM = defineShape(
  'store_item',
  {
    id: 'serial',
    sku: 'string',
    name: 'string',
    description: 'string',
    category: 'string',
    tags: 'strings',
    prices: 'object',
    image: nullable('string'),
    active: 'boolean',
    created_at: 'date',
    updated_at: 'date',
    stock: 'object',
    stock_total: 'int',
  },
  {
    summary: 'An item of the store: SKU, prices per currency and stock',
    columns: ['id', 'sku', 'name', 'category', 'stock_total', 'active'],
  },
);

/** How many of an item a location holds. */
export const STOCK_LINE = inline({ item_id: 'serial', sku: 'string', quantity: 'int' });

/** A warehouse the store ships from: its country, currency and shipping price; its stock where one location is shown. */
export const STORE_LOCATION = defineShape(
  'store_location',
  {
    id: 'serial',
    name: 'string',
    country: 'string',
    currency: { oneOf: CURRENCIES },
    shipping_price: 'int',
    created_at: 'date',
    stock: listOf(STOCK_LINE, { optional: true }),
  },
  {
    summary: 'A warehouse of the store',
    columns: ['id', 'name', 'country', 'currency', 'shipping_price'],
    money: ['shipping_price'],
  },
);

/** A line of a purchase: the item, how many, at what unit price. */
export const PURCHASE_LINE = inline({
  item_id: 'serial',
  sku: 'string',
  name: 'string',
  quantity: 'int',
  unit_price: 'int',
});

/** A school's store purchase (`payment_method` says how it was paid: a method's name, or the card used): its lines, totals in minor units, state and the dates of each step, shipping and accounting. */
export const PURCHASE = defineShape(
  'purchase',
  {
    id: 'serial',
    number: 'string',
    school_id: 'serial',
    user_id: nullable('serial'),
    location_id: 'serial',
    origin: { oneOf: PURCHASE_ORIGINS },
    state: { oneOf: PURCHASE_STATES },
    currency: { oneOf: CURRENCIES },
    subtotal: 'int',
    shipping: nullable('int'),
    total: 'int',
    po_number: nullable('string'),
    skip_email: 'boolean',
    payment_method: nullable('string'),
    promised_reference: nullable('string'),
    tracking: nullable('string'),
    source_person_id: nullable('serial'),
    source_dept: nullable('string'),
    accounting_id: nullable('string'),
    finalised_at: nullable('date'),
    promised_at: nullable('date'),
    paid_at: nullable('date'),
    shipped_at: nullable('date'),
    voided_at: nullable('date'),
    created_at: 'date',
    updated_at: 'date',
    items: [PURCHASE_LINE],
  },
  {
    summary: "A school's store purchase: lines, totals and state",
    columns: ['id', 'number', 'school_id', 'state', 'total', 'created_at'],
    money: ['subtotal', 'shipping', 'total'],
  },
);
