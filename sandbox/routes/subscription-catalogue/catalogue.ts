/** The subscription catalogue: products, scopes, plans and their children, the plans cache, plan actions. */
import { listPlans, planChecksum, findPlan, findProduct, type ProductRow, type ScopeRow, findScope, serializePlan, serializeProduct, serializeScope } from '../../domain/pricing/catalogue.js';
import { invalid, page, pathId, trimmedNames } from '../../kit/input.js';
import { cancelPlanAction, createPlanAction, findPlanAction, retryPlanAction, serializePlanAction, type PlanActionRow } from '../../domain/subscriptions/plan-actions.js';
import { serializeSubscription, type SubscriptionRow } from '../../domain/subscriptions/subscriptions.js';
import { HttpError, type HandlerContext, type PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { all, one, oneValue, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

// A product code is part of URLs and permission names, so it has a form of its own.
const PRODUCT_CODE = /^[a-z][a-z0-9-]{1,39}$/;

function set(ctx: HandlerContext, table: string, id: number, changes: Readonly<Record<string, unknown>>): void {
  const keys = Object.keys(changes).filter((k) => changes[k] !== undefined);
  const sets = [...keys.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'].join(', ');
  const values = Object.fromEntries(keys.map((k) => [k, Array.isArray(changes[k]) ? JSON.stringify(changes[k]) : changes[k]]));
  run(ctx.db, `UPDATE ${table} SET ${sets} WHERE id = @id`, { ...values, updated_at: ctx.now().toISOString(), id });
}

function liveSubscriptions(ctx: HandlerContext, where: string, id: number): number {
  return oneValue<number>(ctx.db, `SELECT COUNT(*) FROM subscriptions s WHERE ${where} AND s.deleted_at IS NULL AND s.state IN ('pending', 'future', 'trial', 'active', 'cancelling')`, id) as number;
}

export const catalogueHandlers = {
  'GET subscriptions/products': (ctx) => {
    const rows = all<ProductRow>(ctx.db, 'SELECT * FROM products WHERE deleted_at IS NULL ORDER BY id');
    return reply(ctx, 'products', rows.map(serializeProduct), { total: rows.length });
  },
  'POST subscriptions/products': (ctx) => {
    const body = ctx.input;
    if (!PRODUCT_CODE.test(body.code)) throw invalid('code', 'lowercase letters, digits and dashes');
    const permissions = body.permissions === undefined ? [body.code] : trimmedNames(body.permissions, 'permissions');
    if (one(ctx.db, 'SELECT 1 FROM products WHERE code = ?', body.code) !== undefined) throw new HttpError(409, 'Conflict', `A product with code ${body.code} exists`);
    const stamp = ctx.now().toISOString();
    const { lastInsertRowid } = run(ctx.db, 'INSERT INTO products (code, name, description, permissions, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', body.code, body.name, body.description ?? '', JSON.stringify(permissions), body.active ?? 1, stamp, stamp);
    return reply(ctx, 'product', serializeProduct(findProduct(ctx.db, Number(lastInsertRowid))), {}, 201);
  },
  'GET subscriptions/products/{id}': (ctx) => reply(ctx, 'product', serializeProduct(findProduct(ctx.db, pathId(ctx, 'Product')))),
  'PATCH subscriptions/products/{id}': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    const body = ctx.input;
    const permissions = body.permissions === undefined ? undefined : trimmedNames(body.permissions, 'permissions');
    set(ctx, 'products', product.id, { name: body.name, description: body.description, permissions, active: body.active });
    return reply(ctx, 'product', serializeProduct(findProduct(ctx.db, product.id)));
  },
  'DELETE subscriptions/products/{id}': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    const live = liveSubscriptions(ctx, 's.product_id = ?', product.id);
    if (live > 0) throw new HttpError(409, 'Conflict', `Product ${product.id} has ${live} live subscriptions; retire it (active 0) instead of deleting it`);
    run(ctx.db, 'UPDATE products SET deleted_at = ?, active = 0 WHERE id = ?', ctx.now().toISOString(), product.id);
    return reply(ctx, 'deleted', true, { id: product.id });
  },
  'GET subscriptions/products/{id}/scopes': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    const rows = all<ScopeRow>(ctx.db, 'SELECT * FROM product_scopes WHERE product_id = ? AND deleted_at IS NULL ORDER BY id', product.id);
    return reply(ctx, 'scopes', rows.map(serializeScope));
  },
  'POST subscriptions/products/{id}/scopes': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    const body = ctx.input;
    const stamp = ctx.now().toISOString();
    const { lastInsertRowid } = run(ctx.db, 'INSERT INTO product_scopes (product_id, name, seat_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', product.id, body.name, body.seat_type, stamp, stamp);
    return reply(ctx, 'scope', serializeScope(findScope(ctx.db, Number(lastInsertRowid))), {}, 201);
  },
  'PATCH subscriptions/scopes/{id}': (ctx) => {
    const scope = findScope(ctx.db, pathId(ctx, 'Scope'));
    const body = ctx.input;
    set(ctx, 'product_scopes', scope.id, { name: body.name, seat_type: body.seat_type });
    return reply(ctx, 'scope', serializeScope(findScope(ctx.db, scope.id)));
  },
  'DELETE subscriptions/scopes/{id}': (ctx) => {
    const scope = findScope(ctx.db, pathId(ctx, 'Scope'));
    const live = liveSubscriptions(ctx, 's.plan_id IN (SELECT id FROM plans WHERE scope_id = ?)', scope.id);
    if (live > 0) throw new HttpError(409, 'Conflict', `Scope ${scope.id} has plans with ${live} live subscriptions; it cannot be deleted`);
    run(ctx.db, 'UPDATE product_scopes SET deleted_at = ? WHERE id = ?', ctx.now().toISOString(), scope.id);
    run(ctx.db, 'UPDATE plans SET active = 0 WHERE scope_id = ?', scope.id);
    return reply(ctx, 'deleted', true, { id: scope.id });
  },
  'GET subscriptions/plans': (ctx) => {
    const filter = ctx.input;
    const rows = listPlans(ctx.db, '(@product IS NULL OR s.product_id = @product) AND (@currency IS NULL OR p.currency = @currency) AND (@active IS NULL OR p.active = @active)', {
      product: filter.product_id ?? null,
      currency: filter.currency ?? null,
      active: filter.active ?? null,
    });
    return reply(ctx, 'plans', rows.map(serializePlan), { total: rows.length });
  },
  'GET subscriptions/plans/cache_check': (ctx) => {
    const now = planChecksum(ctx.db);
    const cached = one<Row<'plan_cache'>>(ctx.db, 'SELECT * FROM plan_cache WHERE id = 1');
    return reply(ctx, 'cache', { stale: cached?.checksum !== now.checksum, checksum: now.checksum, cached_checksum: cached?.checksum ?? null, plans: now.count, refreshed_at: cached?.refreshed_at ?? null });
  },
  'PUT subscriptions/plans/refresh': (ctx) => {
    const { checksum, count } = planChecksum(ctx.db);
    const stamp = ctx.now().toISOString();
    run(ctx.db, 'INSERT INTO plan_cache (id, checksum, plan_count, refreshed_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET checksum = excluded.checksum, plan_count = excluded.plan_count, refreshed_at = excluded.refreshed_at', checksum, count, stamp);
    return reply(ctx, 'cache', { stale: false, checksum, plans: count, refreshed_at: stamp });
  },
  'GET subscriptions/products/{id}/plans': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    return reply(ctx, 'plans', listPlans(ctx.db, 's.product_id = ?', product.id).map(serializePlan));
  },
  'GET subscriptions/plans/{id}/children': (ctx) => reply(ctx, 'plans', listPlans(ctx.db, 'p.parent_id = ?', findPlan(ctx.db, pathId(ctx, 'Plan')).id).map(serializePlan)),
  'GET subscriptions/plans/actions': (ctx) => {
    const { state } = ctx.input;
    const rows = all<PlanActionRow>(ctx.db, 'SELECT * FROM plan_actions WHERE (? IS NULL OR state = ?) ORDER BY id DESC', state ?? null, state ?? null);
    return reply(ctx, 'actions', rows.map(serializePlanAction), { total: rows.length });
  },
  'GET subscriptions/plans/{id}/subscriptions': (ctx) => {
    const plan = findPlan(ctx.db, pathId(ctx, 'Plan'));
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM subscriptions WHERE plan_id = ? AND deleted_at IS NULL', plan.id) as number;
    const rows = all<SubscriptionRow>(ctx.db, 'SELECT * FROM subscriptions WHERE plan_id = ? AND deleted_at IS NULL ORDER BY id LIMIT ? OFFSET ?', plan.id, take, skip);
    return reply(ctx, 'subscriptions', rows.map((r) => serializeSubscription(ctx.db, r)), { total });
  },
  'POST subscriptions/scopes/{id}/plans': (ctx) => {
    const scope = findScope(ctx.db, pathId(ctx, 'Scope'));
    const body = ctx.input;
    if (body.parent_id !== undefined && findPlan(ctx.db, body.parent_id).scope_id !== scope.id) throw invalid('parent_id', `plan ${body.parent_id} is in another scope`);
    const stamp = ctx.now().toISOString();
    const { lastInsertRowid } = run(ctx.db, 'INSERT INTO plans (scope_id, parent_id, name, currency, price, seats, teacher_seats, seat_price, term_months, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', scope.id, body.parent_id ?? null, body.name, body.currency, body.price, body.seats ?? 0, body.teacher_seats ?? 0, body.seat_price ?? 0, body.term_months ?? 12, body.active ?? 1, stamp, stamp);
    return reply(ctx, 'plan', serializePlan(findPlan(ctx.db, Number(lastInsertRowid))), {}, 201);
  },
  'PATCH subscriptions/plans/{id}': (ctx) => {
    const plan = findPlan(ctx.db, pathId(ctx, 'Plan'));
    const body = ctx.input;
    const priced = body.price !== undefined || body.seat_price !== undefined;
    set(ctx, 'plans', plan.id, { ...body, ...(priced ? { version: plan.version + 1 } : {}) });
    return reply(ctx, 'plan', serializePlan(findPlan(ctx.db, plan.id)));
  },
  'POST subscriptions/plans/{id}/actions': (ctx) => reply(ctx, 'action', serializePlanAction(createPlanAction(ctx.db, pathId(ctx, 'Plan'), ctx.input, ctx.now())), {}, 201),
  'DELETE subscriptions/plans/actions/{id}': (ctx) => {
    const action = findPlanAction(ctx.db, pathId(ctx, 'Plan action'));
    if (action.state === 'cancelled') return reply(ctx, 'action', serializePlanAction(action), { changed: false });
    return reply(ctx, 'action', serializePlanAction(cancelPlanAction(ctx.db, action, ctx.now())), { changed: true });
  },
  'POST subscriptions/plans/actions/{id}/retry': (ctx) => reply(ctx, 'action', serializePlanAction(retryPlanAction(ctx.db, findPlanAction(ctx.db, pathId(ctx, 'Plan action')), ctx.now()))),
} satisfies PartialHandlerMap;
