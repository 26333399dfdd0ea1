import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../sandbox/db/database.js';
import { allValues, run } from '../../../sandbox/kit/sql.js';

describe('billing migrations', () => {
  it('creates the billing tables at version 25 or later', () => {
    const db = openDatabase(':memory:');
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(25);
    const tables = allValues(db, "SELECT name FROM sqlite_master WHERE type = 'table'");
    for (const name of [
      'products',
      'plans',
      'subscriptions',
      'invoices',
      'store_purchases',
      'jobs',
      'engagement_snapshots',
      'countries',
      'email_logs',
    ]) {
      expect(tables).toContain(name);
    }
    db.close();
  });

  it('refuses a state outside the lifecycle', () => {
    const db = openDatabase(':memory:');
    run(
      db,
      "INSERT INTO schools (id, name, country, locale, account_region, created_at) VALUES (1, 'S', 'GB', 'en_GB', 'GB', 'now')",
    );
    const insert = (number: string, state: string): unknown =>
      run(
        db,
        `INSERT INTO invoices (number, shareable_id, school_id, kind, billing, state, currency, amount, total, issued_at, due_at, created_at, updated_at)
         VALUES (?, ?, 1, 'subscription', 'invoice', ?, 'gbp', 100, 100, 'now', 'now', 'now', 'now')`,
        number,
        number.toLowerCase(),
        state,
      );
    expect(() => insert('A', 'open')).not.toThrow();
    expect(() => insert('B', 'archived')).toThrow(/CHECK/);
    db.close();
  });
});
