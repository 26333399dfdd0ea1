import { describe, expect, it } from 'vitest';
import { seededDb } from './seeded.js';
import { all, allValues, oneValue } from '../../../sandbox/kit/sql.js';
import { rowOf, scalarOf } from '../helpers/sql.js';

describe('billing seed', () => {
  const db = seededDb();
  const count = (sql: string): number => scalarOf<number>(db, sql);

  it('seeds every subscription state and several kinds across the three schools', () => {
    const states = allValues(db, 'SELECT DISTINCT state FROM subscriptions ORDER BY state');
    expect(states).toEqual([
      'active',
      'cancelled',
      'cancelling',
      'deactivated',
      'expired',
      'future',
      'pending',
      'trial',
    ]);
    expect(allValues(db, 'SELECT DISTINCT school_id FROM subscriptions ORDER BY 1')).toEqual([1, 2, 3]);
  });

  it('seeds invoices in every state and three currencies, with tax from the country', () => {
    expect(allValues(db, 'SELECT DISTINCT state FROM invoices ORDER BY state')).toEqual([
      'open',
      'paid',
      'promised',
      'refunded',
      'uncollectable',
      'void',
    ]);
    expect(allValues(db, 'SELECT DISTINCT currency FROM invoices ORDER BY 1')).toEqual(['aud', 'gbp', 'usd']);
    const gb = rowOf<{ amount: number; tax: number }>(
      db,
      "SELECT amount, tax FROM invoices WHERE currency = 'gbp' LIMIT 1",
    );
    expect(gb.tax).toBe(Math.round(gb.amount * 0.2));
    expect(count("SELECT COUNT(*) FROM invoices WHERE currency = 'usd' AND tax != 0")).toBe(0);
  });

  it('seeds the catalogue, store, people, countries, snapshots, jobs and mail', () => {
    expect(count('SELECT COUNT(*) FROM products')).toBe(6);
    expect(count('SELECT COUNT(*) FROM plans WHERE parent_id IS NOT NULL')).toBe(5);
    expect(allValues(db, 'SELECT DISTINCT state FROM store_purchases ORDER BY 1')).toEqual([
      'draft',
      'finalised',
      'paid',
      'promised',
      'shipped',
      'void',
    ]);
    expect(count("SELECT COUNT(*) FROM country_zones WHERE country_code = 'AU'")).toBe(8);
    expect(count('SELECT COUNT(*) FROM sales_people WHERE is_active = 0')).toBe(1);
    expect(count('SELECT COUNT(*) FROM engagement_snapshots')).toBe(2);
    expect(count('SELECT COUNT(*) FROM engagement_rows')).toBe(6);
    expect(allValues(db, 'SELECT DISTINCT state FROM plan_actions ORDER BY 1')).toEqual([
      'done',
      'failed',
      'scheduled',
    ]);
    expect(count('SELECT COUNT(*) FROM email_logs')).toBeGreaterThan(40);
  });

  it('repeats exactly', () => {
    const again = seededDb();
    const dump = (d: typeof db): unknown => all(d, 'SELECT id, shareable_id, total, state FROM invoices ORDER BY id');
    expect(dump(again)).toEqual(dump(db));
  });
});

describe('large billing seed', () => {
  it('reaches 10,000 invoices over the large schools', () => {
    const db = seededDb('large');
    expect(oneValue(db, 'SELECT COUNT(*) FROM invoices')).toBe(10_000);
    expect(oneValue(db, 'SELECT COUNT(DISTINCT school_id) FROM invoices')).toBeGreaterThan(200);
    expect(oneValue(db, 'SELECT COUNT(DISTINCT currency) FROM invoices')).toBeGreaterThanOrEqual(5);
    db.close();
  });
});
