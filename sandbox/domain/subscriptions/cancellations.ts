/** The record of subscription cancellations, as a superuser reads, filters, sums and annotates it. */
import { notFound } from '../errors.js';
import { all, one, oneValue, run, type Db } from '../../kit/sql.js';

/**
 * Sets the reason of cancellation `id` and returns the row; 404 when there is none.
 *
 * @example
 * editCancellation(db, 3, 'Budget cut');
 */
export function editCancellation(db: Db, id: number, reason: string): unknown {
  if (run(db, 'UPDATE cancellations SET reason = ? WHERE id = ?', reason, id).changes === 0)
    throw notFound('Cancellation', id);
  return one(db, 'SELECT * FROM cancellations WHERE id = ?', id);
}

/** What the cancellation list may be filtered by. */
export interface CancellationFilter {
  readonly kind?: string;
  readonly school_id?: number;
}

const WHERE = '(@kind IS NULL OR c.kind = @kind) AND (@school IS NULL OR c.school_id = @school)';

/**
 * One page of cancellations matching `filter`, newest first, each with its school's name and its
 * subscription's kind and product, and how many match in all.
 *
 * @example
 * listCancellations(db, { kind: 'refund' }, { skip: 0, take: 20 }); // { rows: [...], total: 2 }
 */
export function listCancellations(
  db: Db,
  filter: CancellationFilter,
  page: { readonly skip: number; readonly take: number },
): { rows: unknown[]; total: number } {
  const args = { kind: filter.kind ?? null, school: filter.school_id ?? null };
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM cancellations c WHERE ${WHERE}`, args) ?? 0;
  const rows = all(
    db,
    `SELECT c.*, s.name AS school_name, sub.kind AS subscription_kind, sub.product_id FROM cancellations c JOIN schools s ON s.id = c.school_id
         JOIN subscriptions sub ON sub.id = c.subscription_id WHERE ${WHERE} ORDER BY c.created_at DESC, c.id DESC LIMIT @take OFFSET @skip`,
    { ...args, take: page.take, skip: page.skip },
  );
  return { rows, total };
}

/**
 * Cancellations not undone, counted by kind, by reason and by month, and how many were undone.
 *
 * @example
 * cancellationAggregate(db); // { by_kind: [{ kind: 'expiry', count: 3 }], by_reason: [...], by_month: [...], undone: 1 }
 */
export function cancellationAggregate(db: Db): Record<string, unknown> {
  const byKind = all(
    db,
    'SELECT kind, COUNT(*) AS count FROM cancellations WHERE undone_at IS NULL GROUP BY kind ORDER BY kind',
  );
  const byReason = all(
    db,
    "SELECT CASE reason WHEN '' THEN '(none given)' ELSE reason END AS reason, COUNT(*) AS count FROM cancellations WHERE undone_at IS NULL GROUP BY 1 ORDER BY count DESC, reason",
  );
  const byMonth = all(
    db,
    'SELECT substr(created_at, 1, 7) AS month, COUNT(*) AS count FROM cancellations WHERE undone_at IS NULL GROUP BY month ORDER BY month',
  );
  const undone = oneValue<number>(db, 'SELECT COUNT(*) FROM cancellations WHERE undone_at IS NOT NULL') ?? 0;
  return { by_kind: byKind, by_reason: byReason, by_month: byMonth, undone };
}
