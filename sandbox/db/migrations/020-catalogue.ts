import type { Migration } from './migration.js';

/** The subscription catalogue: products, their scopes, plans (with children), plan actions, coupons. */
export const catalogueSchema: Migration = {
  version: 20,
  name: 'catalogue',
  sql: `
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,             -- spelling, number, phonics, literacy...
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  permissions TEXT NOT NULL DEFAULT '[]', -- JSON list of features a subscription grants
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

-- What a plan's seats count: the whole school, pupil seats or teacher seats.
CREATE TABLE product_scopes (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT NOT NULL,
  seat_type TEXT NOT NULL CHECK (seat_type IN ('school', 'users', 'teachers')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE plans (
  id INTEGER PRIMARY KEY,
  scope_id INTEGER NOT NULL REFERENCES product_scopes(id),
  parent_id INTEGER REFERENCES plans(id), -- regional or multi-year variants of a plan
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),        -- minor units per term, seats included
  seats INTEGER NOT NULL DEFAULT 0,                 -- pupil seats included
  teacher_seats INTEGER NOT NULL DEFAULT 0,
  seat_price INTEGER NOT NULL DEFAULT 0,            -- minor units per extra seat per term
  term_months INTEGER NOT NULL DEFAULT 12,
  active INTEGER NOT NULL DEFAULT 1,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX plans_scope ON plans(scope_id);

CREATE TABLE plan_actions (
  id INTEGER PRIMARY KEY,
  plan_id INTEGER NOT NULL REFERENCES plans(id),
  kind TEXT NOT NULL CHECK (kind IN ('migrate', 'reprice', 'retire')),
  params TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL CHECK (state IN ('scheduled', 'running', 'done', 'failed', 'cancelled')),
  run_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  job_id INTEGER,
  error TEXT,
  result TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The plans cache the platform keeps: refresh stores a checksum of the plans, cache_check compares.
CREATE TABLE plan_cache (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checksum TEXT NOT NULL,
  plan_count INTEGER NOT NULL,
  refreshed_at TEXT NOT NULL
);

CREATE TABLE coupons (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  percent_off INTEGER,
  amount_off INTEGER,
  currency TEXT,
  valid_until TEXT,
  max_redemptions INTEGER,
  redemptions INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
`,
};
