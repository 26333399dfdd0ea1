import { all, one, run, type Db } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { findReachable } from '../../kit/reach.js';
import { day } from '../billing/dates.js';
import { jsonObject, stringsColumn } from '../../kit/json-columns.js';

export { SUBSCRIPTION_KINDS, SUBSCRIPTION_STATES, type SubscriptionKind, type SubscriptionState } from '../../../core/domain/billing.js';
import type { SubscriptionState } from '../../../core/domain/billing.js';
import type { Subscription } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
/** States in which a subscription grants access or is about to. */
export const LIVE_STATES: readonly SubscriptionState[] = LIVE_SUBSCRIPTION_STATES;

export type SubscriptionRow = Row<'subscriptions'>;

const SUBSCRIPTION_BY_ID = 'SELECT * FROM subscriptions WHERE id = ? AND deleted_at IS NULL';

export function getSubscription(db: Db, id: number): SubscriptionRow | undefined {
  return one<SubscriptionRow>(db, SUBSCRIPTION_BY_ID, id);
}

/**
 * The subscription a call names, with the clock applied; 404 when missing or another school's.
 *
 * @example
 * const sub = visibleSubscription(ctx, 4);
 */
export function visibleSubscription(ctx: DomainContext, id: number): SubscriptionRow {
  applyClock(ctx.db, ctx.now(), id);
  return findReachable<SubscriptionRow>(ctx.db, ctx.user, 'Subscription', SUBSCRIPTION_BY_ID, id, { purpose: 'billing' });
}

/**
 * Applies the transitions that time makes: a future subscription starts, a trial or active one expires,
 * a cancelling one is cancelled at its expiry. Limited to one subscription when `id` is given.
 *
 * @example
 * applyClock(db, new Date(), 4);
 */
export function applyClock(db: Db, now: Date, id?: number): number {
  const today = day(now);
  const stamp = now.toISOString();
  const only = id === undefined ? '' : ' AND id = @id';
  const args = { today, stamp, id };
  let changed = 0;
  changed += run(db, `UPDATE subscriptions SET state = 'active', updated_at = @stamp WHERE state = 'future' AND start_date <= @today AND deleted_at IS NULL${only}`, args).changes;
  changed += run(db, `UPDATE subscriptions SET state = 'expired', updated_at = @stamp WHERE state IN ('trial', 'active') AND expiry < @today AND deleted_at IS NULL${only}`, args).changes;
  changed += run(db, `UPDATE subscriptions SET state = 'cancelled', cancelled_at = @stamp, updated_at = @stamp WHERE state = 'cancelling' AND expiry < @today AND deleted_at IS NULL${only}`, args).changes;
  return changed;
}

/** Sets columns of a subscription and stamps `updated_at`. */
export function updateSubscription(db: Db, id: number, changes: Readonly<Partial<SubscriptionRow>>, now: Date): SubscriptionRow {
  const keys = Object.keys(changes);
  const assignments = [...keys.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  run(db, `UPDATE subscriptions SET ${assignments} WHERE id = @id`, { ...changes, updated_at: now.toISOString(), id });
  return one<SubscriptionRow>(db, 'SELECT * FROM subscriptions WHERE id = ?', id) as SubscriptionRow;
}

interface Counts {
  users: number;
  teachers: number;
  groups: number;
}

/** How many pupils, teachers and groups are assigned to a subscription. */
export function memberCounts(db: Db, id: number): Counts {
  const rows = all<{
    target: string;
    n: number;
  }>(db, 'SELECT target, COUNT(*) AS n FROM subscription_members WHERE subscription_id = ? GROUP BY target', id);
  const count = (target: string): number => rows.find((r) => r.target === target)?.n ?? 0;
  return { users: count('user'), teachers: count('teacher'), groups: count('group') };
}

/**
 * The subscription as the API answers it, with its product and seat use.
 *
 * @example
 * return reply(ctx, 'subscription', serializeSubscription(db, row));
 */
export function serializeSubscription(db: Db, row: SubscriptionRow): Subscription {
  const product = one<Pick<Row<'products'>, 'code' | 'name'>>(db, 'SELECT code, name FROM products WHERE id = ?', row.product_id);
  // products(id) is the subscription's foreign key, so a missing product is a broken database, not a reply.
  if (!product) throw new Error(`Subscription ${row.id}: no product ${row.product_id}`);
  const counts = memberCounts(db, row.id);
  const { action_secret: _secret, pending_upgrade, permissions, ...rest } = row;
  return {
    ...rest,
    product,
    permissions: stringsColumn(permissions),
    inferred_teacher_access: row.inferred_teacher_access === 1,
    pending_upgrade: pending_upgrade === null ? null : jsonObject(pending_upgrade),
    assigned: counts,
    seats_available: Math.max(0, row.seats - counts.users),
    teacher_seats_available: Math.max(0, row.teacher_seats - counts.teachers),
  };
}
