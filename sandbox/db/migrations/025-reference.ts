import type { Migration } from './migration.js';

/** Countries with zones, VAT checks and VAT countries per school, email logs and suppressions, system errors. */
export const referenceSchema: Migration = {
  version: 25,
  name: 'reference',
  sql: `
CREATE TABLE countries (
  code TEXT PRIMARY KEY,                   -- ISO 3166-1 alpha-2
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  vat_rate REAL NOT NULL DEFAULT 0,        -- percent
  eu INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

CREATE TABLE country_zones (
  id INTEGER PRIMARY KEY,
  country_code TEXT NOT NULL REFERENCES countries(code),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (country_code, code)
);

CREATE TABLE vat_checks (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  vat_number TEXT NOT NULL,
  country TEXT,
  valid INTEGER NOT NULL,
  checked_at TEXT NOT NULL
);

CREATE TABLE school_vat_countries (
  school_id INTEGER NOT NULL REFERENCES schools(id),
  country_code TEXT NOT NULL REFERENCES countries(code),
  PRIMARY KEY (school_id, country_code)
);

CREATE TABLE email_logs (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  template TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'delivered', 'opened', 'bounced', 'failed')),
  school_id INTEGER,
  user_id INTEGER,
  resent_from INTEGER,
  storage TEXT,                            -- where the rendered message is kept
  sent_at TEXT NOT NULL
);
CREATE INDEX email_logs_sent ON email_logs(sent_at);

CREATE TABLE email_suppressions (
  email TEXT PRIMARY KEY,
  reason TEXT NOT NULL CHECK (reason IN ('bounce', 'complaint')),
  created_at TEXT NOT NULL
);

CREATE TABLE system_errors (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('server', 'client')),
  message TEXT NOT NULL,
  stack TEXT,
  url TEXT,
  user_id INTEGER,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
`,
};
