/** Subscriptions and the catalogue they are bought from (products, scopes, plans, coupons), as the API answers them. */
import {
  CANCELLATION_KINDS,
  CARD_EVENT_STATES,
  CARD_SCHEDULE_STATES,
  CURRENCIES,
  PLAN_ACTION_KINDS,
  PLAN_ACTION_STATES,
  SEAT_TYPES,
  SUBSCRIPTION_BILLING,
  SUBSCRIPTION_KINDS,
  SUBSCRIPTION_STATES,
} from '../domain/billing.js';
import { defineShape, inline, nullable } from './define.js';

/**
 * A school's subscription to a product: its plan, kind, state, billing, seats (with how many are
 * assigned and still free), term, and the dates of its lifecycle. `pending_upgrade` holds an upgrade
 * awaiting prepayment.
 */
export const SUBSCRIPTION = defineShape(
  'subscription',
  {
    id: 'serial',
    school_id: 'serial',
    product_id: 'serial',
    plan_id: nullable('serial'),
    kind: { oneOf: SUBSCRIPTION_KINDS },
    state: { oneOf: SUBSCRIPTION_STATES },
    billing: { oneOf: SUBSCRIPTION_BILLING },
    currency: { oneOf: CURRENCIES },
    seats: 'int',
    teacher_seats: 'int',
    start_date: 'day',
    expiry: nullable('day'),
    po_number: nullable('string'),
    billing_address_id: nullable('serial'),
    price_rise_exemption: nullable('day'),
    inferred_teacher_access: 'boolean',
    card_reference: nullable('string'),
    moved_from_school_id: nullable('serial'),
    synced_at: nullable('date'),
    cancelled_at: nullable('date'),
    deactivated_at: nullable('date'),
    created_at: 'date',
    updated_at: 'date',
    deleted_at: nullable('date'),
    product: inline({ code: 'string', name: 'string' }),
    permissions: 'strings',
    pending_upgrade: { kind: 'object', nullable: true },
    assigned: inline({ users: 'int', teachers: 'int', groups: 'int' }),
    seats_available: 'int',
    teacher_seats_available: 'int',
  },
  {
    summary: "A school's subscription to a product: plan, state, billing, seats and term",
    columns: ['id', 'school_id', 'product_id', 'kind', 'state', 'seats', 'expiry'],
    // The card provider's reference has its prefix; any other text is the school's purchase order number.
    keys: [
      { field: 'card_reference', phrase: 'with card reference', form: 'sub_[0-9a-z]+' },
      { field: 'po_number', phrase: 'with PO number' },
    ],
    // The school's and the product's names are shown beside their ids, so the ids give way first.
    priority: { school_id: 3, product_id: 3, kind: 2 },
  },
);

/** A subscription that reaches a pupil, and how (`via` the pupil, a group, or the whole school). */
export const PUPIL_SUBSCRIPTION = defineShape(
  'pupil_subscription',
  {
    id: 'serial',
    product_id: 'serial',
    kind: { oneOf: SUBSCRIPTION_KINDS },
    state: { oneOf: SUBSCRIPTION_STATES },
    start_date: 'day',
    expiry: nullable('day'),
    via: 'string',
  },
  {
    summary: 'A subscription that reaches a pupil, and through what',
    columns: ['id', 'product_id', 'state', 'expiry', 'via'],
  },
);

/** What a subscription would cost: the plan, seats and term, the list price, the discount (a coupon's), tax and total. */
export const COST = defineShape(
  'cost',
  {
    plan_id: 'serial',
    plan: 'string',
    currency: { oneOf: CURRENCIES },
    seats: 'int',
    teacher_seats: 'int',
    years: 'int',
    term_months: 'int',
    list_price: 'int',
    discount: 'int',
    coupon: nullable('string'),
    amount: 'int',
    tax: 'int',
    total: 'int',
  },
  {
    summary: 'The cost of a subscription: list price, discount, tax and total in minor units',
    columns: ['plan', 'currency', 'seats', 'years', 'total'],
    money: ['list_price', 'discount', 'amount', 'tax', 'total'],
  },
);

/** A product schools subscribe to (Spelling Shed...), and the permissions it grants. */
export const PRODUCT = defineShape(
  'product',
  {
    id: 'serial',
    code: 'string',
    name: 'string',
    description: 'string',
    permissions: 'strings',
    active: 'boolean',
    created_at: 'date',
    updated_at: 'date',
    deleted_at: nullable('date'),
  },
  {
    summary: 'A product schools subscribe to and the permissions it grants',
    columns: ['id', 'code', 'name', 'active'],
  },
);

/** A scope of a product: who its seats count (the whole school, users or teachers). */
export const SCOPE = defineShape(
  'scope',
  {
    id: 'serial',
    product_id: 'serial',
    name: 'string',
    seat_type: { oneOf: SEAT_TYPES },
    created_at: 'date',
    updated_at: 'date',
    deleted_at: nullable('date'),
  },
  { summary: 'A scope of a product: what its seats count', columns: ['id', 'product_id', 'name', 'seat_type'] },
);

