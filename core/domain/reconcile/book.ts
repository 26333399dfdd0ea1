/**
 * What a statement is matched against, read through the API: invoices (open, promised, and paid ones
 * to know a payment already recorded), schools with their districts, districts, and subscriptions' PO
 * numbers. Schemas derive from nothing wider: each keeps only the fields the matcher reads.
 */
import { z } from 'zod';
import { CURRENCIES } from '../billing.js';

export const bookInvoiceSchema = z.looseObject({
  id: z.number().int(),
  number: z.string(),
  school_id: z.number().int(),
  subscription_id: z.number().int().nullish(),
  state: z.string(),
  currency: z.enum(CURRENCIES),
  total: z.number().int(),
  issued_at: z.string(),
  due_at: z.string().nullish(),
  paid_date: z.string().nullish(),
  paid_method: z.string().nullish(),
  promised_reference: z.string().nullish(),
});
export type BookInvoice = z.infer<typeof bookInvoiceSchema>;

export const bookSchoolSchema = z.looseObject({ id: z.number().int(), name: z.string(), district_id: z.number().int().nullish() });
export type BookSchool = z.infer<typeof bookSchoolSchema>;

export const bookDistrictSchema = z.looseObject({ id: z.number().int(), name: z.string() });
export type BookDistrict = z.infer<typeof bookDistrictSchema>;

export const bookSubscriptionSchema = z.looseObject({ id: z.number().int(), school_id: z.number().int(), po_number: z.string().nullish() });
export type BookSubscription = z.infer<typeof bookSubscriptionSchema>;

export interface Book {
  readonly invoices: readonly BookInvoice[];
  readonly schools: readonly BookSchool[];
  readonly districts: readonly BookDistrict[];
  readonly subscriptions: readonly BookSubscription[];
}

/** Invoices a payment can settle. */
export const OPEN_STATES: ReadonlySet<string> = new Set(['open', 'promised']);
