/** The invoice as the API answers it: declared once, here. */
import { CURRENCIES, INVOICE_BILLING, INVOICE_KINDS, INVOICE_STATES, PAYMENT_METHODS } from '../domain/billing.js';
import { defineShape, nullable } from './define.js';

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
    summary: 'An invoice of a school: what it bills, its state, amounts in minor units of its currency, and how it was settled',
    columns: ['id', 'number', 'school_id', 'state', 'total', 'due_at'],
    money: ['amount', 'tax', 'total', 'amount_final', 'amount_refunded', 'amount_due'],
  },
);
