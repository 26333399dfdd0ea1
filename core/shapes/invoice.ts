/** The invoice as the API answers it: declared once, here. */
import { CURRENCIES, INVOICE_BILLING, INVOICE_KINDS, INVOICE_STATES, PAYMENT_METHODS } from '../domain/billing.js';
import { CREDIT_KINDS } from '../domain/billing.js';
import { defineShape, inline, nullable } from './define.js';
import { SCHOOL_NAME } from './school.js';

/** The columns a person needs of an invoice, and its money fields (shared with the shareable view). */
const INVOICE_COLUMNS = ['id', 'number', 'school_id', 'state', 'total', 'due_at'] as const;
const INVOICE_MONEY = ['amount', 'tax', 'total', 'amount_final', 'amount_refunded', 'amount_due'] as const;

/**
 * An invoice. Amounts are whole minor units of `currency`; `amount_due` is the total until the invoice is
 * settled (paid, void, uncollectable or refunded), then 0.
 */
export const INVOICE = defineShape(
  'invoice',
  {
    id: 'serial',
    number: 'string',
    shareable_id: 'string',
    school_id: 'serial',
    subscription_id: nullable('serial'),
    kind: { oneOf: INVOICE_KINDS },
    billing: { oneOf: INVOICE_BILLING },
    card_reference: nullable('string'),
    state: { oneOf: INVOICE_STATES },
    currency: { oneOf: CURRENCIES },
    amount: 'int',
    tax: 'int',
    total: 'int',
    amount_final: nullable('int'),
    forex: 'boolean',
    forex_rate: nullable('number'),
    description: 'string',
    issued_at: 'day',
    due_at: 'day',
    promised_reference: nullable('string'),
    promised_at: nullable('date'),
    paid_method: { oneOf: PAYMENT_METHODS, nullable: true },
    paid_date: nullable('day'),
    voided_at: nullable('date'),
    uncollectable_at: nullable('date'),
    amount_refunded: 'int',
    refunded_at: nullable('date'),
    remittance_date_received: nullable('day'),
    remittance_file: nullable('string'),
    accounting_id: nullable('string'),
    sent_to_accounting_at: nullable('date'),
    source_person_id: nullable('serial'),
    source_dept: nullable('string'),
    created_at: 'date',
    updated_at: 'date',
    amount_due: 'int',
  },
  {
    summary:
      'An invoice of a school: what it bills, its state, amounts in minor units of its currency, and how it was settled',
    columns: INVOICE_COLUMNS,
    money: INVOICE_MONEY,
    // The number is what a school quotes; the shareable id (hex, as the platform makes them) is in the link sent to it.
    keys: [
      { field: 'number', phrase: 'numbered', form: 'INV[-\\s]?(\\d{1,12})' },
      { field: 'shareable_id', phrase: 'with shareable id', form: '[0-9a-f]{16,64}' },
    ],
    // The school's name is shown beside its id, so the id gives way first, then the due date.
    priority: { school_id: 3, due_at: 2 },
  },
);

/** An invoice in a subscription's list of its invoices: number, state and total. */
export const INVOICE_SUMMARY = defineShape(
  'invoice_summary',
  {
    id: 'serial',
    number: 'string',
    state: { oneOf: INVOICE_STATES },
    currency: { oneOf: CURRENCIES },
    total: 'int',
    issued_at: 'day',
  },
  {
    summary: 'An invoice in brief: number, state and total',
    columns: ['id', 'number', 'state', 'total', 'issued_at'],
    money: ['total'],
    priority: { issued_at: 2 },
  },
);

/** A credit against an invoice (a refund or credit kept). */
export const INVOICE_CREDIT = inline({
  kind: { oneOf: CREDIT_KINDS },
  amount: 'int',
  currency: { oneOf: CURRENCIES },
  reason: 'string',
  created_at: 'date',
});

/** An invoice as its shareable link shows it: the invoice, the school it bills, and its credits. */
export const SHARED_INVOICE = defineShape(
  'shared_invoice',
  { ...INVOICE.fields, school: SCHOOL_NAME, credits: [INVOICE_CREDIT] },
  { summary: 'An invoice with the school it bills and its credits', columns: INVOICE_COLUMNS, money: INVOICE_MONEY },
);
