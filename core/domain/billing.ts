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

/** What an invoice bills: a subscription, an upgrade, a prepayment, a multi-year deal, or a card provider's charge. */
export const INVOICE_KINDS = ['subscription', 'upgrade', 'prepayment', 'multi_year', 'card'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How an invoice is settled: by invoice (bank transfer, cheque...) or by the card provider. */
export const INVOICE_BILLING = ['invoice', 'card'] as const;
