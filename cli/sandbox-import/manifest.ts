/**
 * The field manifest of `edshed sandbox import`: every field of every reply the import reads, classified
 * `keep` (copied as it is: ids, billing facts, states, dates, settings), `pseudonymise` (replaced by a keyed
 * pseudonym: names, usernames, emails, addresses, free text) or `drop` (not copied: counts the copy works
 * out itself, lists it reads elsewhere). Each kind's classes are typed by its shape in core, so a field
 * added to a shape is a compile error here until it is classified; a field a reply carries that the
 * manifest does not know fails the import, naming it: nothing passes through unclassified. Pure.
 */
import type { ObjectShape, ShapeFields } from '../../core/shapes/define.js';
import { ADDRESS, SCHOOL } from '../../core/shapes/school.js';
import { COUNTRY, ZONE } from '../../core/shapes/country.js';
import { DISTRICT, SALES_PERSON } from '../../core/shapes/sales.js';
import { GROUP } from '../../core/shapes/group.js';
import { INVOICE, INVOICE_CREDIT, SHARED_INVOICE } from '../../core/shapes/invoice.js';
import { CANCELLATION, PAYMENT_METHOD, PLAN, PRODUCT, SCOPE, SUBSCRIPTION } from '../../core/shapes/subscription.js';
import { PUPIL, USER } from '../../core/shapes/user.js';

export type FieldClass = 'keep' | 'pseudonymise' | 'drop';

/** One kind of record the import reads: the shape it is declared by in core, and a class for each of its fields. */
export interface KindManifest<F extends ShapeFields = ShapeFields> {
  readonly shape: ObjectShape<F>;
  readonly fields: { readonly [K in keyof F]: FieldClass };
  /** A reply that repeats a record read elsewhere: the fields of that kind it has are dropped here as read there. */
  readonly repeats?: string;
}

/** Ties the classes to the shape: a field of the shape left out, or one it does not have, does not compile. */
const classify = <F extends ShapeFields>(
  shape: ObjectShape<F>,
  fields: { readonly [K in keyof F]: FieldClass },
): KindManifest<F> => ({ shape, fields });

/** Every field of `shape` dropped: a reply whose fields the import has from another read. */
const dropAll = <F extends ShapeFields>(shape: ObjectShape<F>): { readonly [K in keyof F]: FieldClass } =>
  Object.fromEntries(Object.keys(shape.fields).map((field) => [field, 'drop'])) as {
    readonly [K in keyof F]: FieldClass;
  };

const K = 'keep';
const P = 'pseudonymise';
const D = 'drop';

