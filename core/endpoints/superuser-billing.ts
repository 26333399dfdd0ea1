import {
  CANCELLATION_KINDS,
  CURRENCIES,
  PAYMENT_METHODS,
  SUBSCRIPTION_KINDS,
  SUBSCRIPTION_STATES,
} from '../domain/billing.js';
import { defineArea } from './define.js';
import { inline, listOf, nullable, optional } from '../shapes/define.js';
import { SESSION_USER, TEACHER } from '../shapes/user.js';
import { CANCELLATION, PAYMENT_METHOD, SUBSCRIPTION } from '../shapes/subscription.js';
import { GRANT_PAYLOAD } from './payloads.js';
import { INVOICE, INVOICE_SUMMARY } from '../shapes/invoice.js';

/** What an invoice write answers: the invoice as it now is, and whether this call changed it (false for a repeat). */
const INVOICE_CHANGE = { invoice: INVOICE, changed: 'boolean' } as const;

const PUT_NOTE =
  'Method inferred: the spec says "POST (and PUT for some)"; PUT read as editing promised, paid and remittance details.';
const CANCEL_NOTE =
  'Path and method inferred: the spec names only the action; read as POST superuser/subscriptions/{id}/<action>.';
/** A reference or reason as the superuser tools take it: trimmed text with a length limit. */
const REFERENCE = { kind: 'text', min: 1, max: 120 } as const;
const REASON = { kind: 'text', max: 500, optional: true } as const;

const SCORE_YEAR = inline({ year: 'string', score: 'int', plays: 'int' });
const SCORE_TOTAL = inline({ total: 'int', plays: 'int' });
const SCORE_GAME = inline({ game: 'string', score: 'int', plays: 'int' });
/** A user's cached scores: each part is there once it was recalculated (a recache call's own part always is). */
const SCORES = {
  archive: listOf(SCORE_YEAR, { optional: true }),
  archive_recached_at: 'date?',
  total: optional(SCORE_TOTAL),
  total_recached_at: 'date?',
  shed: listOf(SCORE_GAME, { optional: true }),
  shed_recached_at: 'date?',
} as const;

