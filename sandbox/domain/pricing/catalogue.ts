import { createHash } from 'node:crypto';
import { all, allArrays, allValues, one, type Db } from '../../kit/sql.js';
import type { Currency } from './money.js';
import type { Plan, Product, Scope } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { findRow } from '../../kit/reach.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type ProductRow = Row<'products'>;

export type ScopeRow = Row<'product_scopes'>;

/** A plan with its scope's product. */
export type PlanRow = Row<'plans'> & { readonly product_id: number };

const PLAN_SELECT = 'SELECT p.*, s.product_id FROM plans p JOIN product_scopes s ON s.id = p.scope_id';

/** A product that has not been deleted, or 404. */
export function findProduct(db: Db, id: number): ProductRow {
  return findRow<ProductRow>(db, 'Product', 'SELECT * FROM products WHERE id = ? AND deleted_at IS NULL', id);
}

/** A product scope that has not been deleted, or 404. */
export function findScope(db: Db, id: number): ScopeRow {
  return findRow<ScopeRow>(db, 'Scope', 'SELECT * FROM product_scopes WHERE id = ? AND deleted_at IS NULL', id);
}

export function getPlan(db: Db, id: number): PlanRow | undefined {
  return one<PlanRow>(db, `${PLAN_SELECT} WHERE p.id = ?`, id);
}

/** A plan with its scope's product, or 404. */
export function findPlan(db: Db, id: number): PlanRow {
  return findRow<PlanRow>(db, 'Plan', `${PLAN_SELECT} WHERE p.id = ?`, id);
}

/** Plans matching a WHERE clause over `p` (plans) and `s` (scopes). */
export function listPlans(db: Db, where = '1 = 1', ...args: unknown[]): PlanRow[] {
  return all<PlanRow>(db, `${PLAN_SELECT} WHERE ${where} ORDER BY p.id`, ...args);
}

/**
 * The active plan of a product in a currency, used when a grant names only the product: the cheapest
 * top-level whole-school plan, else the cheapest top-level plan of any scope.
 *
 * @example
 * const plan = defaultPlan(db, 1, 'gbp');
 */
export function defaultPlan(db: Db, productId: number, currency: Currency): PlanRow | undefined {
  const plans = listPlans(
    db,
    's.product_id = ? AND p.currency = ? AND p.active = 1 AND p.parent_id IS NULL AND s.deleted_at IS NULL',
    productId,
    currency,
  );
  const schoolScoped = new Set(
    allValues<number>(db, "SELECT id FROM product_scopes WHERE product_id = ? AND seat_type = 'school'", productId),
  );
  return plans.sort(
    (a, b) => Number(schoolScoped.has(b.scope_id)) - Number(schoolScoped.has(a.scope_id)) || a.price - b.price,
  )[0];
}

const product = fieldsOf<ProductRow>();
const PRODUCT_SHAPE: RowShape<ProductRow, Product> = {
  id: product.column('id'),
  code: product.column('code'),
  name: product.column('name'),
  description: product.column('description'),
  permissions: product.strings('permissions'),
  active: product.flag('active'),
  created_at: product.column('created_at'),
  updated_at: product.column('updated_at'),
  deleted_at: product.column('deleted_at'),
};

const scope = fieldsOf<ScopeRow>();
const SCOPE_SHAPE: RowShape<ScopeRow, Scope> = {
  id: scope.column('id'),
  product_id: scope.column('product_id'),
  name: scope.column('name'),
  seat_type: scope.column('seat_type'),
  created_at: scope.column('created_at'),
  updated_at: scope.column('updated_at'),
  deleted_at: scope.column('deleted_at'),
};

const plan = fieldsOf<PlanRow>();
/** The plan's columns, then its scope's product. */
const PLAN_SHAPE: RowShape<PlanRow, Plan> = {
  id: plan.column('id'),
  scope_id: plan.column('scope_id'),
  parent_id: plan.column('parent_id'),
  name: plan.column('name'),
  currency: plan.column('currency'),
  price: plan.column('price'),
  seats: plan.column('seats'),
  teacher_seats: plan.column('teacher_seats'),
  seat_price: plan.column('seat_price'),
  term_months: plan.column('term_months'),
  active: plan.flag('active'),
  version: plan.column('version'),
  created_at: plan.column('created_at'),
  updated_at: plan.column('updated_at'),
  product_id: plan.column('product_id'),
};

export function serializeProduct(row: ProductRow): Product {
  return shapeValue(PRODUCT_SHAPE, row);
}

export function serializeScope(row: ScopeRow): Scope {
  return shapeValue(SCOPE_SHAPE, row);
}

export function serializePlan(row: PlanRow): Plan {
  return shapeValue(PLAN_SHAPE, row);
}

/**
 * A checksum over everything a cached plan list depends on; `cache_check` compares it with the stored one.
 *
 * @example
 * planChecksum(db) // 'c1f0...'
 */
export function planChecksum(db: Db): { checksum: string; count: number } {
  const rows = allArrays(
    db,
    'SELECT id, scope_id, parent_id, currency, price, seats, teacher_seats, seat_price, active, version FROM plans ORDER BY id',
  );
  return { checksum: createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16), count: rows.length };
}
