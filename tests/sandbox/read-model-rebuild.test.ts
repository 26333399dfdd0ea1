/** Read models are derived data: rebuilt from the response shapes when their definition changes, not by a migration. */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../sandbox/db/database.js';
import { ensureReadModels } from '../../sandbox/db/fast/read-models.js';
import { seed } from '../../sandbox/db/seed/index.js';
import { serializeInvoice, type InvoiceRow } from '../../sandbox/domain/invoices/invoices.js';
import { run } from '../../sandbox/kit/sql.js';
import { rowOf, scalarOf } from './helpers/sql.js';

describe('read models', () => {
  it('are rebuilt and refilled when built from another definition, and left alone when current', () => {
    const db = openDatabase(':memory:');
    seed(db, { size: 'demo' });
    expect(ensureReadModels(db)).toBe(false);
    // As a database built by an older definition: stale docs, another fingerprint.
    run(db, "UPDATE read_model_versions SET fingerprint = 'older' WHERE name = 'read-models'");
    run(db, "UPDATE invoice_docs SET doc = '{}'");
    expect(ensureReadModels(db)).toBe(true);
    const row = rowOf<InvoiceRow>(db, 'SELECT * FROM invoices ORDER BY id LIMIT 1');
    const doc = scalarOf<string>(db, 'SELECT doc FROM invoice_docs WHERE id = ?', row.id);
    expect(doc).toBe(JSON.stringify(serializeInvoice(row)));
    expect(ensureReadModels(db)).toBe(false);
    // The triggers came back with the tables: a write still reaches the doc.
    run(db, "UPDATE invoices SET description = 'rebuilt' WHERE id = ?", row.id);
    expect(JSON.parse(scalarOf<string>(db, 'SELECT doc FROM invoice_docs WHERE id = ?', row.id))).toMatchObject({
      description: 'rebuilt',
    });
    db.close();
  });
});
