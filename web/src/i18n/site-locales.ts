import { findLocale, type LocaleEntry } from '../../../core/domain/locales.js';
import { ROUTABLE_LOCALES, type RoutableLocale } from '../../../core/domain/routable-locales.js';

/** What the shell shows of a routable locale: its language tag, name, flag and country. */
export type SiteLocale = Pick<LocaleEntry, 'iso' | 'name' | 'svg' | 'country'>;

/**
 * The shell's columns of core's locale table, for each routable locale.
 *
 * @example
 * pickSiteLocales()['en-nz'] // { iso: 'en-NZ', name: 'New Zealand', svg: 'nz', country: 'NZ' }
 */
export function pickSiteLocales(): Record<RoutableLocale, SiteLocale> {
  return Object.fromEntries(
    ROUTABLE_LOCALES.map((code) => {
      const entry = findLocale(code);
      if (!entry) throw new Error(`No locale ${code} in the locale table`);
      const { iso, name, svg, country } = entry;
      return [code, { iso, name, svg, country }];
    }),
  ) as Record<RoutableLocale, SiteLocale>;
}

/**
 * The routable locales as the shell shows them. The build replaces this module with the picked rows as
 * data (web/plugins/site-locales.ts), so the first page does not load the whole locale table.
 */
export const SITE_LOCALES: Readonly<Record<RoutableLocale, SiteLocale>> = pickSiteLocales();
