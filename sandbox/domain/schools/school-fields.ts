import { z } from 'zod';
import { localeForCountry, LOCALES } from '../../../core/domain/locales.js';
import { DEFAULT_COUNTRY } from '../../../core/domain/constants.js';

const DEFAULT_LOCALE_ENTRY = LOCALES[0];

/**
 * The locale of a country, English (GB) when the country has none of its own (from core's locale table).
 *
 * @example
 * localeFor('AU') // 'en_AU'
 */
export function localeFor(country: string): string {
  return localeForCountry(country)?.underscored ?? DEFAULT_LOCALE_ENTRY.underscored;
}

/**
 * The card-payment region of a school: the locale's stripe region (US for the US, GB for everyone else).
 *
 * @example
 * accountRegionFor('CA') // 'GB'
 */
export function accountRegionFor(country: string): string {
  return (localeForCountry(country) ?? DEFAULT_LOCALE_ENTRY).stripeRegion;
}

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code')
  .transform((s) => s.toUpperCase());
const locale = z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale such as en_GB');

/** Fields a school admin may change (unknown keys, such as a whole school object sent back, are ignored). */
export const schoolUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  country: country.optional(),
  region: z.string().max(10).nullable().optional(),
  locale: locale.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});

/** A new school: a name, and a country (GB by default). */
export const schoolCreate = schoolUpdate.extend({
  name: z.string().trim().min(1).max(200),
  country: country.default(DEFAULT_COUNTRY),
});

/** An address as sent: free text or an object of lines. */
export const addressValue = z.union([z.string().trim().min(1), z.record(z.string(), z.unknown())]);
