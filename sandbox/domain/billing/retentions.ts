/**
 * Retention: of the paid subscriptions whose term ended in a period, how many the school renewed (a later
 * paid subscription to the same product starting no more than 60 days after the old expiry).
 * Also the sales info summary of the subscription base.
 */
import { SUBSCRIPTION_KINDS, SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import { all, oneValue, sqlList, type Db } from '../../kit/sql.js';
import type { Period } from './sales-reports.js';
import type { Row } from '../../db/rows.js';
import { RUNNING_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';

export const RENEWAL_GRACE_DAYS = 60;

/**
 * Retention per product for subscriptions that ended in the period (up to yesterday).
 *
 * @example
 * retentions(db, { from: '2025-09-01', to: '2026-08-31' }, '2026-09-01')
 */
export function retentions(db: Db, period: Period, today: string): Record<string, unknown> {
  const rows = all<{ product_id: number; product: string; due: number; renewed: number }>(
    db,
    `SELECT p.id AS product_id, p.name AS product, COUNT(*) AS due,
         SUM(EXISTS (SELECT 1 FROM subscriptions n WHERE n.school_id = s.school_id AND n.product_id = s.product_id AND n.id != s.id
           AND n.deleted_at IS NULL AND n.kind NOT IN ('freemium', 'trial') AND n.start_date > s.start_date
           AND n.start_date <= date(s.expiry, '+${RENEWAL_GRACE_DAYS} days'))) AS renewed
       FROM subscriptions s JOIN products p ON p.id = s.product_id
       WHERE s.deleted_at IS NULL AND s.kind NOT IN ('freemium', 'trial') AND s.state != 'pending'
         AND s.expiry BETWEEN @from AND @to AND s.expiry < @today
       GROUP BY p.id ORDER BY p.id`,
    { from: period.from, to: period.to, today },
  );
  const rate = (renewed: number, due: number): number | null =>
    due === 0 ? null : Math.round((renewed / due) * 1000) / 1000;
  const due = rows.reduce((s, r) => s + r.due, 0);
  const renewed = rows.reduce((s, r) => s + r.renewed, 0);
  return {
    from: period.from,
    to: period.to,
    due,
    renewed,
    lapsed: due - renewed,
    rate: rate(renewed, due),
    by_product: rows.map((r) => ({ ...r, lapsed: r.due - r.renewed, rate: rate(r.renewed, r.due) })),
  };
}

function countsOf(keys: readonly string[], counted: readonly (readonly [string, number])[]): Record<string, number> {
  return { ...Object.fromEntries(keys.map((key) => [key, 0])), ...Object.fromEntries(counted) };
}

/** The subscription base now, and what happened to it in the period. */
export function salesInfo(db: Db, period: Period): Record<string, unknown> {
  const byState = all<Pick<Row<'subscriptions'>, 'state'> & { n: number }>(
    db,
    'SELECT state, COUNT(*) AS n FROM subscriptions WHERE deleted_at IS NULL GROUP BY state ORDER BY state',
  );
  const byKind = all<Pick<Row<'subscriptions'>, 'kind'> & { n: number }>(
    db,
    'SELECT kind, COUNT(*) AS n FROM subscriptions WHERE deleted_at IS NULL GROUP BY kind ORDER BY kind',
  );
  const count = (sql: string, ...args: unknown[]): number => oneValue<number>(db, sql, ...args) as number;
  return {
    from: period.from,
    to: period.to,
    schools_subscribed: count(
      `SELECT COUNT(DISTINCT school_id) FROM subscriptions WHERE deleted_at IS NULL AND state IN ${sqlList(RUNNING_SUBSCRIPTION_STATES)} AND kind != 'freemium'`,
    ),
    // Every state and kind, 0 where none is: the reply's keys do not depend on the data.
    subscriptions_by_state: countsOf(
      SUBSCRIPTION_STATES,
      byState.map((r) => [r.state, r.n]),
    ),
    subscriptions_by_kind: countsOf(
      SUBSCRIPTION_KINDS,
      byKind.map((r) => [r.kind, r.n]),
    ),
    new_in_period: count(
      'SELECT COUNT(*) FROM subscriptions WHERE deleted_at IS NULL AND substr(created_at, 1, 10) BETWEEN ? AND ?',
      period.from,
      period.to,
    ),
    cancelled_in_period: count(
      'SELECT COUNT(*) FROM cancellations WHERE undone_at IS NULL AND substr(created_at, 1, 10) BETWEEN ? AND ?',
      period.from,
      period.to,
    ),
    seats: count(
      `SELECT COALESCE(SUM(seats), 0) FROM subscriptions WHERE deleted_at IS NULL AND state IN ${sqlList(RUNNING_SUBSCRIPTION_STATES)}`,
    ),
  };
}
