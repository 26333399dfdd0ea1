/** The subscription catalogue: products, scopes, plans and their children, the plans cache, plan actions. */
import {
  listPlans,
  findPlan,
  findProduct,
  findScope,
  serializePlan,
  serializeProduct,
  serializeScope,
} from '../../domain/pricing/catalogue.js';
import {
  createPlan,
  createProduct,
  createScope,
  deleteProduct,
  deleteScope,
  planCacheCheck,
  refreshPlanCache,
  updatePlan,
  updateProduct,
  updateScope,
} from '../../domain/pricing/catalogue-admin.js';
import { listProducts, listScopes, planSubscriptions } from '../../domain/pricing/catalogue-lists.js';
import { page, pathId, trimmedNames } from '../../kit/input.js';
import {
  cancelPlanAction,
  createPlanAction,
  findPlanAction,
  listPlanActions,
  retryPlanAction,
  serializePlanAction,
} from '../../domain/subscriptions/plan-actions.js';
import { serializeSubscription } from '../../domain/subscriptions/subscriptions.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

export const catalogueHandlers = {
  'GET subscriptions/products': (ctx) => {
    const rows = listProducts(ctx.db);
    return reply(ctx, 'products', rows.map(serializeProduct), { total: rows.length });
  },
  'POST subscriptions/products': (ctx) =>
    reply(ctx, 'product', serializeProduct(createProduct(ctx.db, ctx.input, ctx.now())), {}, 201),
  'GET subscriptions/products/{id}': (ctx) =>
    reply(ctx, 'product', serializeProduct(findProduct(ctx.db, pathId(ctx, 'Product')))),
  'PATCH subscriptions/products/{id}': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    const body = ctx.input;
    const permissions = body.permissions === undefined ? undefined : trimmedNames(body.permissions, 'permissions');
    return reply(
      ctx,
      'product',
      serializeProduct(
        updateProduct(
          ctx.db,
          product,
          { name: body.name, description: body.description, permissions, active: body.active },
          ctx.now(),
        ),
      ),
    );
  },
  'DELETE subscriptions/products/{id}': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    deleteProduct(ctx.db, product, ctx.now());
    return reply(ctx, 'deleted', true, { id: product.id });
  },
  'GET subscriptions/products/{id}/scopes': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    return reply(ctx, 'scopes', listScopes(ctx.db, product.id).map(serializeScope));
  },
  'POST subscriptions/products/{id}/scopes': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    return reply(
      ctx,
      'scope',
      serializeScope(createScope(ctx.db, product, ctx.input.name, ctx.input.seat_type, ctx.now())),
      {},
      201,
    );
  },
  'PATCH subscriptions/scopes/{id}': (ctx) => {
    const scope = findScope(ctx.db, pathId(ctx, 'Scope'));
    const body = ctx.input;
    return reply(
      ctx,
      'scope',
      serializeScope(updateScope(ctx.db, scope, { name: body.name, seat_type: body.seat_type }, ctx.now())),
    );
  },
  'DELETE subscriptions/scopes/{id}': (ctx) => {
    const scope = findScope(ctx.db, pathId(ctx, 'Scope'));
    deleteScope(ctx.db, scope, ctx.now());
    return reply(ctx, 'deleted', true, { id: scope.id });
  },
  'GET subscriptions/plans': (ctx) => {
    const filter = ctx.input;
    const rows = listPlans(
      ctx.db,
      '(@product IS NULL OR s.product_id = @product) AND (@currency IS NULL OR p.currency = @currency) AND (@active IS NULL OR p.active = @active)',
      {
        product: filter.product_id ?? null,
        currency: filter.currency ?? null,
        active: filter.active ?? null,
      },
    );
    return reply(ctx, 'plans', rows.map(serializePlan), { total: rows.length });
  },
  'GET subscriptions/plans/cache_check': (ctx) => reply(ctx, 'cache', planCacheCheck(ctx.db)),
  'PUT subscriptions/plans/refresh': (ctx) => reply(ctx, 'cache', refreshPlanCache(ctx.db, ctx.now())),
  'GET subscriptions/products/{id}/plans': (ctx) => {
    const product = findProduct(ctx.db, pathId(ctx, 'Product'));
    return reply(ctx, 'plans', listPlans(ctx.db, 's.product_id = ?', product.id).map(serializePlan));
  },
  'GET subscriptions/plans/{id}/children': (ctx) =>
    reply(
      ctx,
      'plans',
      listPlans(ctx.db, 'p.parent_id = ?', findPlan(ctx.db, pathId(ctx, 'Plan')).id).map(serializePlan),
    ),
  'GET subscriptions/plans/actions': (ctx) => {
    const { state } = ctx.input;
    const rows = listPlanActions(ctx.db, state ?? null);
    return reply(ctx, 'actions', rows.map(serializePlanAction), { total: rows.length });
  },
  'GET subscriptions/plans/{id}/subscriptions': (ctx) => {
    const plan = findPlan(ctx.db, pathId(ctx, 'Plan'));
    const { rows, total } = planSubscriptions(ctx.db, plan.id, page(ctx));
    return reply(
      ctx,
      'subscriptions',
      rows.map((r) => serializeSubscription(ctx.db, r)),
      { total },
    );
  },
  'POST subscriptions/scopes/{id}/plans': (ctx) => {
    const scope = findScope(ctx.db, pathId(ctx, 'Scope'));
    return reply(ctx, 'plan', serializePlan(createPlan(ctx.db, scope, ctx.input, ctx.now())), {}, 201);
  },
  'PATCH subscriptions/plans/{id}': (ctx) => {
    const plan = findPlan(ctx.db, pathId(ctx, 'Plan'));
    return reply(ctx, 'plan', serializePlan(updatePlan(ctx.db, plan, ctx.input, ctx.now())));
  },
  'POST subscriptions/plans/{id}/actions': (ctx) =>
    reply(
      ctx,
      'action',
      serializePlanAction(createPlanAction(ctx.db, pathId(ctx, 'Plan'), ctx.input, ctx.now())),
      {},
      201,
    ),
  'DELETE subscriptions/plans/actions/{id}': (ctx) => {
    const action = findPlanAction(ctx.db, pathId(ctx, 'Plan action'));
    if (action.state === 'cancelled') return reply(ctx, 'action', serializePlanAction(action), { changed: false });
    return reply(ctx, 'action', serializePlanAction(cancelPlanAction(ctx.db, action, ctx.now())), { changed: true });
  },
  'POST subscriptions/plans/actions/{id}/retry': (ctx) =>
    reply(
      ctx,
      'action',
      serializePlanAction(retryPlanAction(ctx.db, findPlanAction(ctx.db, pathId(ctx, 'Plan action')), ctx.now())),
    ),
} satisfies PartialHandlerMap;
