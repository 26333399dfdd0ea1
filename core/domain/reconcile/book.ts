/**
 * What a statement is matched against, read through the API: invoices (open, promised, and paid ones
 * to know a payment already recorded), schools with their districts, districts, and subscriptions' PO
 * numbers. The invoice is core's (core/shapes/invoice.ts), kept to the fields the matcher reads; the
 * others keep only those fields too.
 */
import { z } from 'zod';
import { inline, type ValueOf } from '../../shapes/define.js';
import { INVOICE } from '../../shapes/invoice.js';

/** The fields of an invoice the matcher reads. */
const BOOK_INVOICE_FIELDS = [
  'id',
  'number',
  'school_id',
  'subscription_id',
  'state',
  'currency',
  'total',
  'issued_at',
  'due_at',
  'paid_date',
  'paid_method',
  'promised_reference',
] as const;
type BookInvoiceField = (typeof BOOK_INVOICE_FIELDS)[number];

/** An invoice of the book: core's invoice shape, of the fields the matcher reads (an answer's other keys pass through). */
export const BOOK_INVOICE = inline(
  Object.fromEntries(BOOK_INVOICE_FIELDS.map((key) => [key, INVOICE.fields[key]])) as Pick<
    typeof INVOICE.fields,
    BookInvoiceField
  >,
);
export type BookInvoice = ValueOf<typeof BOOK_INVOICE>;

export const bookSchoolSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  district_id: z.number().int().nullish(),
});
export type BookSchool = z.infer<typeof bookSchoolSchema>;

export const bookDistrictSchema = z.looseObject({ id: z.number().int(), name: z.string() });
export type BookDistrict = z.infer<typeof bookDistrictSchema>;

export const bookSubscriptionSchema = z.looseObject({
  id: z.number().int(),
  school_id: z.number().int(),
  po_number: z.string().nullish(),
});
export type BookSubscription = z.infer<typeof bookSubscriptionSchema>;

export interface Book {
  readonly invoices: readonly BookInvoice[];
  readonly schools: readonly BookSchool[];
  readonly districts: readonly BookDistrict[];
  readonly subscriptions: readonly BookSubscription[];
}

/** Invoices a payment can settle. */
export const OPEN_STATES: ReadonlySet<string> = new Set(['open', 'promised']);
