/**
 * The locale table (O §3). Values the spec does not give are marked "our choice":
 * - product flags: spelling, user and school on for every locale (the spelling product ships word lists in
 *   each of these languages); quiz only for the English locales;
 * - audio: on for every locale (word audio exists for each language offered);
 * - currency: the local currency, except en_HK, en_IN and en_PK, which O §9 prices in "$" at the US
 *   amounts, so US dollars;
 * - languageName: the language's own name, as a language picker shows it; emoji: the country's flag.
 */
export const LOCALES = [
  { underscored: 'en_GB', code: 'en-gb', iso: 'en-GB', name: 'United Kingdom', languageName: 'English', language: 'en', country: 'GB', spelling: true, quiz: true, user: true, school: true, currency: 'gbp', stripeRegion: 'GB', svg: 'gb', audio: true, emoji: '🇬🇧' },
  { underscored: 'en_AU', code: 'en-au', iso: 'en-AU', name: 'Australia', languageName: 'English', language: 'en', country: 'AU', spelling: true, quiz: true, user: true, school: true, currency: 'aud', stripeRegion: 'GB', svg: 'au', audio: true, emoji: '🇦🇺' },
  { underscored: 'en_CA', code: 'en-ca', iso: 'en-CA', name: 'Canada', languageName: 'English', language: 'en', country: 'CA', spelling: true, quiz: true, user: true, school: true, currency: 'cad', stripeRegion: 'GB', svg: 'ca', audio: true, emoji: '🇨🇦' },
  { underscored: 'en_HK', code: 'en-hk', iso: 'en-HK', name: 'Hong Kong', languageName: 'English', language: 'en', country: 'HK', spelling: true, quiz: true, user: true, school: true, currency: 'usd', stripeRegion: 'GB', svg: 'hk', audio: true, emoji: '🇭🇰' },
  { underscored: 'en_IE', code: 'en-ie', iso: 'en-IE', name: 'Ireland', languageName: 'English', language: 'en', country: 'IE', spelling: true, quiz: true, user: true, school: true, currency: 'eur', stripeRegion: 'GB', svg: 'ie', audio: true, emoji: '🇮🇪' },
  { underscored: 'en_IN', code: 'en-in', iso: 'en-IN', name: 'India', languageName: 'English', language: 'en', country: 'IN', spelling: true, quiz: true, user: true, school: true, currency: 'usd', stripeRegion: 'GB', svg: 'in', audio: true, emoji: '🇮🇳' },
  { underscored: 'en_NZ', code: 'en-nz', iso: 'en-NZ', name: 'New Zealand', languageName: 'English', language: 'en', country: 'NZ', spelling: true, quiz: true, user: true, school: true, currency: 'nzd', stripeRegion: 'GB', svg: 'nz', audio: true, emoji: '🇳🇿' },
  { underscored: 'en_PK', code: 'en-pk', iso: 'en-PK', name: 'Pakistan', languageName: 'English', language: 'en', country: 'PK', spelling: true, quiz: true, user: true, school: true, currency: 'usd', stripeRegion: 'GB', svg: 'pk', audio: true, emoji: '🇵🇰' },
  { underscored: 'en_US', code: 'en-us', iso: 'en-US', name: 'United States', languageName: 'English', language: 'en', country: 'US', spelling: true, quiz: true, user: true, school: true, currency: 'usd', stripeRegion: 'US', svg: 'us', audio: true, emoji: '🇺🇸' },
  { underscored: 'en_ZA', code: 'en-za', iso: 'en-ZA', name: 'South Africa', languageName: 'English', language: 'en', country: 'ZA', spelling: true, quiz: true, user: true, school: true, currency: 'zar', stripeRegion: 'GB', svg: 'za', audio: true, emoji: '🇿🇦' },
  { underscored: 'fr_FR', code: 'fr-fr', iso: 'fr-FR', name: 'France', languageName: 'Français', language: 'fr', country: 'FR', spelling: true, quiz: false, user: true, school: true, currency: 'eur', stripeRegion: 'GB', svg: 'fr', audio: true, emoji: '🇫🇷' },
  { underscored: 'de_DE', code: 'de-de', iso: 'de-DE', name: 'Germany', languageName: 'Deutsch', language: 'de', country: 'DE', spelling: true, quiz: false, user: true, school: true, currency: 'eur', stripeRegion: 'GB', svg: 'de', audio: true, emoji: '🇩🇪' },
  { underscored: 'es_ES', code: 'es-es', iso: 'es-ES', name: 'Spain', languageName: 'Español', language: 'es', country: 'ES', spelling: true, quiz: false, user: true, school: true, currency: 'eur', stripeRegion: 'GB', svg: 'es', audio: true, emoji: '🇪🇸' },
  { underscored: 'cy_GB', code: 'cy-gb', iso: 'cy-GB', name: 'Wales', languageName: 'Cymraeg', language: 'cy', country: 'GB', spelling: true, quiz: false, user: true, school: true, currency: 'gbp', stripeRegion: 'GB', svg: 'gb-wls', audio: true, emoji: '🏴󠁧󠁢󠁷󠁬󠁳󠁿' },
  { underscored: 'pt_PT', code: 'pt-pt', iso: 'pt-PT', name: 'Portugal', languageName: 'Português', language: 'pt', country: 'PT', spelling: true, quiz: false, user: true, school: true, currency: 'eur', stripeRegion: 'GB', svg: 'pt', audio: true, emoji: '🇵🇹' },
  { underscored: 'pt_BR', code: 'pt-br', iso: 'pt-BR', name: 'Brazil', languageName: 'Português', language: 'pt', country: 'BR', spelling: true, quiz: false, user: true, school: true, currency: 'brl', stripeRegion: 'GB', svg: 'br', audio: true, emoji: '🇧🇷' },
  { underscored: 'af_ZA', code: 'af-za', iso: 'af-ZA', name: 'South Africa', languageName: 'Afrikaans', language: 'af', country: 'ZA', spelling: true, quiz: false, user: true, school: true, currency: 'zar', stripeRegion: 'GB', svg: 'za', audio: true, emoji: '🇿🇦' },
] as const;

