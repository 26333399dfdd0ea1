import { CURRENCIES } from '../domain/billing.js';
import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { PLAN, PLAN_ACTION, PRODUCT, SCOPE, SUBSCRIPTION } from '../shapes/subscription.js';

const NAME = { kind: 'text', min: 1, max: 120 } as const;
const PRODUCT_FIELDS = {
  name: { ...NAME, optional: true },
  description: { kind: 'string', max: 2000, optional: true },
  permissions: 'strings?',
  active: 'flag?',
} as const;
const SEAT_TYPE = { oneOf: ['school', 'users', 'teachers'] } as const;
const PLAN_FIELDS = {
  name: { ...NAME, optional: true },
  price: { kind: 'int', min: 0, optional: true },
  seats: { kind: 'int', min: 0, optional: true },
  teacher_seats: { kind: 'int', min: 0, optional: true },
  seat_price: { kind: 'int', min: 0, optional: true },
  term_months: { kind: 'int', min: 1, max: 60, optional: true },
  active: 'flag?',
} as const;

const CRUD_NOTE =
  'Verbs inferred: the spec says "subscriptions/products and /{id}: GET, POST, PATCH, DELETE"; spread CRUD-style.';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const subscriptionCatalogueArea = defineArea('subscription-catalogue', {
  'subscription-products list': {
    route: 'GET subscriptions/products',
    reply: { products: [PRODUCT], total: 'int' },
    role: 'superuser',
    summary: 'List subscription products',
    note: CRUD_NOTE,
  },
  'subscription-products create': {
    route: 'POST subscriptions/products',
    reply: { product: PRODUCT },
    role: 'superuser',
    summary: 'Create a subscription product',
    payload: { ...PRODUCT_FIELDS, code: 'text', name: NAME },
    open: true,
    note: CRUD_NOTE,
  },
  'subscription-products show': {
    route: 'GET subscriptions/products/{id}',
    reply: { product: PRODUCT },
    role: 'superuser',
    summary: 'Show one subscription product',
    note: CRUD_NOTE,
  },
  'subscription-products update': {
    route: 'PATCH subscriptions/products/{id}',
    reply: { product: PRODUCT },
    role: 'superuser',
    summary: 'Update a subscription product',
    payload: PRODUCT_FIELDS,
    open: true,
    note: CRUD_NOTE,
  },
  'subscription-products delete': {
    route: 'DELETE subscriptions/products/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: 'Delete a subscription product',
    destructive: true,
    note: CRUD_NOTE,
  },
  'subscription-products scopes': {
    route: 'GET subscriptions/products/{id}/scopes',
    reply: { scopes: [SCOPE] },
    role: 'superuser',
    summary: 'List the scopes of a subscription product',
  },
  'subscription-scopes create': {
    route: 'POST subscriptions/products/{id}/scopes',
    reply: { scope: SCOPE },
    role: 'superuser',
    summary: 'Add a scope to a subscription product',
    payload: { name: NAME, seat_type: SEAT_TYPE },
    open: true,
  },
  'subscription-scopes update': {
    route: 'PATCH subscriptions/scopes/{id}',
    reply: { scope: SCOPE },
    role: 'superuser',
    summary: 'Update a subscription scope',
    payload: { name: { ...NAME, optional: true }, seat_type: { ...SEAT_TYPE, optional: true } },
    open: true,
  },
  'subscription-scopes delete': {
    route: 'DELETE subscriptions/scopes/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: 'Delete a subscription scope',
    destructive: true,
  },
  'subscription-plans list': {
    route: 'GET subscriptions/plans',
    reply: { plans: [PLAN], total: 'int' },
    role: 'superuser',
    summary: 'List every subscription plan',
    payload: { product_id: 'serial?', currency: 'string?', active: 'flag?' },
    open: true,
  },
  'subscription-plans cache-check': {
    route: 'GET subscriptions/plans/cache_check',
    reply: {
      cache: inline({
        stale: 'boolean',
        checksum: 'string',
        cached_checksum: 'string',
        plans: 'int',
        refreshed_at: 'date',
      }),
    },
    role: 'superuser',
    summary: 'Check the subscription plan cache',
  },
  'subscription-products plans': {
    route: 'GET subscriptions/products/{id}/plans',
    reply: { plans: [PLAN] },
    role: 'superuser',
    summary: 'List the plans of a subscription product',
  },
  'subscription-plans children': {
    route: 'GET subscriptions/plans/{id}/children',
    reply: { plans: [PLAN] },
    role: 'superuser',
    summary: 'List the child plans of a subscription plan',
  },
  'plan-actions list': {
    route: 'GET subscriptions/plans/actions',
    reply: { actions: [PLAN_ACTION], total: 'int' },
    role: 'superuser',
    summary: 'List subscription plan actions and their state',
    payload: { state: 'string?' },
    open: true,
  },
  'subscription-plans subscriptions': {
    route: 'GET subscriptions/plans/{id}/subscriptions',
    reply: { subscriptions: [SUBSCRIPTION], total: 'int' },
    role: 'superuser',
    summary: 'List the school subscriptions on a plan',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
  },
  'subscription-plans create': {
    route: 'POST subscriptions/scopes/{id}/plans',
    reply: { plan: PLAN },
    role: 'superuser',
    summary: 'Add a plan to a subscription scope',
    payload: {
      ...PLAN_FIELDS,
      name: NAME,
      currency: { oneOf: CURRENCIES },
      price: { kind: 'int', min: 0 },
      parent_id: 'serial?',
    },
    open: true,
  },
  'subscription-plans update': {
    route: 'PATCH subscriptions/plans/{id}',
    reply: { plan: PLAN },
    role: 'superuser',
    summary: 'Update a subscription plan',
    payload: PLAN_FIELDS,
    open: true,
  },
  'subscription-plans refresh': {
    route: 'PUT subscriptions/plans/refresh',
    reply: { cache: inline({ stale: 'boolean', checksum: 'string', plans: 'int', refreshed_at: 'date' }) },
    role: 'superuser',
    summary: 'Refresh the cached subscription plans',
  },
  'plan-actions create': {
    route: 'POST subscriptions/plans/{id}/actions',
    reply: { action: PLAN_ACTION },
    role: 'superuser',
    summary: 'Start an action on a subscription plan',
    payload: {
      kind: { oneOf: ['migrate', 'reprice', 'retire'] },
      target_plan_id: 'serial?',
      price: { kind: 'int', min: 0, optional: true },
      seat_price: { kind: 'int', min: 0, optional: true },
      run_at: 'date?',
    },
    open: true,
  },
  'plan-actions cancel': {
    route: 'DELETE subscriptions/plans/actions/{id}',
    reply: { action: PLAN_ACTION, changed: 'boolean' },
    role: 'superuser',
    summary: 'Cancel a plan action',
    destructive: true,
  },
  'plan-actions retry': {
    route: 'POST subscriptions/plans/actions/{id}/retry',
    reply: { action: PLAN_ACTION },
    role: 'superuser',
    summary: 'Retry a plan action',
  },
});
