import type { Migration } from './migration.js';

/**
 * The content blocks of a resource page (O §3: a block is `type`, html or plain, and `value`), in page
 * order. A table rather than a JSON column so `SELECT * FROM resources` rows keep their shape.
 */
export const resourceBlocksSchema: Migration = {
  version: 30,
  name: 'resource-blocks',
  sql: `
CREATE TABLE resource_blocks (
  resource_id INTEGER NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('html', 'plain')),
  value TEXT NOT NULL,
  PRIMARY KEY (resource_id, position)
);
`,
};