const FUTURE_NOTE =
  'Path inferred: the spec says "GET and DELETE {id} for future"; the subscription parameter is renamed.';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const superuserBillingArea = defineArea('superuser-billing', {
  'subscriptions list': {
    route: 'GET schoolsubscriptions',
    reply: { subscriptions: [SUBSCRIPTION], total: 'int' },
    role: 'superuser',
    summary: 'List school subscriptions across the platform',
    // Filters our choice (the spec shows none); not open, so one the list does not take is refused, never ignored.
    payload: {
      skip: 'skip?',
      take: 'take?',
      state: { oneOf: SUBSCRIPTION_STATES, optional: true },
      kind: { oneOf: SUBSCRIPTION_KINDS, optional: true },
      school_id: 'serial?',
      product_id: 'serial?',
      po_number: 'string?',
      card_reference: 'string?',
    },
  },
  'subscriptions show': {
    route: 'GET schoolsubscriptions/{id}',
    reply: { subscription: SUBSCRIPTION, invoices: [INVOICE_SUMMARY] },
    role: 'superuser',
    summary: 'Show one school subscription with its billing details',
  },
  'schools card-invoices': {
    route: 'GET school{card_provider}Invoices/{id}',
    reply: { invoices: [INVOICE], total: 'int' },
    role: 'superuser',
    summary: "List a school's invoices at the card payment provider",
  },
  'invoices mark-promised': {
    route: 'POST superuser/invoices/{id}/promised',
    role: 'superuser',
    summary: 'Mark an invoice promised (payment on its way), with a reference',
    reply: INVOICE_CHANGE,
    payload: { reference: REFERENCE },
    idempotent: true,
  },
  'invoices mark-paid': {
    route: 'POST superuser/invoices/{id}/paid',
    role: 'superuser',
    summary: 'Mark an invoice paid, recording the payment method and date',
    reply: INVOICE_CHANGE,
    payload: { method: { oneOf: PAYMENT_METHODS }, date: 'day' },
    idempotent: true,
  },
  'invoices send-to-accounting': {
    route: 'POST superuser/invoices/{id}/{accounting}',
    role: 'superuser',
    summary: 'Send an invoice to the accounting system',
    reply: INVOICE_CHANGE,
  },
  'invoices mark-forex': {
    route: 'POST superuser/invoices/{id}/forex',
    role: 'superuser',
    summary: 'Mark an invoice as settled in a foreign currency',
    reply: INVOICE_CHANGE,
    payload: { amount_final: { kind: 'int', min: 0, optional: true } },
    open: true,
    idempotent: true,
  },
  'invoices add-remittance': {
    route: 'POST superuser/invoices/{id}/remittance',
    role: 'superuser',
    summary: 'Record a remittance advice on an invoice, with the date received',
    reply: INVOICE_CHANGE,
    payload: { date_received: 'day', new_file: { kind: 'text', min: 1, max: 500, optional: true } },
  },
  'invoices update-promised': {
    route: 'PUT superuser/invoices/{id}/promised',
    role: 'superuser',
    summary: 'Change the reference of an invoice already marked promised',
    reply: INVOICE_CHANGE,
    payload: { reference: REFERENCE },
    note: PUT_NOTE,
  },
  'invoices update-paid': {
    route: 'PUT superuser/invoices/{id}/paid',
    role: 'superuser',
    summary: 'Change the payment method or date of an invoice already marked paid',
    reply: INVOICE_CHANGE,
    payload: { method: { oneOf: PAYMENT_METHODS }, date: 'day' },
    note: PUT_NOTE,
  },
  'invoices update-remittance': {
    route: 'PUT superuser/invoices/{id}/remittance',
    role: 'superuser',
    summary: 'Change the remittance recorded on an invoice',
    reply: INVOICE_CHANGE,
    payload: { date_received: 'day', new_file: { kind: 'text', min: 1, max: 500, optional: true } },
    note: PUT_NOTE,
  },
  'invoices void': {
    route: 'POST subscriptions/invoices/{id}/void',
    role: 'superuser',
    summary: 'Void an invoice locally',
    reply: INVOICE_CHANGE,
    destructive: true,
    idempotent: true,
    note: 'Path and method inferred: the spec says only "invoice void under subscriptions".',
  },
  'subscriptions set-po-number': {
    route: 'PATCH superuser/subscriptions/{id}',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: "Set a subscription's purchase order number",
    payload: { po_number: { kind: 'text', max: 64 } },
    idempotent: true,
  },
  'subscriptions set-permissions': {
    route: 'PATCH superuser/subscriptions/{id}/permissions',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: 'Set the permissions a subscription grants',
    payload: { permissions: 'strings' },
    open: true,
    idempotent: true,
  },
  'subscriptions renewal-email': {
    route: 'GET superuser/subscriptions/{id}/renewal_email',
    reply: {
      email: inline({
        to: 'string',
        subject: 'string',
        body: 'string',
        renews_on: nullable('day'),
        amount: 'int',
        currency: { oneOf: CURRENCIES },
        price_rise_exempt_until: nullable('day'),
      }),
    },
    role: 'superuser',
    summary: 'Show the renewal email for a subscription',
    note: 'Path inferred: the spec says "GET renewal_email" on the superuser/subscriptions/{id} line.',
  },
  'inferred-teacher-access list': {
    route: 'GET superuser/inferred_teacher_access',
    reply: { teachers: [TEACHER], total: 'int', refreshed_at: nullable('date') },
    role: 'superuser',
    summary: 'List inferred (non-compliant) teacher access, a page at a time',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
    note: 'Path inferred: the spec says "inferred_teacher_access: GET paged" under the superuser functions.',
  },
  'inferred-teacher-access refresh': {
    route: 'POST superuser/inferred_teacher_access/refresh',
    reply: { refreshed: 'int', refreshed_at: 'date' },
    role: 'superuser',
    summary: 'Rebuild the cached inferred teacher access list',
    idempotent: true,
    note: 'Path inferred: the spec says "POST cache refresh".',
  },
  'subscriptions set-inferred-teacher-access': {
    route: 'PUT superuser/subscriptions/{id}/inferred_teacher_access',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: 'Allow or stop inferred teacher access on a subscription',
    payload: { inferred_teacher_access: 'boolean' },
    note: 'Path inferred: the spec says "PUT per subscription"; the key comes from the subscription fields.',
  },
  'subscriptions set-expiry': {
    route: 'POST superuser/subscriptions/{id}/setexpiry',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: 'Set the expiry date of a subscription',
    payload: { expiry: 'day' },
    idempotent: true,
    note: 'Path and method inferred: the spec says only "setexpiry".',
  },
  'subscriptions sync': {
    route: 'POST superuser/subscriptions/{id}/syncsubscription',
    reply: { subscription: SUBSCRIPTION, schedules_applied: 'int' },
    role: 'superuser',
    summary: "Sync a subscription's state with its billing records",
    idempotent: true,
    note: 'Path and method inferred: the spec says only "syncsubscription".',
  },
  'subscriptions move': {
    route: 'POST subscriptions/{id}/move',
    reply: { subscription: SUBSCRIPTION, changed: 'boolean' },
    role: 'superuser',
    summary: 'Move a subscription to another school',
    payload: { school: 'serial' },
    idempotent: true,
  },
  'subscriptions delete': {
    route: 'DELETE superuser/subscriptions/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: 'Delete a subscription',
    destructive: true,
    note: 'Path and method inferred: the spec says only "delete".',
  },
  'subscriptions cancel-at-expiry': {
    route: 'POST superuser/subscriptions/{id}/cancelatexpiry',
    reply: { subscription: SUBSCRIPTION, changed: 'boolean' },
    role: 'superuser',
    summary: 'Cancel a subscription when it expires instead of renewing it',
    payload: { reason: REASON },
    destructive: true,
    idempotent: true,
    note: 'Path inferred: the spec says "cancelatexpiry (POST and DELETE)".',
  },
  'subscriptions undo-cancel-at-expiry': {
    route: 'DELETE superuser/subscriptions/{id}/cancelatexpiry',
    reply: { subscription: SUBSCRIPTION, changed: 'boolean' },
    role: 'superuser',
    summary: 'Undo cancel-at-expiry so the subscription renews again',
    note: 'Path inferred: the spec says "cancelatexpiry (POST and DELETE)".',
  },
  'cancellations set-reason': {
    route: 'PATCH superuser/cancellations/{id}',
    reply: { cancellation: CANCELLATION },
    role: 'superuser',
    summary: 'Change the recorded reason for a cancellation',
    payload: { reason: { kind: 'text', max: 500 } },
    idempotent: true,
    note: 'Path and method inferred from "cancellations (reason edit, table, aggregate)".',
  },
  'cancellations list': {
    route: 'GET superuser/cancellations',
    reply: { cancellations: [CANCELLATION], total: 'int' },
    role: 'superuser',
    summary: 'List subscription cancellations',
    payload: { skip: 'skip?', take: 'take?', kind: 'string?', school_id: 'serial?' },
    open: true,
    note: 'Path and method inferred from "cancellations (reason edit, table, aggregate)".',
  },
  'cancellations aggregate': {
    route: 'GET superuser/cancellations/aggregate',
    reply: {
      aggregate: inline({
        by_kind: [inline({ kind: { oneOf: CANCELLATION_KINDS }, count: 'int' })],
        by_reason: [inline({ reason: 'string', count: 'int' })],
        by_month: [inline({ month: 'string', count: 'int' })],
        undone: 'int',
      }),
    },
    role: 'superuser',
    summary: 'Show cancellation totals',
    note: 'Path and method inferred from "cancellations (reason edit, table, aggregate)".',
  },
  'subscriptions deactivate': {
    route: 'POST superuser/subscriptions/{id}/deactivatesubscription',
    reply: { subscription: SUBSCRIPTION, changed: 'boolean' },
    role: 'superuser',
    summary: 'Deactivate a subscription',
    payload: { reason: REASON },
    destructive: true,
    idempotent: true,
    note: CANCEL_NOTE,
  },
  'subscriptions cancel-and-refund': {
    route: 'POST superuser/subscriptions/{id}/cancelandrefund',
    reply: { subscription: SUBSCRIPTION, refunded: 'int' },
    role: 'superuser',
    summary: 'Cancel a subscription and refund the payment',
    payload: { reason: REASON },
    destructive: true,
    note: CANCEL_NOTE,
  },
  'subscriptions cancel-and-void': {
    route: 'POST superuser/subscriptions/{id}/cancelvoid',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: 'Cancel a subscription and mark its invoice void',
    payload: { reason: REASON },
    destructive: true,
    note: CANCEL_NOTE,
  },
  'subscriptions cancel-uncollectable': {
    route: 'POST superuser/subscriptions/{id}/canceluncollectable',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: 'Cancel a subscription and mark its invoice uncollectable',
    payload: { reason: REASON },
    destructive: true,
    note: CANCEL_NOTE,
  },
  'users imitate': {
    route: 'POST imitateuser/{id}',
    reply: { user: SESSION_USER, token: 'string' },
    role: 'superuser',
    summary: 'Imitate a user: act as them to see what they see',
  },
  'users stop-imitating': {
    route: 'DELETE imitateuser/{id}',
    reply: { user: SESSION_USER, token: 'string', stopped: 'int' },
    role: 'superuser',
    summary: 'Stop imitating a user and return to your own account',
  },
  'schools set-user-role': {
    route: 'PATCH schools/{id}/users/{uid}/role',
    reply: { user: inline({ id: 'serial', school_id: 'serial', role: 'string' }) },
    role: 'superuser',
    summary: "Set a user's role in a school",
    payload: { role: { oneOf: ['teacher', 'admin'] } },
    idempotent: true,
  },
  'schools payment-methods': {
    route: 'GET schools/{id}/paymentMethods',
    reply: { paymentMethods: [PAYMENT_METHOD] },
    role: 'superuser',
    summary: "List a school's saved payment methods",
  },
  'addresses geocode': {
    route: 'GET geocode-address',
    reply: {
      results: [inline({ name: 'string', country: 'string', lat: 'number', lng: 'number', formatted: 'string' })],
    },
    role: 'superuser',
    summary: 'Look up the coordinates of an address',
    payload: { q: { kind: 'text', min: 1 } },
  },
  'subscriptions create-free': {
    route: 'POST schools/{id}/subscription/free',
    reply: { subscription: SUBSCRIPTION, invoice: nullable(INVOICE) },
    role: 'superuser',
    summary: 'Give a school a free subscription',
    payload: GRANT_PAYLOAD,
    open: true,
  },
  'subscriptions create-backdated': {
    route: 'POST schools/{id}/subscription/backdated',
    reply: { subscription: SUBSCRIPTION, invoice: nullable(INVOICE) },
    role: 'superuser',
    summary: 'Create a subscription for a school that started in the past',
    payload: GRANT_PAYLOAD,
    open: true,
  },
  'subscriptions create-future': {
    route: 'POST schools/{id}/subscription/future',
    reply: { subscription: SUBSCRIPTION, invoice: nullable(INVOICE) },
    role: 'superuser',
    summary: 'Create a subscription for a school that starts on a later date',
    payload: GRANT_PAYLOAD,
    open: true,
  },
  'subscriptions grant-full': {
    route: 'POST schools/{id}/subscription/full',
    reply: { subscription: SUBSCRIPTION, invoice: nullable(INVOICE) },
    role: 'superuser',
    summary: 'Grant a school a full subscription',
    payload: GRANT_PAYLOAD,
    open: true,
  },
  'subscriptions grant-trial': {
    route: 'POST schools/{id}/subscription/trial',
    reply: { subscription: SUBSCRIPTION, invoice: nullable(INVOICE) },
    role: 'superuser',
    summary: 'Grant a school a trial subscription',
    payload: GRANT_PAYLOAD,
    open: true,
  },
  'subscriptions show-future': {
    route: 'GET schools/{id}/subscription/future/{subscriptionId}',
    reply: { subscription: SUBSCRIPTION },
    role: 'superuser',
    summary: "Show a school's future-dated subscription",
    note: FUTURE_NOTE,
  },
  'subscriptions delete-future': {
    route: 'DELETE schools/{id}/subscription/future/{subscriptionId}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: "Delete a school's future-dated subscription before it starts",
    destructive: true,
    note: FUTURE_NOTE,
  },
  'schools delete': {
    route: 'POST schools/{id}/deleteschool',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: 'Delete a school',
    destructive: true,
  },
  'scores recache-archive': {
    route: 'PUT superuser/users/{id}/scores/archive',
    reply: { scores: inline({ ...SCORES, archive: [SCORE_YEAR], archive_recached_at: 'date' }), user_id: 'serial' },
    role: 'superuser',
    summary: "Recalculate a user's cached archive scores",
  },
  'scores recache-total': {
    route: 'PUT superuser/users/{id}/scores/total',
    reply: { scores: inline({ ...SCORES, total: SCORE_TOTAL, total_recached_at: 'date' }), user_id: 'serial' },
    role: 'superuser',
    summary: "Recalculate a user's cached total score",
  },
  'scores recache-shed': {
    route: 'PUT superuser/users/{id}/scores/shed',
    reply: { scores: inline({ ...SCORES, shed: [SCORE_GAME], shed_recached_at: 'date' }), user_id: 'serial' },
    role: 'superuser',
    summary: "Recalculate a user's cached shed score",
  },
  'users session': {
    route: 'GET superuser/users/{id}/session',
    reply: {
      session: inline({
        user_id: 'serial',
        username: 'string',
        active: 'int',
        last_sign_in: nullable('date'),
        expires_at: nullable('date'),
        imitated_by: nullable('serial'),
      }),
    },
    role: 'superuser',
    summary: "View a user's current session",
  },
  'accounting-contacts list': {
    route: 'GET superuser/{accounting}/{x}/contacts',
    reply: {
      contacts: [
        inline({
          contact_id: 'string',
          tenant: 'string',
          school_id: 'serial',
          name: 'string',
          country: 'string',
          invoices: 'int',
          unpaid: 'int',
        }),
      ],
    },
    role: 'superuser',
    summary: 'List contacts held in the accounting system',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
  },
});
