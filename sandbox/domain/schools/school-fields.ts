import { z } from 'zod';
import { localeForCountry, LOCALES, type UnderscoredLocale } from '../../../core/domain/locales.js';
import { DEFAULT_COUNTRY } from '../../../core/domain/constants.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import { parseFields } from '../../kit/input.js';

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

const UNDERSCORED_LOCALES = LOCALES.map((entry) => entry.underscored) as [UnderscoredLocale, ...UnderscoredLocale[]];

/** A country: an ISO 3166-1 alpha-2 code in either case, kept upper-case. */
const COUNTRY = {
  kind: 'string',
  pattern: '^[A-Za-z]{2}$',
  expected: 'an ISO 3166-1 alpha-2 country code',
  example: 'GB',
  case: 'upper',
  optional: true,
} as const;

const NAME = { kind: 'text', min: 1, max: 200 } as const;

/**
 * Fields a school admin may change, stated once as table field specs (the spec does not show the school
 * calls' payloads). Other keys, such as a whole school object sent back, are ignored. A locale is one of
 * the platform's (core's locale table); settings are merged into the school's.
 */
export const SCHOOL_FIELDS = {
  name: { ...NAME, optional: true },
  country: COUNTRY,
  region: { kind: 'string', max: 10, optional: true, nullable: true },
  locale: { oneOf: UNDERSCORED_LOCALES, optional: true },
  settings: 'object?',
} as const;
export type SchoolFields = ParsedPayload<typeof SCHOOL_FIELDS>;

/** A new school: a name at least; the country is GB when not given (`DEFAULT_COUNTRY`). */
export const NEW_SCHOOL_FIELDS = { ...SCHOOL_FIELDS, name: NAME } as const;

/**
 * The changes of a school update as sent: the named keys only (an event lists them), every bad key
 * reported in one 422.
 *
 * @example
 * schoolUpdate({ name: ' Oak ', country: 'ie', id: 1 }) // { name: 'Oak', country: 'IE' }
 */
export function schoolUpdate(input: unknown): SchoolFields {
  const fields = parseFields(SCHOOL_FIELDS, input);
  return Object.fromEntries(
    Object.entries(fields).filter(([key]) => Object.hasOwn(SCHOOL_FIELDS, key)),
  ) as SchoolFields;
}

/**
 * A new school as sent, its country defaulted.
 *
 * @example
 * schoolCreate({ name: 'Birch Lane' }).country // 'GB'
 */
export function schoolCreate(input: unknown): ParsedPayload<typeof NEW_SCHOOL_FIELDS> & { readonly country: string } {
  const fields = parseFields(NEW_SCHOOL_FIELDS, input);
  return { ...fields, country: fields.country ?? DEFAULT_COUNTRY };
}

/** An address as sent: free text or an object of lines. */
export const addressValue = z.union([z.string().trim().min(1), z.record(z.string(), z.unknown())]);
