import type { Migration } from './migration.js';

/**
 * The merchandise store: locations (warehouses, each with its shipping price), items with stock per
 * location, and purchases with their lines. State rules are in sandbox/domain/store/lifecycle.ts.
 */
export const storeSchema: Migration = {
  version: 23,
  name: 'store',
  sql: `
CREATE TABLE store_locations (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT NOT NULL,
  currency TEXT NOT NULL,
  shipping_price INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE store_items (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  prices TEXT NOT NULL DEFAULT '{}',       -- JSON: currency -> minor units
  image TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE store_stock (
  item_id INTEGER NOT NULL REFERENCES store_items(id),
  location_id INTEGER NOT NULL REFERENCES store_locations(id),
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (item_id, location_id)
);

CREATE TABLE store_purchases (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  user_id INTEGER REFERENCES users(id),
  location_id INTEGER NOT NULL REFERENCES store_locations(id),
  origin TEXT NOT NULL CHECK (origin IN ('draft', 'invoice', 'card')),
  state TEXT NOT NULL CHECK (state IN ('draft', 'finalised', 'promised', 'paid', 'shipped', 'void')),
  currency TEXT NOT NULL,
  subtotal INTEGER NOT NULL DEFAULT 0,
  shipping INTEGER,                        -- NULL until set
  total INTEGER NOT NULL DEFAULT 0,
  po_number TEXT,
  skip_email INTEGER NOT NULL DEFAULT 0,
  payment_method TEXT,
  promised_reference TEXT,
  tracking TEXT,
  source_person_id INTEGER REFERENCES sales_people(id),
  source_dept TEXT,
  accounting_id TEXT,
  finalised_at TEXT,
  promised_at TEXT,
  paid_at TEXT,
  shipped_at TEXT,
  voided_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX store_purchases_school ON store_purchases(school_id, state);

CREATE TABLE store_purchase_lines (
  purchase_id INTEGER NOT NULL REFERENCES store_purchases(id),
  item_id INTEGER NOT NULL REFERENCES store_items(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price INTEGER NOT NULL,
  PRIMARY KEY (purchase_id, item_id)
);
`,
};
