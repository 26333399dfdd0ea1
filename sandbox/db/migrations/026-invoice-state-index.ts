import type { Migration } from './migration.js';

/**
 * Invoices by state: the invoice list filtered by state (`?state=open`, the billing run's first call)
 * and its count scanned the whole table without it. The index keeps rowid order, so newest-first pages
 * of one state need no sort.
 */
export const invoiceStateIndex: Migration = {
  version: 26,
  name: 'invoice-state-index',
  sql: `
CREATE INDEX invoices_state ON invoices(state);
`,
};
