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

/** Subscription states, from pending or future through active to expired, cancelled or deactivated. */
export const SUBSCRIPTION_STATES = ['pending', 'future', 'trial', 'active', 'cancelling', 'expired', 'cancelled', 'deactivated'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** How a subscription came about (section 4 of the admin document names the grants). */
export const SUBSCRIPTION_KINDS = ['freemium', 'trial', 'full', 'free', 'backdated', 'future', 'prepaid', 'multi_year'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/** Merchandise purchase states: draft, then finalised, promised, paid, shipped, or void. */
export const PURCHASE_STATES = ['draft', 'finalised', 'promised', 'paid', 'shipped', 'void'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/**
 * The fields of an invoice as the API answers it (the sandbox's invoice JSON has exactly these; a test
 * checks it). The CLI checks `--fields` against them before sending an invoice write.
 */
export const INVOICE_FIELDS = [
  'id', 'number', 'shareable_id', 'school_id', 'subscription_id', 'kind', 'billing', 'card_reference', 'state', 'currency',
  'amount', 'tax', 'total', 'amount_final', 'forex', 'forex_rate', 'description', 'issued_at', 'due_at', 'promised_reference',
  'promised_at', 'paid_method', 'paid_date', 'voided_at', 'uncollectable_at', 'amount_refunded', 'refunded_at',
  'remittance_date_received', 'remittance_file', 'accounting_id', 'sent_to_accounting_at', 'source_person_id', 'source_dept',
  'created_at', 'updated_at', 'amount_due',
] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];
