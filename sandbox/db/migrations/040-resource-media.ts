import type { Migration } from './migration.js';

/**
 * The resource files the sandbox generates and serves itself: each file's kind (planning pack, slides,
 * worksheet: the generator's input), and the database's own key for signing download addresses.
 */
export const resourceMediaSchema: Migration = {
  version: 40,
  name: 'resource-media',
  sql: `
ALTER TABLE resource_files ADD COLUMN kind TEXT NOT NULL DEFAULT 'document';  -- planning, slides, worksheet, document

CREATE TABLE signing_keys (
  purpose TEXT PRIMARY KEY,
  secret BLOB NOT NULL,
  created_at TEXT NOT NULL
);
`,
};
