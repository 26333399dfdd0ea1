/**
 * The row of every table of the sandbox database, declared once: each table's columns as data (SQLite's
 * type class and whether the column takes NULL), from which its TypeScript row type derives. Rows come back
 * as SQLite stores them: INTEGER and REAL as numbers, TEXT as strings, flags as 0 or 1, JSON columns as
 * their text (parse them with sandbox/kit/json-columns.ts). A few TEXT columns name a closed set (a CHECK
 * constraint, or the domain's list of states) and are typed as that set.
 *
 * tests/sandbox/row-types.test.ts opens a migrated database and checks that these columns equal `PRAGMA
 * table_info` of every table (names in order, nullability, type class): a migration or read model that adds
 * a table or a column fails it until the table's row here says so.
 *
 * @example
 * const invoice = one<Row<'invoices'>>(db, 'SELECT * FROM invoices WHERE id = ?', 12);
 * const names = all<Pick<Row<'users'>, 'id' | 'username'>>(db, 'SELECT id, username FROM users');
 */
import type { CONTENT_BLOCK_TYPES, JobState, RESOURCE_AVAILABILITY, RosterLinkState, UserKind } from '../../core/domain/accounts.js';
import type {
  InvoiceKind, InvoiceState, PaymentMethod, PlanActionState, PurchaseState, SubscriptionKind, SubscriptionState,
} from '../../core/domain/billing.js';
import type { HIVE_STATUSES, HomeworkGame, LeagueProduct } from '../../core/domain/games.js';
import type { Currency } from '../domain/pricing/money.js';

/** SQLite's type classes, as `PRAGMA table_info` names a declared column's type. */
export type TypeClass = 'INTEGER' | 'TEXT' | 'REAL' | 'BLOB';

/** One column: its type class, whether it takes NULL, and (at compile time only) the value a row holds. */
export interface Column<T> {
  readonly type: TypeClass;
  readonly nullable: boolean;
  /** Never set: carries the column's value type to `Row`. */
  readonly value?: T;
}

const column = <T>(type: TypeClass, nullable: boolean): Column<T> => ({ type, nullable });

const int = column<number>('INTEGER', false);
const intOrNull = column<number | null>('INTEGER', true);
const real = column<number>('REAL', false);
const realOrNull = column<number | null>('REAL', true);
const text = column<string>('TEXT', false);
const textOrNull = column<string | null>('TEXT', true);
const blob = column<Buffer>('BLOB', false);
/** A TEXT column holding one of a closed set of values (`T`). */
const textOf = <T extends string>(): Column<T> => column<T>('TEXT', false);
/** The same column, taking NULL. */
const orNull = <T>(of: Column<T>): Column<T | null> => column<T | null>(of.type, true);

