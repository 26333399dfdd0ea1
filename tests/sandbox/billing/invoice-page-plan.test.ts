import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../../sandbox/db/database.js';
import { invoicePageSql } from '../../../sandbox/domain/invoices/invoice-list.js';
import { all } from '../../../sandbox/kit/sql.js';

/** How SQLite runs a page of the invoice list at skip 90,000: the details of its query plan, one per step. */
const planOf = (db: Db, where: string): string[] =>
  all<{ detail: string }>(db, `EXPLAIN QUERY PLAN ${invoicePageSql(where)}`, {
    take: 100,
    skip: 90_000,
    state: 'open',
  }).map((row) => row.detail);

// The unfiltered list is what a bulk run reads its targets from, at any skip: SQLite must skip along an
// index of ids alone, not walk the table's rows (whose pages hold whole invoices), or old pages cost
// several times what new ones do.
describe('a page of the invoice list', () => {
  it('skips along the ids alone when nothing filters the list', () => {
    const db = openDatabase(':memory:');
    expect(planOf(db, '')).toContain('SCAN invoices USING COVERING INDEX invoices_by_id');
    db.close();
  });

  it('keeps the index of its filter when one is given', () => {
    const db = openDatabase(':memory:');
    expect(planOf(db, ' WHERE state = @state').join('\n')).toMatch(/USING COVERING INDEX invoices_state/);
    db.close();
  });

  it('gets the index on a database made before it', () => {
    // As a release before migration 41 left it: every other migration applied, at version 40.
    const db = openDatabase(':memory:');
    db.exec('DROP INDEX invoices_by_id');
    db.pragma('user_version = 40');
    expect(planOf(db, '')).toContain('SCAN invoices');
    migrate(db);
    expect(planOf(db, '')).toContain('SCAN invoices USING COVERING INDEX invoices_by_id');
    db.close();
  });
});
