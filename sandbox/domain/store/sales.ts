/** The merchandise sales report: purchases by state and by month, and the best-selling items. */
import { all, type Db } from '../../kit/sql.js';

/**
 * The report: counts and totals by state and currency, paid sales by month, the ten items sold most.
 *
 * @example
 * merchSales(db); // { by_state: [...], by_month: [{ month: '2026-09', currency: 'gbp', count: 3, total: 7500 }], top_items: [...] }
 */
export function merchSales(db: Db): Record<string, unknown> {
  const byState = all(
    db,
    'SELECT state, currency, COUNT(*) AS count, SUM(total) AS total FROM store_purchases GROUP BY state, currency ORDER BY state, currency',
  );
  const byMonth = all(
    db,
    "SELECT substr(paid_at, 1, 7) AS month, currency, COUNT(*) AS count, SUM(total) AS total FROM store_purchases WHERE state IN ('paid', 'shipped') GROUP BY month, currency ORDER BY month, currency",
  );
  const topItems = all(
    db,
    `SELECT i.id AS item_id, i.sku, i.name, SUM(l.quantity) AS quantity FROM store_purchase_lines l JOIN store_items i ON i.id = l.item_id
         JOIN store_purchases p ON p.id = l.purchase_id WHERE p.state IN ('finalised', 'promised', 'paid', 'shipped') GROUP BY i.id ORDER BY quantity DESC, i.id LIMIT 10`,
  );
  return { by_state: byState, by_month: byMonth, top_items: topItems };
}