/** Every table and its columns, in the order the migrations (then the read models) create them. */
export const TABLES = {
  // core (001, 002: record keys, token verification; 031: tokens keyed by their hash)
  districts: { id: int, name: text, created_at: text },
  schools: {
    id: int, name: text, code: textOrNull, country: text, region: textOrNull, locale: text, account_region: text,
    district_id: intOrNull, settings: text, integrations: text, created_at: text, deleted_at: textOrNull,
  },
  users: {
    id: int, username: text, email: textOrNull, first_name: text, last_name: text, display_name: text, password_hash: text,
    kind: textOf<UserKind>(), superuser: int, employee: int, tester: int, school_id: intOrNull, school_username: textOrNull,
    admin: int, district_id: intOrNull, parent_id: intOrNull, stage_spelling: intOrNull, stage_number: intOrNull,
    experimental: int, permissions: text, avatar: text, data: text, failed_logins: int, created_at: text,
    deleted_at: textOrNull,
  },
  tokens: { token_hash: text, user_id: int, imitator_id: intOrNull, created_at: text, expires_at: text, verified_at: textOrNull },
  idempotency: {
    user_key: text, key: text, route: text, body_hash: text, state: text, status: intOrNull, response: textOrNull,
    created_at: text,
  },
  records: {
    id: int, collection: text, owner_id: intOrNull, school_id: intOrNull, parent_key: textOrNull, data: text, created_at: text,
    updated_at: text, deleted_at: textOrNull, key: textOrNull, actions: text,
  },
  // school administration (010)
  school_memberships: { user_id: int, school_id: int, admin: int, created_at: text },
  addresses: {
    id: int, school_id: int, address_type: text, address: text, is_default: int, created_at: text, updated_at: text,
    deleted_at: textOrNull,
  },
  school_groups: { id: int, school_id: int, parent_id: intOrNull, name: text, data: text, created_at: text, updated_at: text },
  group_pupils: { group_id: int, user_id: int, added_at: text },
  group_teachers: { group_id: int, user_id: int, added_at: text },
  teacher_invites: {
    id: int, school_id: int, email: text, code: text, invited_by: intOrNull, created_at: text, expires_at: text,
    accepted_at: textOrNull, user_id: intOrNull,
  },
  school_events: { id: int, school_id: int, user_id: intOrNull, kind: text, data: text, created_at: text },
  register_schools: { urn: int, name: text, town: text, postcode: text, country: text, school_id: intOrNull },
  // homework (011)
  homework_sets: {
    id: int, school_id: int, owner_id: intOrNull, group_id: intOrNull, title: text, data: text, created_at: text,
    updated_at: text,
  },
  homework: {
    id: int, school_id: int, owner_id: intOrNull, set_id: intOrNull, title: text, game: textOf<HomeworkGame>(),
    list_ident: textOrNull, data: text, starts_at: text, ends_at: textOrNull, portal: int, created_at: text, updated_at: text,
  },
  homework_pupils: { homework_id: int, user_id: int },
  homework_groups: { homework_id: int, group_id: int },
  homework_teachers: { homework_id: int, user_id: int },
  // activity: game sessions, hives, leagues (012)
  game_sessions: {
    id: int, user_id: int, school_id: intOrNull, game: text, mode: textOrNull, list_ident: textOrNull, homework_id: intOrNull,
    stage: intOrNull, score: int, correct: int, incorrect: int, details: text, created_at: text,
  },
  hives: {
    id: int, school_id: int, owner_id: intOrNull, name: text, game: text, status: textOf<(typeof HIVE_STATUSES)[number]>(), data: text, created_at: text,
    finished_at: textOrNull,
  },
  leagues: {
    id: int, school_id: intOrNull, owner_id: intOrNull, kind: textOf<'custom' | 'challenge'>(), name: text,
    product: textOf<LeagueProduct>(), starts_at: text, ends_at: text, data: text, created_at: text, updated_at: text,
  },
  league_groups: { league_id: int, group_id: int },
  league_users: { league_id: int, user_id: int },
  diagnostic_skills: { id: int, code: text, name: text, stage: int },
  // rewards (013)
  reward_feedback: {
    id: int, school_id: int, group_id: int, name: text, points: int, icon: textOrNull, created_at: text, updated_at: text,
  },
  reward_groups: { id: int, school_id: int, group_id: int, name: text, created_at: text },
  reward_group_pupils: { reward_group_id: int, user_id: int },
  reward_logs: {
    id: int, school_id: int, group_id: intOrNull, user_id: intOrNull, reward_group_id: intOrNull, feedback_id: intOrNull,
    points: int, source: text, awarded_by: intOrNull, converted_at: textOrNull, created_at: text,
  },
  // rostering (014)
  rostering_links: {
    school_id: int, provider: text, external_id: textOrNull, tenant_id: textOrNull, state: textOf<RosterLinkState>(),
    data: text, requested_at: textOrNull, linked_at: textOrNull, activated_at: textOrNull, synced_at: textOrNull,
    sync_count: int,
  },
  rostering_exclusions: { school_id: int, provider: text, external_id: text, created_at: text },
  classlink_tenants: { id: int, name: text, tenant_id: text, data: text, created_at: text },
  // resources (015; 040: file kinds)
  resource_types: { id: int, name: text },
  resources: {
    id: int, title: text, url_key: text, ident: text, type_id: intOrNull, image: text,
    availability: textOf<(typeof RESOURCE_AVAILABILITY)[number]>(), description: text, created_at: text, updated_at: text,
  },
  resource_categories: { resource_id: int, category: text },
  resource_curricula: { resource_id: int, curriculum_id: int },
  resource_files: {
    id: int, resource_id: int, name: text, mime: text, size: int, access_uuid: textOrNull, created_at: text, kind: text,
  },
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
  // reference data, e-mail and error logs (025)
  countries: { code: text, name: text, currency: text, vat_rate: real, eu: int, updated_at: text },
  country_zones: { id: int, country_code: text, code: text, name: text },
  vat_checks: { id: int, school_id: int, vat_number: text, country: textOrNull, valid: int, checked_at: text },
  school_vat_countries: { school_id: int, country_code: text },
  email_logs: {
    id: int, recipient: text, subject: text, template: text,
    status: textOf<'queued' | 'delivered' | 'opened' | 'bounced' | 'failed'>(), school_id: intOrNull, user_id: intOrNull,
    resent_from: intOrNull, storage: textOrNull, sent_at: text,
  },
  email_suppressions: { email: text, reason: text, created_at: text },
  system_errors: {
    id: int, source: text, message: text, stack: textOrNull, url: textOrNull, user_id: intOrNull, data: text, created_at: text,
  },
  // write log (028), resource blocks (030), signing keys (040)
  write_log: { id: int, route: text, target: text, count: int },
  resource_blocks: { resource_id: int, position: int, type: textOf<(typeof CONTENT_BLOCK_TYPES)[number]>(), value: text },
  signing_keys: { purpose: text, secret: blob, created_at: text },
  // read models (sandbox/db/fast/read-models.ts: rebuilt from the tables above)
  read_model_versions: { name: text, fingerprint: text },
  cache_versions: { name: text, version: int },
  pupil_docs: {
    school_id: int, active: int, last_name: text, first_name: text, user_id: int, school_username: textOrNull, doc: text,
  },
  invoice_docs: { id: int, doc: text },
  row_counts: { name: text, count: int },
} as const satisfies Record<string, Record<string, Column<unknown>>>;

/** The name of a table of the sandbox database. */
export type Table = keyof typeof TABLES;

type RowOf<Columns> = { readonly [Name in keyof Columns]: Columns[Name] extends Column<infer Value> ? Value : never };

/**
 * One row of `table`, as `SELECT *` answers it. Derive partial and joined rows from it: `Pick<Row<'users'>,
 * 'id' | 'username'>` for some columns, `Row<'schools'> & { readonly pupils: number }` for a computed one.
 */
export type Row<T extends Table> = RowOf<(typeof TABLES)[T]>;