export const MANIFEST = {
  school: classify(SCHOOL, {
    id: K,
    name: K,
    // The join code lets anyone who has it join the school in production: the copy's is another.
    code: P,
    country: K,
    region: K,
    locale: K,
    account_region: K,
    district_id: K,
    // Settings and integrations are objects a school admin fills freely (a contact's name and email, say):
    // their texts are pseudonymised, their keys and other values kept.
    settings: P,
    integrations: P,
    created_at: K,
    pupil_count: D,
    teacher_count: D,
    group_count: D,
    admin: D,
    current: D,
  }),
  user: classify(USER, {
    kind: K,
    id: K,
    username: P,
    school_id: K,
    first_name: P,
    last_name: P,
    display_name: P,
    experimental: K,
    created_at: K,
    deleted_at: K,
    email: P,
    admin: K,
    school_username: P,
    stage_spelling: K,
    stage_number: K,
    permissions: K,
  }),
  pupil: classify(PUPIL, {
    id: K,
    username: P,
    school_id: K,
    first_name: P,
    last_name: P,
    display_name: P,
    experimental: K,
    created_at: K,
    deleted_at: K,
    school_username: P,
    stage_spelling: K,
    stage_number: K,
    permissions: K,
    group_ids: D,
    password: D,
  }),
  address: classify(ADDRESS, {
    id: K,
    school_id: K,
    addressType: K,
    address: P,
    default: K,
    created_at: K,
    updated_at: K,
  }),
  group: classify(GROUP, {
    id: K,
    school_id: K,
    parent_id: K,
    name: P,
    colour: K,
    year: K,
    description: P,
    created_at: K,
    updated_at: K,
    pupil_count: D,
    teacher_count: D,
    subgroup_count: D,
    teacher_ids: K,
    subgroups: D,
  }),
  subscription: classify(SUBSCRIPTION, {
    id: K,
    school_id: K,
    product_id: K,
    plan_id: K,
    kind: K,
    state: K,
    billing: K,
    currency: K,
    seats: K,
    teacher_seats: K,
    start_date: K,
    expiry: K,
    po_number: K,
    billing_address_id: K,
    price_rise_exemption: K,
    inferred_teacher_access: K,
    card_reference: K,
    moved_from_school_id: K,
    synced_at: K,
    cancelled_at: K,
    deactivated_at: K,
    created_at: K,
    updated_at: K,
    deleted_at: K,
    product: D,
    permissions: K,
    pending_upgrade: K,
    assigned: D,
    seats_available: D,
    teacher_seats_available: D,
  }),
  invoice: classify(INVOICE, {
    id: K,
    number: K,
    // Anyone holding it may open the invoice's page in production (its school, amounts and credits): replaced.
    shareable_id: P,
    school_id: K,
    subscription_id: K,
    kind: K,
    billing: K,
    card_reference: K,
    state: K,
    currency: K,
    amount: K,
    tax: K,
    total: K,
    amount_final: K,
    forex: K,
    forex_rate: K,
    description: P,
    issued_at: K,
    due_at: K,
    promised_reference: K,
    promised_at: K,
    paid_method: K,
    paid_date: K,
    voided_at: K,
    uncollectable_at: K,
    amount_refunded: K,
    refunded_at: K,
    remittance_date_received: K,
    remittance_file: P,
    accounting_id: K,
    sent_to_accounting_at: K,
    source_person_id: K,
    source_dept: K,
    created_at: K,
    updated_at: K,
    amount_due: D,
  }),
  // An invoice's credits are only on its shareable page: the invoice there is the one the list gave.
  shared_invoice: { ...classify(SHARED_INVOICE, { ...dropAll(INVOICE), school: D, credits: D }), repeats: 'invoice' },
  credit: classify(INVOICE_CREDIT, { kind: K, amount: K, currency: K, reason: P, created_at: K }),
  // What billing does with a saved card is charge it: the copy's card is a sandbox test card of the same
  // brand (provider_ref replaced, last4 the test card's; a brand with no test card a visa), so no production
  // card token or digits are copied. The expiry is kept: a rehearsal meets the expired cards production would.
  payment_method: classify(PAYMENT_METHOD, {
    id: K,
    school_id: K,
    provider_ref: P,
    brand: K,
    last4: D,
    exp_month: K,
    exp_year: K,
    is_default: K,
    created_at: K,
  }),
  cancellation: classify(CANCELLATION, {
    id: K,
    subscription_id: K,
    school_id: K,
    kind: K,
    reason: P,
    user_id: K,
    created_at: K,
    undone_at: K,
    school_name: D,
    subscription_kind: D,
    product_id: D,
  }),
  district: classify(DISTRICT, { id: K, name: K, created_at: K, schools: D, school_count: D }),
  sales_person: classify(SALES_PERSON, { id: K, name: P, is_active: K, created_at: K, updated_at: K, invoices: D }),
  product: classify(PRODUCT, {
    id: K,
    code: K,
    name: K,
    description: K,
    permissions: K,
    active: K,
    created_at: K,
    updated_at: K,
    deleted_at: K,
  }),
  scope: classify(SCOPE, { id: K, product_id: K, name: K, seat_type: K, created_at: K, updated_at: K, deleted_at: K }),
  plan: classify(PLAN, {
    id: K,
    scope_id: K,
    parent_id: K,
    name: K,
    currency: K,
    price: K,
    seats: K,
    teacher_seats: K,
    seat_price: K,
    term_months: K,
    active: K,
    version: K,
    created_at: K,
    updated_at: K,
    product_id: K,
  }),
  country: classify(COUNTRY, {
    code: K,
    name: K,
    currency: K,
    vat_rate: K,
    eu: K,
    updated_at: K,
    zone_count: D,
    zones: D,
  }),
  zone: classify(ZONE, { id: K, country_code: K, code: K, name: K }),
} as const;

