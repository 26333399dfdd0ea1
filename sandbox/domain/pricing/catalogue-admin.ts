/**
 * Staff edits of the subscription catalogue: products, their scopes and plans (a product or scope with
 * live subscriptions cannot be deleted), and the plans cache the apps check.
 */
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import type { EntryOfRoute, PayloadOf } from '../../../core/endpoints/index.js';
import { trimmedNames } from '../../kit/input.js';
import { one, oneValue, run, sqlList, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { DomainError, invalid } from '../errors.js';
import {
  findPlan,
  findProduct,
  findScope,
  planChecksum,
  type PlanRow,
  type ProductRow,
  type ScopeRow,
} from './catalogue.js';

// A product code is part of URLs and permission names, so it has a form of its own.
const PRODUCT_CODE = /^[a-z][a-z0-9-]{1,39}$/;

/** Sets the given (defined) columns of row `id` of `table`, arrays as JSON, and its updated_at. */
function set(db: Db, table: string, id: number, changes: Readonly<Record<string, unknown>>, now: Date): void {
  const keys = Object.keys(changes).filter((k) => changes[k] !== undefined);
  const sets = [...keys.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  const values = Object.fromEntries(
    keys.map((k) => [k, Array.isArray(changes[k]) ? JSON.stringify(changes[k]) : changes[k]]),
  );
  run(db, `UPDATE ${table} SET ${sets} WHERE id = @id`, { ...values, updated_at: now.toISOString(), id });
}

function liveSubscriptions(db: Db, where: string, id: number): number {
  return (
    oneValue<number>(
      db,
      `SELECT COUNT(*) FROM subscriptions s WHERE ${where} AND s.deleted_at IS NULL AND s.state IN ${sqlList(LIVE_SUBSCRIPTION_STATES)}`,
      id,
    ) ?? 0
  );
}

/**
 * A new product (its code must be new and URL-safe; its permissions default to its code).
 *
 * @example
 * createProduct(db, { code: 'maths', name: 'Maths', permissions: ['maths'] }, now);
 */
export function createProduct(
  db: Db,
  body: PayloadOf<EntryOfRoute<'POST subscriptions/products'>>,
  now: Date,
): ProductRow {
  if (!PRODUCT_CODE.test(body.code)) throw invalid('code', 'lowercase letters, digits and dashes');
  const granted = body.permissions === undefined ? [body.code] : trimmedNames(body.permissions, 'permissions');
  if (one(db, 'SELECT 1 FROM products WHERE code = ?', body.code) !== undefined)
    throw new DomainError('conflict', `A product with code ${body.code} exists`);
  const stamp = now.toISOString();
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO products (code, name, description, permissions, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    body.code,
    body.name,
    body.description ?? '',
    JSON.stringify(granted),
    body.active ?? 1,
    stamp,
    stamp,
  );
  return findProduct(db, Number(lastInsertRowid));
}

/**
 * Changes a product's name, description, permissions or active flag (each when given).
 *
 * @example
 * updateProduct(db, product, { active: 0 }, now);
 */
export function updateProduct(
  db: Db,
  product: ProductRow,
  changes: Readonly<Record<string, unknown>>,
  now: Date,
): ProductRow {
  set(db, 'products', product.id, changes, now);
  return findProduct(db, product.id);
}

/**
 * Deletes a product with no live subscriptions (one with some is to be retired instead).
 *
 * @example
 * deleteProduct(db, product, now);
 */
export function deleteProduct(db: Db, product: ProductRow, now: Date): void {
  const live = liveSubscriptions(db, 's.product_id = ?', product.id);
  if (live > 0)
    throw new DomainError(
      'conflict',
      `Product ${product.id} has ${live} live subscriptions; retire it (active 0) instead of deleting it`,
    );
  run(db, 'UPDATE products SET deleted_at = ?, active = 0 WHERE id = ?', now.toISOString(), product.id);
}

/**
 * A new scope of `product`.
 *
 * @example
 * createScope(db, product, 'Whole school', 'pupil', now);
 */
export function createScope(db: Db, product: ProductRow, name: string, seatType: string, now: Date): ScopeRow {
  const stamp = now.toISOString();
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO product_scopes (product_id, name, seat_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    product.id,
    name,
    seatType,
    stamp,
    stamp,
  );
  return findScope(db, Number(lastInsertRowid));
}

/**
 * Changes a scope's name or seat type (each when given).
 *
 * @example
 * updateScope(db, scope, { name: 'Classroom' }, now);
 */
export function updateScope(db: Db, scope: ScopeRow, changes: Readonly<Record<string, unknown>>, now: Date): ScopeRow {
  set(db, 'product_scopes', scope.id, changes, now);
  return findScope(db, scope.id);
}

/**
 * Deletes a scope whose plans have no live subscriptions, and retires its plans.
 *
 * @example
 * deleteScope(db, scope, now);
 */
export function deleteScope(db: Db, scope: ScopeRow, now: Date): void {
  const live = liveSubscriptions(db, 's.plan_id IN (SELECT id FROM plans WHERE scope_id = ?)', scope.id);
  if (live > 0)
    throw new DomainError(
      'conflict',
      `Scope ${scope.id} has plans with ${live} live subscriptions; it cannot be deleted`,
    );
  run(db, 'UPDATE product_scopes SET deleted_at = ? WHERE id = ?', now.toISOString(), scope.id);
  run(db, 'UPDATE plans SET active = 0 WHERE scope_id = ?', scope.id);
}

/**
 * A new plan in `scope` (a parent plan must be of the same scope).
 *
 * @example
 * createPlan(db, scope, { name: 'Standard', currency: 'gbp', price: 45000 }, now);
 */
export function createPlan(
  db: Db,
  scope: ScopeRow,
  body: PayloadOf<EntryOfRoute<'POST subscriptions/scopes/{id}/plans'>>,
  now: Date,
): PlanRow {
  if (body.parent_id !== undefined && findPlan(db, body.parent_id).scope_id !== scope.id)
    throw invalid('parent_id', `plan ${body.parent_id} is in another scope`);
  const stamp = now.toISOString();
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO plans (scope_id, parent_id, name, currency, price, seats, teacher_seats, seat_price, term_months, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    scope.id,
    body.parent_id ?? null,
    body.name,
    body.currency,
    body.price,
    body.seats ?? 0,
    body.teacher_seats ?? 0,
    body.seat_price ?? 0,
    body.term_months ?? 12,
    body.active ?? 1,
    stamp,
    stamp,
  );
  return findPlan(db, Number(lastInsertRowid));
}

/**
 * Changes a plan's fields; a change of price makes a new version of it.
 *
 * @example
 * updatePlan(db, plan, { price: 48000 }, now);
 */
export function updatePlan(db: Db, plan: PlanRow, body: Readonly<Record<string, unknown>>, now: Date): PlanRow {
  const priced = body.price !== undefined || body.seat_price !== undefined;
  set(db, 'plans', plan.id, { ...body, ...(priced ? { version: plan.version + 1 } : {}) }, now);
  return findPlan(db, plan.id);
}

/**
 * Whether the plans cache is stale: the plans' checksum now against the cached one.
 *
 * @example
 * planCacheCheck(db); // { stale: true, checksum: 'ab12…', cached_checksum: null, plans: 12, refreshed_at: null }
 */
export function planCacheCheck(db: Db): Record<string, unknown> {
  const now = planChecksum(db);
  const cached = one<Row<'plan_cache'>>(db, 'SELECT * FROM plan_cache WHERE id = 1');
  return {
    stale: cached?.checksum !== now.checksum,
    checksum: now.checksum,
    cached_checksum: cached?.checksum ?? null,
    plans: now.count,
    refreshed_at: cached?.refreshed_at ?? null,
  };
}

/**
 * Refreshes the plans cache to the plans as they are.
 *
 * @example
 * refreshPlanCache(db, now); // { stale: false, checksum: 'ab12…', plans: 12, refreshed_at: '2026-…' }
 */
export function refreshPlanCache(db: Db, now: Date): Record<string, unknown> {
  const { checksum, count } = planChecksum(db);
  const stamp = now.toISOString();
  run(
    db,
    'INSERT INTO plan_cache (id, checksum, plan_count, refreshed_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET checksum = excluded.checksum, plan_count = excluded.plan_count, refreshed_at = excluded.refreshed_at',
    checksum,
    count,
    stamp,
  );
  return { stale: false, checksum, plans: count, refreshed_at: stamp };
}
