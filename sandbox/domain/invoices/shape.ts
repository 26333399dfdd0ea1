/** The invoice as the API answers it (core's INVOICE): the serializer and the `invoice_docs` read model come from this map. */
import { fieldsOf, type SqlRowShape } from '../../db/fast/shape.js';
import type { Invoice } from '../../../core/shapes/types.js';
import type { InvoiceRow } from './invoices.js';

const SETTLED = ['paid', 'void', 'uncollectable', 'refunded'] as const;

const { column: c, flag } = fieldsOf<InvoiceRow>();

/** Every column of the row in table order, `forex` as a boolean, then `amount_due` (0 once settled). */
export const INVOICE_SHAPE: SqlRowShape<InvoiceRow, Invoice> = {
  id: c('id'),
  number: c('number'),
  shareable_id: c('shareable_id'),
  school_id: c('school_id'),
  subscription_id: c('subscription_id'),
  kind: c('kind'),
  billing: c('billing'),
  card_reference: c('card_reference'),
  state: c('state'),
  currency: c('currency'),
  amount: c('amount'),
  tax: c('tax'),
  total: c('total'),
  amount_final: c('amount_final'),
  forex: flag('forex'),
  forex_rate: c('forex_rate'),
  description: c('description'),
  issued_at: c('issued_at'),
  due_at: c('due_at'),
  promised_reference: c('promised_reference'),
  promised_at: c('promised_at'),
  paid_method: c('paid_method'),
  paid_date: c('paid_date'),
  voided_at: c('voided_at'),
  uncollectable_at: c('uncollectable_at'),
  amount_refunded: c('amount_refunded'),
  refunded_at: c('refunded_at'),
  remittance_date_received: c('remittance_date_received'),
  remittance_file: c('remittance_file'),
  accounting_id: c('accounting_id'),
  sent_to_accounting_at: c('sent_to_accounting_at'),
  source_person_id: c('source_person_id'),
  source_dept: c('source_dept'),
  created_at: c('created_at'),
  updated_at: c('updated_at'),
  amount_due: {
    sql: (a) => `CASE WHEN ${a}.state IN (${SETTLED.map((s) => `'${s}'`).join(', ')}) THEN 0 ELSE ${a}.total END`,
    value: (row) => ((SETTLED as readonly string[]).includes(row.state) ? 0 : row.total),
  },
};
