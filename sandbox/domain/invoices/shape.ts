/** The invoice as the API answers it, defined once: the serializer and the `invoice_docs` read model come from it. */
import { column, flag, type ShapeField } from '../../db/read-models/shape.js';
import type { InvoiceRow } from './invoices.js';

const SETTLED = ['paid', 'void', 'uncollectable', 'refunded'] as const;

const c = column<InvoiceRow>;

/** Every column of the row in table order, `forex` as a boolean, then `amount_due` (0 once settled). */
export const INVOICE_SHAPE: readonly ShapeField<InvoiceRow>[] = [
  c('id'), c('number'), c('shareable_id'), c('school_id'), c('subscription_id'), c('kind'), c('billing'), c('card_reference'),
  c('state'), c('currency'), c('amount'), c('tax'), c('total'), c('amount_final'), flag<InvoiceRow>('forex'), c('forex_rate'),
  c('description'), c('issued_at'), c('due_at'), c('promised_reference'), c('promised_at'), c('paid_method'), c('paid_date'),
  c('voided_at'), c('uncollectable_at'), c('amount_refunded'), c('refunded_at'), c('remittance_date_received'), c('remittance_file'),
  c('accounting_id'), c('sent_to_accounting_at'), c('source_person_id'), c('source_dept'), c('created_at'), c('updated_at'),
  {
    key: 'amount_due',
    sql: (a) => `CASE WHEN ${a}.state IN (${SETTLED.map((s) => `'${s}'`).join(', ')}) THEN 0 ELSE ${a}.total END`,
    value: (row) => ((SETTLED as readonly string[]).includes(row.state) ? 0 : row.total),
  },
];
