import type { Migration } from './migration.js';

/** Seats a district moves from a subscription it holds to one of its schools (POST users/me/district/schools/{id}/subscriptions). */
export const districtAllocationsSchema: Migration = {
  version: 16,
  name: 'district-allocations',
  sql: `
CREATE TABLE district_allocations (
  id INTEGER PRIMARY KEY,
  district_id INTEGER NOT NULL REFERENCES districts(id),
  parent_subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  school_id INTEGER NOT NULL REFERENCES schools(id),
  quantity INTEGER NOT NULL,
  created_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX district_allocations_parent ON district_allocations(parent_subscription_id);
`,
};
