/**
 * Whole API records for tests that feed the CLI answers without a server: each is a complete object of
 * its core shape (core/shapes), typed by it, so a field added to a shape does not compile here until it
 * is given. Only what a test is about is passed; the rest is a plain, valid value.
 */
import type {
  Cancellation,
  Group,
  Homework,
  Invoice,
  Job,
  Pupil,
  School,
  Snapshot,
  Subscription,
} from '../../core/shapes/types.js';

const AT = '2026-09-01T08:00:00.000Z';

/**
 * An invoice, open and unpaid unless `fields` say otherwise.
 *
 * @example
 * invoiceOf({ id: 4, state: 'promised', total: 48000 })
 */
export function invoiceOf(fields: Partial<Invoice> & Pick<Invoice, 'id'>): Invoice {
  const total = fields.total ?? 54000;
  return {
    number: `INV-${String(fields.id).padStart(6, '0')}`,
    shareable_id: `share${fields.id}`,
    school_id: 1,
    subscription_id: null,
    kind: 'subscription',
    billing: 'invoice',
    card_reference: null,
    state: 'open',
    currency: 'gbp',
    amount: total,
    tax: 0,
    total,
    amount_final: null,
    forex: false,
    forex_rate: null,
    description: 'Subscription',
    issued_at: '2026-09-01',
    due_at: '2026-10-01',
    promised_reference: null,
    promised_at: null,
    paid_method: null,
    paid_date: null,
    voided_at: null,
    uncollectable_at: null,
    amount_refunded: 0,
    refunded_at: null,
    remittance_date_received: null,
    remittance_file: null,
    accounting_id: null,
    sent_to_accounting_at: null,
    source_person_id: null,
    source_dept: null,
    created_at: AT,
    updated_at: AT,
    amount_due: total,
    ...fields,
  };
}

/**
 * A subscription of school 1, active, with no seat assigned unless `fields` say otherwise.
 *
 * @example
 * subscriptionOf({ id: 5, expiry: '2027-09-01', product: { code: 'maths', name: 'Maths Shed' } })
 */
export function subscriptionOf(fields: Partial<Subscription> & Pick<Subscription, 'id'>): Subscription {
  const seats = fields.seats ?? 100;
  const teacherSeats = fields.teacher_seats ?? 0;
  const assigned = fields.assigned ?? { users: 0, teachers: 0, groups: 0 };
  return {
    school_id: 1,
    product_id: 1,
    plan_id: 1,
    kind: 'full',
    state: 'active',
    billing: 'invoice',
    currency: 'gbp',
    seats,
    teacher_seats: teacherSeats,
    start_date: '2026-09-02',
    expiry: null,
    po_number: null,
    billing_address_id: null,
    price_rise_exemption: null,
    inferred_teacher_access: false,
    card_reference: null,
    moved_from_school_id: null,
    synced_at: null,
    cancelled_at: null,
    deactivated_at: null,
    created_at: AT,
    updated_at: AT,
    deleted_at: null,
    product: { code: 'spelling', name: 'Spelling Shed' },
    permissions: [],
    pending_upgrade: null,
    assigned,
    seats_available: Math.max(0, seats - assigned.users),
    teacher_seats_available: Math.max(0, teacherSeats - assigned.teachers),
    ...fields,
  };
}

/**
 * A school in GB, as one school is shown (with its counts) when `fields` give them.
 *
 * @example
 * schoolOf({ id: 1, name: 'Oakfield Primary School', pupil_count: 30 })
 */
export function schoolOf(fields: Partial<School> & Pick<School, 'id' | 'name'>): School {
  return {
    code: null,
    country: 'GB',
    region: null,
    locale: 'en_GB',
    account_region: 'GB',
    district_id: null,
    settings: {},
    created_at: AT,
    ...fields,
  };
}

/**
 * A piece of spelling homework of school 1, set to no one unless `fields` say.
 *
 * @example
 * homeworkOf({ id: 1, title: 'Spelling list ST2-W5', ends_at: '2026-09-05T09:00:00.000Z' })
 */
export function homeworkOf(fields: Partial<Homework> & Pick<Homework, 'id' | 'title'>): Homework {
  return {
    school_id: 1,
    owner_id: 1,
    set_id: null,
    game: 'spelling',
    list_ident: null,
    starts_at: AT,
    ends_at: AT,
    isNewEdShedPortal: false,
    pupil_ids: [],
    group_ids: [],
    teacher_ids: [],
    created_at: AT,
    updated_at: AT,
    ...fields,
  };
}

/**
 * A background job, queued unless `fields` say otherwise.
 *
 * @example
 * jobOf({ id: 7, kind: 'engagement-snapshot', state: 'running', progress: 40 })
 */
export function jobOf(fields: Partial<Job> & Pick<Job, 'id' | 'kind'>): Job {
  return {
    jobId: fields.id,
    queueId: `q${fields.id}`,
    namespace_id: 'default',
    state: 'queued',
    progress: 0,
    error: null,
    attempts: 0,
    run_at: AT,
    created_at: AT,
    started_at: null,
    finished_at: null,
    ...fields,
  };
}

/**
 * An engagement snapshot of a period, queued unless `fields` say otherwise.
 *
 * @example
 * snapshotOf({ id: 3, start: '2026-09-01', end: '2026-11-30', state: 'running', progress: 40, job_id: 7 })
 */
export function snapshotOf(fields: Partial<Snapshot> & Pick<Snapshot, 'id' | 'start' | 'end'>): Snapshot {
  return {
    state: 'queued',
    progress: 0,
    error: null,
    job_id: null,
    school_count: 0,
    rows: 0,
    created_by: null,
    created_at: AT,
    completed_at: null,
    ...fields,
  };
}

/**
 * A cancellation of a subscription, not undone.
 *
 * @example
 * cancellationOf({ id: 4, subscription_id: 14, school_id: 3, kind: 'refund', reason: 'Chose another provider' })
 */
export function cancellationOf(
  fields: Partial<Cancellation> & Pick<Cancellation, 'id' | 'subscription_id' | 'school_id' | 'kind'>,
): Cancellation {
  return { reason: '', user_id: null, created_at: AT, undone_at: null, ...fields };
}

/**
 * A group (class) of school 1 with no parent.
 *
 * @example
 * groupOf({ id: 5, name: 'Class 3' })
 */
export function groupOf(fields: Partial<Group> & Pick<Group, 'id' | 'name'>): Group {
  return { school_id: 1, parent_id: null, created_at: AT, updated_at: AT, ...fields };
}

/**
 * A pupil of school 1 at no stage, as staff see them (`password` only when `fields` give one, as when just made).
 *
 * @example
 * pupilOf({ id: 40, username: 's1.plucky', display_name: 'Plucky Puffin', password: 'comet42' })
 */
export function pupilOf(fields: Partial<Pupil> & Pick<Pupil, 'id' | 'username'>): Pupil {
  const display = fields.display_name ?? fields.username;
  return {
    school_id: 1,
    first_name: display,
    last_name: '',
    display_name: display,
    experimental: false,
    created_at: AT,
    school_username: null,
    stage_spelling: null,
    stage_number: null,
    permissions: [],
    ...fields,
  };
}
