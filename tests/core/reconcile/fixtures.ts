/** Invoices and statement lines as the matcher's tests write them: open GBP invoices, lines of 2 November 2026. */
import type { BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';

/** An open GBP invoice of `school`, issued 1 October 2026, due a month later. */
export const invoice = (id: number, school: number, total: number, extra: Partial<BookInvoice> = {}): BookInvoice => ({
  id,
  number: `INV-${String(id).padStart(6, '0')}`,
  school_id: school,
  subscription_id: school,
  state: 'open',
  currency: 'gbp',
  total,
  issued_at: '2026-10-01',
  due_at: '2026-10-31',
  paid_date: null,
  paid_method: null,
  promised_reference: null,
  ...extra,
});
let n = 0;
/** A GBP statement line of 2 November 2026, each with an id and line number of its own. */
export const line = (text: string, amount: number, extra: Partial<StatementLine> = {}): StatementLine => ({
  id: `l${(n += 1)}`,
  date: '2026-11-02',
  amount,
  currency: 'gbp',
  text,
  file: 's.csv',
  line: n,
  ...extra,
});
