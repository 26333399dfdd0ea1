import { createContext, useContext, type ReactNode } from 'react';
import { LOCALE_COOKIE_MAX_AGE_MS } from '../../../core/domain/constants.js';
import { resolveLocale } from '../../../core/domain/locale-resolution.js';
import type { RoutableLocale } from '../../../core/domain/routable-locales.js';
import { readCookie, writeCookie } from '../state/cookies.js';
import { MESSAGES, type Messages } from './messages.js';

/** The cookie that remembers a visitor's locale choice (O §4, §9: 365 days). */
export const LOCALE_COOKIE = 'locale';

export interface LocaleState {
  readonly locale: RoutableLocale;
  /** `''` on unprefixed routes, `/en-au` on prefixed ones: links keep the form the visitor arrived with. */
  readonly prefix: string;
  readonly messages: Messages;
}

const LocaleContext = createContext<LocaleState | null>(null);

/**
 * The locale of a route (O §4): its prefix when it has one, else the cookie, then the browser's languages,
 * then the default.
 *
 * @example
 * localeOf('en-nz') // { locale: 'en-nz', prefix: '/en-nz', ... }
 */
export function localeOf(routePrefix: RoutableLocale | undefined): LocaleState {
  const { locale } = resolveLocale({
    path: routePrefix ?? null,
    cookie: readCookie(LOCALE_COOKIE),
    browserLanguages: navigator.languages,
  });
  return { locale, prefix: routePrefix ? `/${routePrefix}` : '', messages: MESSAGES[locale] };
}

/** Remembers a locale chosen from the language menu. */
export function rememberLocale(locale: RoutableLocale): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_MS);
}

export function LocaleProvider({ value, children }: { value: LocaleState; children: ReactNode }) {
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The current locale, its link prefix and its messages. */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside a LocaleProvider');
  return state;
}

/**
 * A page's words for each routable locale: the English base, with what a locale words otherwise (pupil or
 * student). Kept beside its page, so the words load with the page's code, not on every first visit.
 *
 * @example
 * const words = localeTable({ pupils: 'pupils' }, { 'en-us': { pupils: 'students' } });
 * words('en-us').pupils // 'students'
 */
export function localeTable<T extends object>(
  base: T,
  overrides: Partial<Record<RoutableLocale, Partial<T>>> = {},
): (locale: RoutableLocale) => T {
  return (locale) => ({ ...base, ...overrides[locale] });
}

/** A site path in the current locale's form: `localPath(prefix, '/about')` -> `/en-au/about`. */
export function localPath(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix === '' ? '/' : prefix;
  return `${prefix}${path}`;
}
