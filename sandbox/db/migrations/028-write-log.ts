import type { Migration } from './migration.js';

/**
 * The write counter as an append-only log: each applied write adds a row at the end of a rowid table (the
 * cheapest insert SQLite has, on pages already in cache), and `__sandbox/writes` sums the log when asked.
 * Before, every write upserted a (route, target) row keyed by two strings, a search and an insert in two
 * b-trees on each request; on the mark-paid path that cost about as much as the invoice update itself.
 * Counts already kept become one row each with their count.
 */
export const writeLog: Migration = {
  version: 28,
  name: 'write-log',
  sql: `
CREATE TABLE write_log (
  id INTEGER PRIMARY KEY,
  route TEXT NOT NULL,
  target TEXT NOT NULL DEFAULT '',
  count INTEGER NOT NULL DEFAULT 1
);
INSERT INTO write_log (route, target, count) SELECT route, target, count FROM write_counts;
DROP TABLE write_counts;
`,
};
