import { DEFAULT_LOCALE, isRoutableLocale, type RoutableLocale } from './routable-locales.js';

/** What the site knows about a visitor when it picks a locale. */
export interface LocaleInputs {
  /** The request path (`/en-au/browse`) or just its first segment (`en-au`). */
  readonly path?: string | null;
  /** The locale cookie's value, in any written form (`en-au`, `en_AU`). */
  readonly cookie?: string | null;
  /** The browser's preferred languages, best first (`navigator.languages`, or parsed Accept-Language). */
  readonly browserLanguages?: readonly string[] | null;
}

export type LocaleSource = 'route' | 'cookie' | 'browser' | 'default';

export interface ResolvedLocale {
  readonly locale: RoutableLocale;
  readonly source: LocaleSource;
}

/** `en_AU`, `EN-au` -> `en-au`; then only routable locales count. */
function asRoutable(value: string | null | undefined): RoutableLocale | undefined {
  if (!value) return undefined;
  const normal = value.trim().toLowerCase().replace('_', '-');
  return isRoutableLocale(normal) ? normal : undefined;
}

function firstSegment(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
}

/**
 * Picks the locale (O §4): the route prefix, then the cookie, then the browser's languages in order, then
 * the default en-gb. Only routable locales are chosen. A browser language must name a region we route
 * (`en-AU`); a bare language (`en`, `fr`) matches nothing and falls through, which for English lands on
 * the default anyway.
 *
 * @example
 * resolveLocale({ path: '/en-nz/browse', cookie: 'en-au' })      // { locale: 'en-nz', source: 'route' }
 * resolveLocale({ path: '/about', cookie: 'en_AU' })             // { locale: 'en-au', source: 'cookie' }
 * resolveLocale({ browserLanguages: ['fr-FR', 'en-US'] })        // { locale: 'en-us', source: 'browser' }
 * resolveLocale({})                                              // { locale: 'en-gb', source: 'default' }
 */
export function resolveLocale(inputs: LocaleInputs): ResolvedLocale {
  const segment = inputs.path ? firstSegment(inputs.path) : '';
  // The path must carry the prefix exactly as routed: /EN-AU/ is not a route.
  if (isRoutableLocale(segment)) return { locale: segment, source: 'route' };
  const fromCookie = asRoutable(inputs.cookie);
  if (fromCookie) return { locale: fromCookie, source: 'cookie' };
  for (const language of inputs.browserLanguages ?? []) {
    const fromBrowser = asRoutable(language);
    if (fromBrowser) return { locale: fromBrowser, source: 'browser' };
  }
  return { locale: DEFAULT_LOCALE, source: 'default' };
}

/**
 * Splits a path into its locale prefix (when routable) and the rest.
 *
 * @example
 * splitLocalePath('/en-au/browse/poetry') // { locale: 'en-au', rest: '/browse/poetry' }
 * splitLocalePath('/browse')              // { locale: undefined, rest: '/browse' }
 */
export function splitLocalePath(path: string): { locale: RoutableLocale | undefined; rest: string } {
  const segment = firstSegment(path);
  if (!isRoutableLocale(segment)) return { locale: undefined, rest: path };
  const rest = path.replace(/^\/*/, '').slice(segment.length);
  return { locale: segment, rest: rest.startsWith('/') ? rest : `/${rest}` };
}
