/** The tables of billing, in migration order: district allocations, catalogue, subscriptions, invoices, store, reporting and jobs (016-024). */
import type { JobState } from '../../../core/domain/accounts.js';
import type { InvoiceKind, InvoiceState, PaymentMethod, PlanActionState, PurchaseState, SubscriptionKind, SubscriptionState } from '../../../core/domain/billing.js';
import type { Currency } from '../../domain/pricing/money.js';
import { int, intOrNull, orNull, realOrNull, text, textOf, textOrNull, type Column } from './columns.js';

export const BILLING_TABLES = {
  // district allocations (016)
  district_allocations: {
    id: int, district_id: int, parent_subscription_id: int, subscription_id: int, school_id: int, quantity: int,
    created_by: intOrNull, created_at: text,
  },
  // catalogue (020)
  products: {
    id: int, code: text, name: text, description: text, permissions: text, active: int, created_at: text, updated_at: text,
    deleted_at: textOrNull,
  },
  product_scopes: {
    id: int, product_id: int, name: text, seat_type: textOf<'school' | 'users' | 'teachers'>(), created_at: text,
    updated_at: text, deleted_at: textOrNull,
  },
  plans: {
    id: int, scope_id: int, parent_id: intOrNull, name: text, currency: textOf<Currency>(), price: int, seats: int,
    teacher_seats: int, seat_price: int, term_months: int, active: int, version: int, created_at: text, updated_at: text,
  },
  plan_actions: {
    id: int, plan_id: int, kind: textOf<'migrate' | 'reprice' | 'retire'>(), params: text, state: textOf<PlanActionState>(),
    run_at: text, attempts: int, job_id: intOrNull, error: textOrNull, result: textOrNull, created_at: text, updated_at: text,
  },
  plan_cache: { id: int, checksum: text, plan_count: int, refreshed_at: text },
  coupons: {
    id: int, code: text, description: text, percent_off: intOrNull, amount_off: intOrNull, currency: textOrNull,
    valid_until: textOrNull, max_redemptions: intOrNull, redemptions: int, created_at: text,
  },
  // subscriptions (021)
  subscriptions: {
    id: int, school_id: int, product_id: int, plan_id: intOrNull, kind: textOf<SubscriptionKind>(),
    state: textOf<SubscriptionState>(), billing: textOf<'none' | 'invoice' | 'card'>(), currency: textOf<Currency>(),
    seats: int, teacher_seats: int, start_date: text, expiry: textOrNull, po_number: textOrNull, billing_address_id: intOrNull,
    price_rise_exemption: textOrNull, permissions: text, inferred_teacher_access: int, action_secret: textOrNull,
    pending_upgrade: textOrNull, card_reference: textOrNull, moved_from_school_id: intOrNull, synced_at: textOrNull,
    cancelled_at: textOrNull, deactivated_at: textOrNull, created_at: text, updated_at: text, deleted_at: textOrNull,
  },
  subscription_members: { subscription_id: int, target: text, member_id: int, created_at: text },
  cancellations: {
    id: int, subscription_id: int, school_id: int, kind: text, reason: text, user_id: intOrNull, created_at: text,
    undone_at: textOrNull,
  },
  card_schedules: {
    id: int, subscription_id: int, changes: text, effective_at: text, state: textOf<'scheduled' | 'cancelled' | 'applied'>(),
    created_at: text, updated_at: text,
  },
  card_events: {
    id: int, school_id: int, subscription_id: intOrNull, invoice_id: intOrNull, type: text, payload: text,
    state: textOf<'processed' | 'failed'>(), attempts: int, error: textOrNull, created_at: text, processed_at: textOrNull,
  },
  payment_methods: {
    id: int, school_id: int, provider_ref: text, brand: text, last4: text, exp_month: int, exp_year: int, is_default: int,
    created_at: text, deleted_at: textOrNull,
  },
  inferred_access: { subscription_id: int, user_id: int, school_id: int, refreshed_at: text },
  // invoices (022)
  sales_people: { id: int, name: text, is_active: int, created_at: text, updated_at: text },
  invoices: {
    id: int, number: text, shareable_id: text, school_id: int, subscription_id: intOrNull, kind: textOf<InvoiceKind>(),
    billing: textOf<'invoice' | 'card'>(), card_reference: textOrNull, state: textOf<InvoiceState>(),
    currency: textOf<Currency>(), amount: int, tax: int, total: int, amount_final: intOrNull, forex: int,
    forex_rate: realOrNull, description: text, issued_at: text, due_at: text, promised_reference: textOrNull,
    promised_at: textOrNull, paid_method: orNull(textOf<PaymentMethod>()), paid_date: textOrNull, voided_at: textOrNull,
    uncollectable_at: textOrNull, amount_refunded: int, refunded_at: textOrNull, remittance_date_received: textOrNull,
    remittance_file: textOrNull, accounting_id: textOrNull, sent_to_accounting_at: textOrNull, source_person_id: intOrNull,
    source_dept: textOrNull, created_at: text, updated_at: text,
  },
  invoice_credits: { id: int, invoice_id: int, kind: text, amount: int, currency: text, reason: text, created_at: text },
  // store (023)
  store_locations: { id: int, name: text, country: text, currency: textOf<Currency>(), shipping_price: int, created_at: text },
  store_items: {
    id: int, sku: text, name: text, description: text, category: text, tags: text, prices: text, image: text, active: int,
    created_at: text, updated_at: text,
  },
  store_stock: { item_id: int, location_id: int, quantity: int },
  store_purchases: {
    id: int, number: text, school_id: int, user_id: intOrNull, location_id: int, origin: textOf<'draft' | 'invoice' | 'card'>(),
    state: textOf<PurchaseState>(), currency: textOf<Currency>(), subtotal: int, shipping: intOrNull, total: int,
    po_number: textOrNull, skip_email: int, payment_method: textOrNull, promised_reference: textOrNull, tracking: textOrNull,
    source_person_id: intOrNull, source_dept: textOrNull, accounting_id: textOrNull, finalised_at: textOrNull,
    promised_at: textOrNull, paid_at: textOrNull, shipped_at: textOrNull, voided_at: textOrNull, created_at: text,
    updated_at: text,
  },
  store_purchase_lines: { purchase_id: int, item_id: int, quantity: int, unit_price: int },
  // reporting and jobs (024)
  retention_events: {
    id: int, subscription_id: int, school_id: int, type: text, status: text, note: text, sales_person_id: intOrNull,
    due_at: text, created_at: text, updated_at: text,
  },
  jobs: {
    id: int, queue_id: text, namespace_id: text, kind: text, payload: text, state: textOf<JobState>(), progress: int,
    cursor: textOrNull, result: textOrNull, error: textOrNull, attempts: int, run_at: text, created_at: text,
    started_at: textOrNull, finished_at: textOrNull, updated_at: text,
  },
  engagement_snapshots: {
    id: int, start: text, end: text, job_id: int, school_count: int, created_by: intOrNull, created_at: text,
    deleted_at: textOrNull,
  },
  engagement_rows: { snapshot_id: int, school_id: int, data: text },
} as const satisfies Record<string, Record<string, Column<unknown>>>;
