import { all, one, run, type Db } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { findReachable } from '../../kit/reach.js';
import { day } from '../billing/dates.js';
import { jsonObject } from '../../kit/json-columns.js';

export {
  SUBSCRIPTION_KINDS,
  SUBSCRIPTION_STATES,
  type SubscriptionKind,
  type SubscriptionState,
} from '../../../core/domain/billing.js';
import type { SubscriptionState } from '../../../core/domain/billing.js';
import type { Subscription } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
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
  return findReachable<SubscriptionRow>(ctx.db, ctx.user, 'Subscription', SUBSCRIPTION_BY_ID, id, {
    purpose: 'billing',
  });
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
  changed += run(
    db,
    `UPDATE subscriptions SET state = 'active', updated_at = @stamp WHERE state = 'future' AND start_date <= @today AND deleted_at IS NULL${only}`,
    args,
  ).changes;
  changed += run(
    db,
    `UPDATE subscriptions SET state = 'expired', updated_at = @stamp WHERE state IN ('trial', 'active') AND expiry < @today AND deleted_at IS NULL${only}`,
    args,
  ).changes;
  changed += run(
    db,
    `UPDATE subscriptions SET state = 'cancelled', cancelled_at = @stamp, updated_at = @stamp WHERE state = 'cancelling' AND expiry < @today AND deleted_at IS NULL${only}`,
    args,
  ).changes;
  return changed;
}

/** Sets columns of a subscription and stamps `updated_at`. */
export function updateSubscription(
  db: Db,
  id: number,
  changes: Readonly<Partial<SubscriptionRow>>,
  now: Date,
): SubscriptionRow {
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

/** A subscription's row with its product's code and name and how many members it has. */
type SubscriptionWith = SubscriptionRow & Pick<Subscription, 'product' | 'assigned'>;

const subscription = fieldsOf<SubscriptionWith>();

/**
 * The row without its action secret, then the product, the JSON columns parsed, the members and the seats
 * left (the row's order: the parsed columns follow the product).
 */
const SUBSCRIPTION_SHAPE: RowShape<SubscriptionWith, Subscription> = {
  id: subscription.column('id'),
  school_id: subscription.column('school_id'),
  product_id: subscription.column('product_id'),
  plan_id: subscription.column('plan_id'),
  kind: subscription.column('kind'),
  state: subscription.column('state'),
  billing: subscription.column('billing'),
  currency: subscription.column('currency'),
  seats: subscription.column('seats'),
  teacher_seats: subscription.column('teacher_seats'),
  start_date: subscription.column('start_date'),
  expiry: subscription.column('expiry'),
  po_number: subscription.column('po_number'),
  billing_address_id: subscription.column('billing_address_id'),
  price_rise_exemption: subscription.column('price_rise_exemption'),
  inferred_teacher_access: subscription.flag('inferred_teacher_access'),
  card_reference: subscription.column('card_reference'),
  moved_from_school_id: subscription.column('moved_from_school_id'),
  synced_at: subscription.column('synced_at'),
  cancelled_at: subscription.column('cancelled_at'),
  deactivated_at: subscription.column('deactivated_at'),
  created_at: subscription.column('created_at'),
  updated_at: subscription.column('updated_at'),
  deleted_at: subscription.column('deleted_at'),
  product: subscription.column('product'),
  permissions: subscription.strings('permissions'),
  pending_upgrade: { value: (row) => (row.pending_upgrade === null ? null : jsonObject(row.pending_upgrade)) },
  assigned: subscription.column('assigned'),
  seats_available: { value: (row) => Math.max(0, row.seats - row.assigned.users) },
  teacher_seats_available: { value: (row) => Math.max(0, row.teacher_seats - row.assigned.teachers) },
};

/**
 * The subscription as the API answers it, with its product and seat use.
 *
 * @example
 * return reply(ctx, 'subscription', serializeSubscription(db, row));
 */
export function serializeSubscription(db: Db, row: SubscriptionRow): Subscription {
  const product = one<Pick<Row<'products'>, 'code' | 'name'>>(
    db,
    'SELECT code, name FROM products WHERE id = ?',
    row.product_id,
  );
  // products(id) is the subscription's foreign key, so a missing product is a broken database, not a reply.
  if (!product) throw new Error(`Subscription ${row.id}: no product ${row.product_id}`);
  return shapeValue(SUBSCRIPTION_SHAPE, { ...row, product, assigned: memberCounts(db, row.id) });
}
