/**
 * Sales reports computed from invoices and subscriptions. "Sales" are invoices that were not voided or
 * written off; amounts are per currency in minor units, with a gbp equivalent at the sandbox rates, net of
 * refunds. Periods filter on the day an invoice was issued.
 */
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { SALES_PERIOD } from '../../../core/endpoints/sales-reporting.js';
import { all, oneValue, sqlList, type Db } from '../../kit/sql.js';
import { addDays, daysBetween } from './dates.js';
import { type Currency, isCurrency, toGbp } from '../pricing/money.js';
import type { Row } from '../../db/rows.js';
import { UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';

/** What a report's period is given as: the table's SALES_PERIOD, parsed. */
export type PeriodInput = ParsedPayload<typeof SALES_PERIOD>;
export type Period = { from: string; to: string; currency?: string };

/** The period a report covers: the given days, else the twelve months up to today. */
export function periodOf(input: PeriodInput, today: string): Period {
  const to = input.to ?? today;
  const from = input.from ?? addDays(to, -364);
  return { from, to, ...(input.currency ? { currency: input.currency.toLowerCase() } : {}) };
}

interface Bucket {
  count: number;
  amount: number;
  tax: number;
  total: number;
  refunded: number;
}

export interface SalesLine {
  readonly key: string | number | null;
  readonly label: string;
  readonly by_currency: Record<string, Bucket>;
  readonly count: number;
  readonly gbp: number;
}

const SALE = "i.state NOT IN ('void', 'uncollectable')";

function gbpOf(byCurrency: Record<string, Bucket>): number {
  return Object.entries(byCurrency).reduce(
    (sum, [c, b]) => sum + (isCurrency(c) ? toGbp(b.total - b.refunded, c) : 0),
    0,
  );
}

/**
 * Sales grouped by an SQL expression (with a label expression), largest gbp first.
 *
 * @example
 * salesBy(db, period, 's.kind', 's.kind', 'LEFT JOIN subscriptions s ON s.id = i.subscription_id')
 */
export function salesBy(db: Db, period: Period, keyExpr: string, labelExpr: string, join = ''): SalesLine[] {
  const rows = all<{ k: string | number | null; label: string | null; currency: Currency } & Bucket>(
    db,
    `SELECT ${keyExpr} AS k, ${labelExpr} AS label, i.currency, COUNT(*) AS count, SUM(i.amount) AS amount, SUM(i.tax) AS tax, SUM(i.total) AS total,
         SUM(i.amount_refunded) AS refunded
       FROM invoices i ${join}
       WHERE ${SALE} AND i.issued_at BETWEEN @from AND @to AND (@currency IS NULL OR i.currency = @currency)
       GROUP BY k, i.currency`,
    { from: period.from, to: period.to, currency: period.currency ?? null },
  );
  const lines = new Map<string, { key: string | number | null; label: string; by_currency: Record<string, Bucket> }>();
  for (const row of rows) {
    const id = String(row.k);
    const line = lines.get(id) ?? { key: row.k, label: row.label ?? 'unattributed', by_currency: {} };
    line.by_currency[row.currency] = {
      count: row.count,
      amount: row.amount,
      tax: row.tax,
      total: row.total,
      refunded: row.refunded,
    };
    lines.set(id, line);
  }
  return [...lines.values()]
    .map((line) => ({
      ...line,
      count: Object.values(line.by_currency).reduce((s, b) => s + b.count, 0),
      gbp: gbpOf(line.by_currency),
    }))
    .sort((a, b) => b.gbp - a.gbp);
}

/**
 * Totals of a period per currency and per state: what was invoiced, paid, outstanding, overdue, voided,
 * written off and refunded.
 *
 * @example
 * salesTotals(db, { from: '2026-01-01', to: '2026-08-31' }, '2026-09-01')
 */
export function salesTotals(db: Db, period: Period, today: string): Record<string, unknown> {
  const rows = all<{ currency: Currency } & Record<string, number>>(
    db,
    `SELECT currency,
         SUM(CASE WHEN state NOT IN ('void', 'uncollectable') THEN total ELSE 0 END) AS invoiced,
         SUM(CASE WHEN state NOT IN ('void', 'uncollectable') THEN 1 ELSE 0 END) AS invoices,
         SUM(CASE WHEN state IN ('paid', 'refunded') THEN total - amount_refunded ELSE 0 END) AS paid,
         SUM(CASE WHEN state IN ${sqlList(UNPAID_INVOICE_STATES)} THEN total ELSE 0 END) AS outstanding,
         SUM(CASE WHEN state IN ${sqlList(UNPAID_INVOICE_STATES)} AND due_at < @today THEN total ELSE 0 END) AS overdue,
         SUM(CASE WHEN state = 'void' THEN total ELSE 0 END) AS void,
         SUM(CASE WHEN state = 'uncollectable' THEN total ELSE 0 END) AS uncollectable,
         SUM(amount_refunded) AS refunded
       FROM invoices WHERE issued_at BETWEEN @from AND @to AND (@currency IS NULL OR currency = @currency)
       GROUP BY currency ORDER BY currency`,
    { from: period.from, to: period.to, currency: period.currency ?? null, today },
  );
  const byCurrency = Object.fromEntries(rows.map(({ currency, ...rest }) => [currency, rest]));
  const gbp = (key: string): number => rows.reduce((sum, r) => sum + toGbp(r[key] ?? 0, r.currency), 0);
  return {
    from: period.from,
    to: period.to,
    by_currency: byCurrency,
    gbp: {
      invoiced: gbp('invoiced'),
      paid: gbp('paid'),
      outstanding: gbp('outstanding'),
      overdue: gbp('overdue'),
      refunded: gbp('refunded'),
    },
  };
}

/** Revenue (paid, net of refunds, gbp) and new subscriptions for a period and the one before it. */
export function headlines(db: Db, period: Period): Record<string, unknown> {
  const length = daysBetween(period.from, period.to) + 1;
  const previous: Period = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const measure = (p: Period): Record<string, number> => {
    const paid = all<Pick<Row<'invoices'>, 'currency'> & { v: number }>(
      db,
      "SELECT currency, SUM(total - amount_refunded) AS v FROM invoices WHERE state IN ('paid', 'refunded') AND paid_date BETWEEN ? AND ? GROUP BY currency",
      p.from,
      p.to,
    );
    const count = (sql: string): number => oneValue<number>(db, sql, p.from, p.to) as number;
    return {
      revenue_gbp: paid.reduce((sum, r) => sum + toGbp(r.v, r.currency), 0),
      new_subscriptions: count(
        "SELECT COUNT(*) FROM subscriptions WHERE kind NOT IN ('freemium', 'trial') AND substr(created_at, 1, 10) BETWEEN ? AND ?",
      ),
      trials: count(
        "SELECT COUNT(*) FROM subscriptions WHERE kind = 'trial' AND substr(created_at, 1, 10) BETWEEN ? AND ?",
      ),
      cancellations: count(
        'SELECT COUNT(*) FROM cancellations WHERE undone_at IS NULL AND substr(created_at, 1, 10) BETWEEN ? AND ?',
      ),
    };
  };
  const current = measure(period);
  const before = measure(previous);
  const change = (key: string): number | null => {
    const was = before[key] ?? 0;
    return was === 0 ? null : Math.round((((current[key] ?? 0) - was) / was) * 1000) / 10;
  };
  return {
    period: { from: period.from, to: period.to },
    previous: { from: previous.from, to: previous.to },
    current,
    before,
    change_percent: Object.fromEntries(Object.keys(current).map((k) => [k, change(k)])),
  };
}
