/**
 * Billing vocabulary the API and its clients share: what a payment can be recorded as, and the states of
 * invoices, subscriptions and store purchases. The spec shows none of these values ("allowed status values
 * are not shown"): they are our choice, as a well-run billing system would name them, and the sandbox
 * enforces its state rules over exactly these names.
 */

/** Currencies the platform bills in (lowercase codes). */
export const CURRENCIES = ['gbp', 'usd', 'aud', 'eur', 'nzd', 'zar'] as const;

/** How an invoice or purchase was paid (`invoices mark-paid --method`). */
export const PAYMENT_METHODS = ['bacs', 'card', 'cheque', 'cash', 'direct_debit', 'wire'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Invoice states: open until paid, promised (a purchase order reference), paid, void, uncollectable, refunded. */
export const INVOICE_STATES = ['open', 'promised', 'paid', 'void', 'uncollectable', 'refunded'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The states in which an invoice is still to be paid (and can be marked paid): the one list of them. */
export const UNPAID_INVOICE_STATES = ['open', 'promised'] as const satisfies readonly InvoiceState[];

/** Subscription states, from pending or future through active to expired, cancelled or deactivated. */
export const SUBSCRIPTION_STATES = [
  'pending',
  'future',
  'trial',
  'active',
  'cancelling',
  'expired',
  'cancelled',
  'deactivated',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The states of a subscription that is live: not yet started, or running (a school with one cannot be deleted). */
export const LIVE_SUBSCRIPTION_STATES = [
  'pending',
  'future',
  'trial',
  'active',
  'cancelling',
] as const satisfies readonly SubscriptionState[];

/** The live states in which a subscription is running now: what "subscribed" means for a school. */
export const RUNNING_SUBSCRIPTION_STATES = [
  'trial',
  'active',
  'cancelling',
] as const satisfies readonly SubscriptionState[];

/** How a subscription came about (section 4 of the admin document names the grants). */
export const SUBSCRIPTION_KINDS = [
  'freemium',
  'trial',
  'full',
  'free',
  'backdated',
  'future',
  'prepaid',
  'multi_year',
] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/** Merchandise purchase states: draft, then finalised, promised, paid, shipped, or void. */
export const PURCHASE_STATES = ['draft', 'finalised', 'promised', 'paid', 'shipped', 'void'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** What an invoice bills: a subscription, an upgrade, a prepayment, a multi-year deal, or a card provider's charge. */
export const INVOICE_KINDS = ['subscription', 'upgrade', 'prepayment', 'multi_year', 'card'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How an invoice is settled: by invoice (bank transfer, cheque...) or by the card provider. */
export const INVOICE_BILLING = ['invoice', 'card'] as const;

/** How a subscription is billed: not at all (trials, free grants), by invoice, or by the card provider. */
export const SUBSCRIPTION_BILLING = ['none', ...INVOICE_BILLING] as const;

/** How a cancellation ended a subscription: at its expiry, with a refund, voiding or writing off its invoices, or at once. */
export const CANCELLATION_KINDS = ['at_expiry', 'refund', 'void', 'uncollectable', 'deactivate'] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];

/** What a subscription seat is given to: a user, a teacher, or a whole group. */
export const SEAT_TARGETS = ['user', 'teacher', 'group'] as const;
export type SeatTarget = (typeof SEAT_TARGETS)[number];

/** Who a product scope's seats count: the whole school, its users, or its teachers. */
export const SEAT_TYPES = ['school', 'users', 'teachers'] as const;

/** What a scheduled plan action does to subscriptions of a plan, and its states. */
export const PLAN_ACTION_KINDS = ['migrate', 'reprice', 'retire'] as const;
export const PLAN_ACTION_STATES = ['scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
export type PlanActionState = (typeof PLAN_ACTION_STATES)[number];

/** A card subscription's scheduled change: waiting, cancelled, or applied. */
export const CARD_SCHEDULE_STATES = ['scheduled', 'cancelled', 'applied'] as const;
/** A card provider's event as the platform handled it. */
export const CARD_EVENT_STATES = ['processed', 'failed'] as const;

/** How a store purchase began: a draft, an order paid by invoice, or a card order. */
export const PURCHASE_ORIGINS = ['draft', 'invoice', 'card'] as const;

/** A credit against an invoice: money returned, or credit kept. */
export const CREDIT_KINDS = ['refund', 'credit'] as const;

/** A retention event (a renewal due, a cancellation, a lapse) and where sales took it. */
export const RETENTION_EVENT_TYPES = ['renewal_due', 'cancellation', 'lapsed'] as const;
export const RETENTION_EVENT_STATUSES = ['open', 'contacted', 'won', 'lost'] as const;
