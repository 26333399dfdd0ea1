import type { LocaleCode } from './locales.js';

// Apart from the locale table (locales.ts re-exports all of this): the site's first page needs only these,
// and importing them from here keeps the table's 17 rows out of its entry chunk.

/** The locale prefixes that are routes of the site (O §2). */
export const ROUTABLE_LOCALES = [
  'en-au',
  'en-gb',
  'en-ie',
  'en-in',
  'en-nz',
  'en-us',
  'en-za',
] as const satisfies readonly LocaleCode[];
export type RoutableLocale = (typeof ROUTABLE_LOCALES)[number];

export const DEFAULT_LOCALE = 'en-gb' satisfies RoutableLocale;

/**
 * Whether a string is a routable locale prefix (exact, lowercase, as it appears in a path).
 *
 * @example
 * isRoutableLocale('en-nz') // true
 * isRoutableLocale('fr-fr') // false
 */
export function isRoutableLocale(value: string): value is RoutableLocale {
  return (ROUTABLE_LOCALES as readonly string[]).includes(value);
}
