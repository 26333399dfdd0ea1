import type { Migration } from './migration.js';

/**
 * Invoices (subscription, upgrade, prepayment and card-provider invoices), their credits and refunds,
 * and the sales people invoices are attributed to. Amounts are integers in minor units of `currency`.
 * State rules are in sandbox/domain/invoices/lifecycle.ts.
 */
export const invoiceSchema: Migration = {
  version: 22,
  name: 'invoices',
  sql: `
CREATE TABLE sales_people (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  shareable_id TEXT NOT NULL UNIQUE,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  subscription_id INTEGER REFERENCES subscriptions(id),
  kind TEXT NOT NULL CHECK (kind IN ('subscription', 'upgrade', 'prepayment', 'multi_year', 'card')),
  billing TEXT NOT NULL CHECK (billing IN ('invoice', 'card')),
  card_reference TEXT,
  state TEXT NOT NULL CHECK (state IN ('open', 'promised', 'paid', 'void', 'uncollectable', 'refunded')),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL,                 -- net
  tax INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  amount_final INTEGER,                    -- what was received, in gbp, once forex-marked
  forex INTEGER NOT NULL DEFAULT 0,
  forex_rate REAL,
  description TEXT NOT NULL DEFAULT '',
  issued_at TEXT NOT NULL,
  due_at TEXT NOT NULL,
  promised_reference TEXT,
  promised_at TEXT,
  paid_method TEXT,
  paid_date TEXT,
  voided_at TEXT,
  uncollectable_at TEXT,
  amount_refunded INTEGER NOT NULL DEFAULT 0,
  refunded_at TEXT,
  remittance_date_received TEXT,
  remittance_file TEXT,
  accounting_id TEXT,
  sent_to_accounting_at TEXT,
  source_person_id INTEGER REFERENCES sales_people(id),
  source_dept TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX invoices_school ON invoices(school_id, state);
CREATE INDEX invoices_subscription ON invoices(subscription_id);
CREATE INDEX invoices_issued ON invoices(issued_at);

CREATE TABLE invoice_credits (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(id),
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'credit')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
`,
};