/** A price plan of a scope: currency, price, seats, term; `parent_id` for a plan derived from another (a multi-year one). */
export const PLAN = defineShape(
  'plan',
  {
    id: 'serial',
    scope_id: 'serial',
    parent_id: nullable('serial'),
    name: 'string',
    currency: { oneOf: CURRENCIES },
    price: 'int',
    seats: 'int',
    teacher_seats: 'int',
    seat_price: 'int',
    term_months: 'int',
    active: 'boolean',
    version: 'int',
    created_at: 'date',
    updated_at: 'date',
    product_id: 'serial',
  },
  {
    summary: 'A price plan: currency, price, seats and term',
    columns: ['id', 'name', 'currency', 'price', 'seats', 'term_months', 'active'],
    money: ['price', 'seat_price'],
  },
);

/** An action scheduled on a plan (migrate its subscriptions, reprice, retire), run by a job. */
export const PLAN_ACTION = defineShape(
  'plan_action',
  {
    id: 'serial',
    plan_id: 'serial',
    kind: { oneOf: PLAN_ACTION_KINDS },
    params: 'object',
    state: { oneOf: PLAN_ACTION_STATES },
    run_at: 'date',
    attempts: 'int',
    job_id: nullable('serial'),
    error: nullable('string'),
    result: { kind: 'object', nullable: true },
    created_at: 'date',
    updated_at: 'date',
  },
  {
    summary: 'An action scheduled on a plan and its outcome',
    columns: ['id', 'plan_id', 'kind', 'state', 'run_at'],
    priority: { run_at: 2 },
  },
);

/** A discount code: a percentage or an amount off, its validity and how often it was used. */
export const COUPON = defineShape(
  'coupon',
  {
    id: 'serial',
    code: 'string',
    description: 'string',
    percent_off: nullable('int'),
    amount_off: nullable('int'),
    currency: { oneOf: CURRENCIES, nullable: true },
    valid_until: nullable('day'),
    max_redemptions: nullable('int'),
    redemptions: 'int',
    created_at: 'date',
    usable: 'boolean?',
  },
  {
    summary: 'A discount code and how often it was used',
    columns: ['id', 'code', 'percent_off', 'amount_off', 'valid_until', 'redemptions'],
    money: ['amount_off'],
  },
);

/** How a subscription was cancelled, why and by whom; the list adds the school's name, the subscription's kind and product. */
export const CANCELLATION = defineShape(
  'cancellation',
  {
    id: 'serial',
    subscription_id: 'serial',
    school_id: 'serial',
    kind: { oneOf: CANCELLATION_KINDS },
    reason: 'string',
    user_id: nullable('serial'),
    created_at: 'date',
    undone_at: nullable('date'),
    school_name: 'string?',
    subscription_kind: { oneOf: SUBSCRIPTION_KINDS, optional: true },
    product_id: 'serial?',
  },
  {
    summary: 'A cancellation of a subscription: how, why and by whom',
    columns: ['id', 'subscription_id', 'school_id', 'kind', 'reason', 'created_at'],
    priority: { school_id: 3, created_at: 2 },
  },
);

/** A saved card of a school. */
export const PAYMENT_METHOD = defineShape(
  'payment_method',
  {
    id: 'serial',
    school_id: 'serial',
    provider_ref: 'string',
    brand: 'string',
    last4: 'string',
    exp_month: 'int',
    exp_year: 'int',
    is_default: 'boolean',
    created_at: 'date',
  },
  { summary: 'A saved card of a school', columns: ['id', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default'] },
);

/** What an upgrade would cost: the plan and seats it moves to, and the amount due now. */
export const UPGRADE_COST = defineShape(
  'upgrade_cost',
  {
    plan_id: 'serial',
    plan: 'string',
    seats: 'int',
    teacher_seats: 'int',
    currency: { oneOf: CURRENCIES },
    amount: 'int',
  },
  {
    summary: 'The cost of an upgrade: the plan and seats it moves to, and the amount due',
    columns: ['plan', 'seats', 'currency', 'amount'],
    money: ['amount'],
  },
);

/** A change of a card subscription scheduled for a day (seats, teacher seats), and whether it was applied. */
export const CARD_SCHEDULE = defineShape(
  'card_schedule',
  {
    id: 'serial',
    subscription_id: 'serial',
    changes: 'object',
    effective_at: 'day',
    state: { oneOf: CARD_SCHEDULE_STATES },
    created_at: 'date',
    updated_at: 'date',
  },
  { summary: 'A scheduled change of a card subscription', columns: ['id', 'subscription_id', 'effective_at', 'state'] },
);

/** An event the card provider sent (a paid invoice...), what it was about, and how the platform handled it. */
export const CARD_EVENT = defineShape(
  'card_event',
  {
    id: 'serial',
    school_id: nullable('serial'),
    subscription_id: nullable('serial'),
    invoice_id: nullable('serial'),
    type: 'string',
    payload: 'object',
    state: { oneOf: CARD_EVENT_STATES },
    attempts: 'int',
    error: nullable('string'),
    created_at: 'date',
    processed_at: nullable('date'),
  },
  {
    summary: 'An event of the card provider and how it was handled',
    columns: ['id', 'type', 'invoice_id', 'state', 'created_at'],
    priority: { created_at: 2 },
  },
);
