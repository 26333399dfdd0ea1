/** Lists of the subscription catalogue: products, a product's scopes, a plan's subscriptions. */
import { all, oneValue, type Db } from '../../kit/sql.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.js';
import type { ProductRow, ScopeRow } from './catalogue.js';

/**
 * The products not deleted, in id order.
 *
 * @example
 * listProducts(db).map(serializeProduct);
 */
export function listProducts(db: Db): ProductRow[] {
  return all<ProductRow>(db, 'SELECT * FROM products WHERE deleted_at IS NULL ORDER BY id');
}

/**
 * Product `productId`'s scopes not deleted, in id order.
 *
 * @example
 * listScopes(db, 1).map(serializeScope);
 */
export function listScopes(db: Db, productId: number): ScopeRow[] {
  return all<ScopeRow>(
    db,
    'SELECT * FROM product_scopes WHERE product_id = ? AND deleted_at IS NULL ORDER BY id',
    productId,
  );
}

/**
 * One page of plan `planId`'s subscriptions, in id order, and how many it has.
 *
 * @example
 * planSubscriptions(db, 3, { skip: 0, take: 20 }); // { rows: [...], total: 5 }
 */
export function planSubscriptions(
  db: Db,
  planId: number,
  page: { readonly skip: number; readonly take: number },
): { rows: SubscriptionRow[]; total: number } {
  const total =
    oneValue<number>(db, 'SELECT COUNT(*) FROM subscriptions WHERE plan_id = ? AND deleted_at IS NULL', planId) ?? 0;
  const rows = all<SubscriptionRow>(
    db,
    'SELECT * FROM subscriptions WHERE plan_id = ? AND deleted_at IS NULL ORDER BY id LIMIT ? OFFSET ?',
    planId,
    page.take,
    page.skip,
  );
  return { rows, total };
}
