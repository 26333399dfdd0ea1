import type { Migration } from './migration.js';

/**
 * School subscriptions and what hangs off them: assigned members, cancellations, the card provider's
 * scheduled updates and events, saved payment methods, and the inferred teacher access cache.
 * State rules are in sandbox/domain/subscriptions/lifecycle.ts.
 */
export const subscriptionSchema: Migration = {
  version: 21,
  name: 'subscriptions',
  sql: `
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  plan_id INTEGER REFERENCES plans(id),
  kind TEXT NOT NULL CHECK (kind IN ('freemium', 'trial', 'full', 'free', 'backdated', 'future', 'prepaid', 'multi_year')),
  state TEXT NOT NULL CHECK (state IN ('pending', 'future', 'trial', 'active', 'cancelling', 'expired', 'cancelled', 'deactivated')),
  billing TEXT NOT NULL CHECK (billing IN ('none', 'invoice', 'card')),
  currency TEXT NOT NULL,
  seats INTEGER NOT NULL DEFAULT 0,
  teacher_seats INTEGER NOT NULL DEFAULT 0,
  start_date TEXT NOT NULL,
  expiry TEXT,                             -- NULL: no end (freemium)
  po_number TEXT,
  billing_address_id INTEGER,
  price_rise_exemption TEXT,               -- date until which renewals keep the old price
  permissions TEXT NOT NULL DEFAULT '[]',
  inferred_teacher_access INTEGER NOT NULL DEFAULT 0,
  action_secret TEXT,                      -- prepaid and multi-year: lets the payer cancel the prepayment
  pending_upgrade TEXT,                    -- JSON: an upgrade awaiting prepayment
  card_reference TEXT,                     -- the card provider's subscription id once converted
  moved_from_school_id INTEGER,
  synced_at TEXT,
  cancelled_at TEXT,
  deactivated_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX subscriptions_school ON subscriptions(school_id, state);

-- Pupils (user), teachers (teacher) and groups (group) assigned to a subscription's seats.
CREATE TABLE subscription_members (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  target TEXT NOT NULL CHECK (target IN ('user', 'teacher', 'group')),
  member_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (subscription_id, target, member_id)
);

CREATE TABLE cancellations (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  school_id INTEGER NOT NULL REFERENCES schools(id),
  kind TEXT NOT NULL CHECK (kind IN ('at_expiry', 'refund', 'void', 'uncollectable', 'deactivate')),
  reason TEXT NOT NULL DEFAULT '',
  user_id INTEGER,
  created_at TEXT NOT NULL,
  undone_at TEXT
);

CREATE TABLE card_schedules (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  changes TEXT NOT NULL,                   -- JSON: seats, teacher_seats, plan_id
  effective_at TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('scheduled', 'cancelled', 'applied')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE card_events (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  subscription_id INTEGER,
  invoice_id INTEGER,
  type TEXT NOT NULL,                      -- invoice.paid, invoice.payment_failed, ...
  payload TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL CHECK (state IN ('processed', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 1,
  error TEXT,
  created_at TEXT NOT NULL,
  processed_at TEXT
);

CREATE TABLE payment_methods (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  provider_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);

-- Teachers using a subscription with inferred access but not assigned to it; rebuilt by refresh.
CREATE TABLE inferred_access (
  subscription_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  school_id INTEGER NOT NULL,
  refreshed_at TEXT NOT NULL,
  PRIMARY KEY (subscription_id, user_id)
);
`,
};