export type RecordKind = keyof typeof MANIFEST;

/**
 * What the sandbox holds for a school that the import cannot copy, and why: no GET route of the API (the
 * table in core/endpoints) gives it to anyone. Printed in every manifest, so a copy is never taken for
 * whole without them.
 */
export const NOT_COPIED: readonly { readonly table: string; readonly what: string; readonly why: string }[] = [
  {
    table: 'subscription_members',
    what: 'which pupils, teachers and groups are assigned to each subscription',
    why: 'no GET route lists them (a subscription reply carries only the counts, dropped as assigned and seats_available); assign them again in the copy if a rehearsal needs them',
  },
  {
    table: 'district_allocations',
    what: "seats a district moved from its parent subscription to a school's (parent subscriptions and allocations)",
    why: 'POST users/me/district/schools/{id}/subscriptions makes them and no GET route gives them back; a copied subscription keeps its own seats',
  },
  {
    table: 'card_schedules',
    what: "card subscriptions' scheduled updates at the card provider",
    why: 'GET {card_provider}/{id}/schedules/{sid} shows one whose id is known, and no route lists them',
  },
  {
    table: 'card_events',
    what: "the card provider's event log of each school",
    why: "not read: a log of the provider's messages (GET schools/{id}/{card_provider}/events), whose payloads are the provider's, not billing state",
  },
  {
    table: 'inferred_access',
    what: 'the inferred teacher access cache',
    why: 'a cache: POST superuser/inferred_teacher_access/refresh on the copy rebuilds it from the copied rows',
  },
];

/** A reply held a field the manifest does not classify: the import stops before writing anything. */
export class UnknownFieldError extends Error {
  constructor(
    readonly kind: RecordKind | 'reply',
    readonly field: string,
    readonly where: string,
  ) {
    super(
      `${where}: field "${field}" of ${kind === 'reply' ? 'the reply' : `a ${kind}`} is not in the import manifest (keep, pseudonymise or drop it in cli/sandbox-import/manifest.ts); nothing was written`,
    );
    this.name = 'UnknownFieldError';
  }
}

/**
 * A record as the copy may hold it: the kept fields as they are, the pseudonymised ones as `pseudonymise`
 * gives them (a field it gives no value is left out), the dropped ones left out. Throws UnknownFieldError on
 * a field the manifest does not know.
 *
 * @example
 * cleanRecord('user', { id: 4, username: 'pip' }, 'GET users', () => ({ username: 'amelia.ashdown.3f2a9c' }));
 * // { id: 4, username: 'amelia.ashdown.3f2a9c' }
 */
export function cleanRecord(
  kind: RecordKind,
  record: Readonly<Record<string, unknown>>,
  where: string,
  pseudonymise: (fields: readonly string[]) => Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const classes: Readonly<Record<string, FieldClass>> = MANIFEST[kind].fields;
  const out: Record<string, unknown> = {};
  const personal: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    const c = Object.hasOwn(classes, field) ? classes[field] : undefined;
    if (c === undefined) throw new UnknownFieldError(kind, field, where);
    if (c === 'keep') out[field] = value;
    else if (c === 'pseudonymise') personal.push(field);
  }
  if (personal.length === 0) return out;
  const replaced = pseudonymise(personal);
  for (const field of personal) if (replaced[field] !== undefined) out[field] = replaced[field];
  return out;
}

/** Checks a reply's own keys (the list's key and `total`, say) against those its read expects. */
export function checkEnvelope(
  reply: unknown,
  keys: readonly string[],
  where: string,
): Readonly<Record<string, unknown>> {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
    throw new UnknownFieldError('reply', '(not an object)', where);
  for (const key of Object.keys(reply)) if (!keys.includes(key)) throw new UnknownFieldError('reply', key, where);
  return reply as Readonly<Record<string, unknown>>;
}
