/** The invoice list under subscriptions/ (filtered, paged, from the kept JSON) and an invoice shared by its link. */
import { docList } from '../../db/fast/json-text.js';
import { findRow } from '../../kit/reach.js';
import { all, one, oneValue, type Db } from '../../kit/sql.js';
import { assertSalesPerson } from '../billing/sales-people.js';
import { serializeInvoice, updateInvoice, type InvoiceRow } from './invoices.js';

/** What the list may be filtered by: each null matches every invoice. */
export interface InvoiceFilter {
  readonly school: number | null;
  readonly sub: number | null;
  readonly state: string | null;
  readonly currency: string | null;
  readonly number: string | null;
  readonly from: string | null;
  readonly to: string | null;
}

/** The list's filters: the name bound in SQL and its condition. */
const LIST_FILTERS = [
  ['school', 'school_id = @school'],
  ['sub', 'subscription_id = @sub'],
  ['state', 'state = @state'],
  ['currency', 'currency = @currency'],
  ['number', 'number = @number'],
  ['from', 'issued_at >= @from'],
  ['to', 'issued_at <= @to'],
] as const;

/**
 * One page of the invoices matching `filter`, newest first, as the kept JSON list, and how many match.
 *
 * @example
 * listInvoices(db, { ...NO_FILTER, school: 1 }, { skip: 0, take: 20 }); // { list: <JSON bytes>, total: 12 }
 */
export function listInvoices(
  db: Db,
  filter: InvoiceFilter,
  page: { readonly skip: number; readonly take: number },
): { list: ReturnType<typeof docList>['list']; total: number } {
  // Only the filters given go into the SQL: `(@x IS NULL OR col = @x)` would keep SQLite from using an
  // index, and the count from its whole-table fast path, on every page of the list.
  const given = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== null));
  // No WHERE at all without filters: even `WHERE 1` makes SQLite count by scanning.
  const clauses = LIST_FILTERS.filter(([name]) => name in given).map(([, clause]) => clause);
  const where = clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '';
  const kept = where === '' ? oneValue<number>(db, "SELECT count FROM row_counts WHERE name = 'invoices'") : undefined;
  const total = kept ?? (oneValue<number>(db, `SELECT COUNT(*) FROM invoices${where}`, given) as number);
  // The page's ids first, then their docs: joined before OFFSET, SQLite looked up the doc of every row it
  // skipped (a page at skip 90,000 of 100,000 took 215 ms against 46 ms), so old pages cost more than new.
  const docs = docList(db, invoicePageSql(where), { ...given, take: page.take, skip: page.skip });
  return { list: docs.list, total };
}

/**
 * The SQL of a page of the list: its ids skipped and taken first (along `invoices_by_id` when nothing
 * filters them, migration 41), then their kept JSON. `where` is empty or ` WHERE ...` over named filters.
 *
 * @example
 * invoicePageSql(' WHERE state = @state'); // 'SELECT d.doc AS doc FROM (SELECT id FROM invoices WHERE state = @state ORDER BY id DESC ...'
 */
export function invoicePageSql(where: string): string {
  return `SELECT d.doc AS doc FROM (SELECT id FROM invoices${where} ORDER BY id DESC LIMIT CAST(@take AS INTEGER) OFFSET CAST(@skip AS INTEGER)) page JOIN invoice_docs d ON d.id = page.id ORDER BY page.id DESC`;
}

/**
 * The invoice a shareable link names, with its school and credits (anyone holding the link may read it), or 404.
 *
 * @example
 * sharedInvoice(db, 'c0ffee12'); // { id: 3, number: 'INV-0003', ..., school: { id: 1, name: '...', country: 'GB' }, credits: [] }
 */
export function sharedInvoice(db: Db, shareable: string): Record<string, unknown> {
  const row = findRow<InvoiceRow>(db, 'Invoice', 'SELECT * FROM invoices WHERE shareable_id = ?', shareable);
  const school = one(db, 'SELECT id, name, country FROM schools WHERE id = ?', row.school_id);
  const credits = all(
    db,
    'SELECT kind, amount, currency, reason, created_at FROM invoice_credits WHERE invoice_id = ? ORDER BY id',
    row.id,
  );
  return { ...serializeInvoice(row), school, credits };
}

/**
 * Credits an invoice to sales person `person` (null for nobody); invalid for an unknown sales person.
 *
 * @example
 * setSourcePerson(db, invoice, 4, now);
 */
export function setSourcePerson(db: Db, invoice: InvoiceRow, person: number | string | null, now: Date): InvoiceRow {
  assertSalesPerson(db, person);
  return updateInvoice(db, invoice, { source_person_id: person === null ? null : Number(person) }, now);
}