export type LocaleEntry = (typeof LOCALES)[number];
/** Lowercase, hyphenated: `en-gb`. */
export type LocaleCode = LocaleEntry['code'];
/** Underscored form: `en_GB`. */
export type UnderscoredLocale = LocaleEntry['underscored'];
export type CurrencyCode = LocaleEntry['currency'];

export { DEFAULT_LOCALE, isRoutableLocale, ROUTABLE_LOCALES, type RoutableLocale } from './routable-locales.js';

/** A prefix used only by the legacy redirect rules (O §2); it is not a route of its own. */
export const REDIRECT_ONLY_LOCALE_PREFIX = 'en';

const BY_KEY = new Map<string, LocaleEntry>(LOCALES.map((entry) => [entry.underscored.toLowerCase(), entry]));

/**
 * Finds a locale by any of its written forms (`en-gb`, `en_GB`, `EN-GB`).
 *
 * @example
 * findLocale('en_AU')?.currency // 'aud'
 * findLocale('xx-yy')           // undefined
 */
export function findLocale(code: string): LocaleEntry | undefined {
  return BY_KEY.get(code.trim().toLowerCase().replace('-', '_'));
}

/**
 * The English locale of a country (its own, e.g. en_ZA rather than af_ZA), or undefined when it has none.
 *
 * @example
 * localeForCountry('za')?.underscored // 'en_ZA'
 * localeForCountry('FR')              // undefined (fr_FR is not English)
 */
export function localeForCountry(country: string): LocaleEntry | undefined {
  const code = country.trim().toUpperCase();
  return LOCALES.find((entry) => entry.language === 'en' && entry.country === code);
}
