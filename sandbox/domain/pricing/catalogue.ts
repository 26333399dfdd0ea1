import { createHash } from 'node:crypto';
import { all, allArrays, allValues, one, type Db } from '../../kit/sql.js';
import { notFound } from '../errors.js';
import { stringsColumn } from '../../kit/json-columns.js';
import type { Currency } from './money.js';
import type { Plan, Product, Scope } from '../../../core/shapes/types.js';

export interface ProductRow {
  id: number;
  code: string;
  name: string;
  description: string;
  permissions: string;
  active: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ScopeRow {
  id: number;
  product_id: number;
  name: string;
  seat_type: 'school' | 'users' | 'teachers';
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface PlanRow {
  id: number;
  scope_id: number;
  product_id: number;
  parent_id: number | null;
  name: string;
  currency: Currency;
  price: number;
  seats: number;
  teacher_seats: number;
  seat_price: number;
  term_months: number;
  active: number;
  version: number;
  created_at: string;
  updated_at: string;
}

const PLAN_SELECT = 'SELECT p.*, s.product_id FROM plans p JOIN product_scopes s ON s.id = p.scope_id';

/** A product that has not been deleted, or 404. */
export function productOr404(db: Db, id: number): ProductRow {
  const row = one<ProductRow>(db, 'SELECT * FROM products WHERE id = ? AND deleted_at IS NULL', id);
  if (!row) throw notFound('Product', id);
  return row;
}

export function scopeOr404(db: Db, id: number): ScopeRow {
  const row = one<ScopeRow>(db, 'SELECT * FROM product_scopes WHERE id = ? AND deleted_at IS NULL', id);
  if (!row) throw notFound('Scope', id);
  return row;
}

export function getPlan(db: Db, id: number): PlanRow | undefined {
  return one<PlanRow>(db, `${PLAN_SELECT} WHERE p.id = ?`, id);
}

export function planOr404(db: Db, id: number): PlanRow {
  const row = getPlan(db, id);
  if (!row) throw notFound('Plan', id);
  return row;
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
  const plans = listPlans(db, "s.product_id = ? AND p.currency = ? AND p.active = 1 AND p.parent_id IS NULL AND s.deleted_at IS NULL", productId, currency);
  const schoolScoped = new Set(allValues<number>(db, "SELECT id FROM product_scopes WHERE product_id = ? AND seat_type = 'school'", productId));
  return plans.sort((a, b) => Number(schoolScoped.has(b.scope_id)) - Number(schoolScoped.has(a.scope_id)) || a.price - b.price)[0];
}

export function serializeProduct(row: ProductRow): Product {
  return { ...row, permissions: stringsColumn(row.permissions), active: row.active === 1 };
}

export function serializeScope(row: ScopeRow): Scope {
  return { ...row };
}

export function serializePlan(row: PlanRow): Plan {
  return { ...row, active: row.active === 1 };
}

/**
 * A checksum over everything a cached plan list depends on; `cache_check` compares it with the stored one.
 *
 * @example
 * planChecksum(db) // 'c1f0...'
 */
export function planChecksum(db: Db): { checksum: string; count: number } {
  const rows = allArrays(db, 'SELECT id, scope_id, parent_id, currency, price, seats, teacher_seats, seat_price, active, version FROM plans ORDER BY id');
  return { checksum: createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16), count: rows.length };
}
