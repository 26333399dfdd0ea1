import type { Migration } from './migration.js';

/** Links between schools and rostering or school-system providers, with exclusions and tenants. */
export const rosteringSchema: Migration = {
  version: 14,
  name: 'rostering',
  sql: `
CREATE TABLE rostering_links (
  school_id INTEGER NOT NULL REFERENCES schools(id),
  provider TEXT NOT NULL,                -- the {school_system} or {roster_x} path segment
  external_id TEXT,
  tenant_id TEXT,
  state TEXT NOT NULL CHECK (state IN ('requested', 'linked', 'active', 'inactive')),
  data TEXT NOT NULL DEFAULT '{}',       -- JSON: auth subdomain or domain, last sync summary
  requested_at TEXT,
  linked_at TEXT,
  activated_at TEXT,
  synced_at TEXT,
  sync_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (school_id, provider)
);

CREATE TABLE rostering_exclusions (
  school_id INTEGER NOT NULL REFERENCES schools(id),
  provider TEXT NOT NULL,
  external_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (school_id, provider, external_id)
);

CREATE TABLE classlink_tenants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  tenant_id TEXT NOT NULL UNIQUE,
  data TEXT NOT NULL DEFAULT '{}',       -- JSON: orgs
  created_at TEXT NOT NULL
);
`,
};
