import { isRoutableLocale, type RoutableLocale } from './routable-locales.js';

/**
 * The pages of the literacy-resources site (O §2), each with its route after the locale prefix: a fixed
 * path, or a first segment followed by one optional key (`resource/{key?}`) or by any sub-path
 * (`browse/*`). Every page exists without a prefix and under each routable locale. The site's router and
 * the servers that serve the site (which answer 404 for any other path) both read this one table.
 */
export const SITE_ROUTES = {
  home: { path: '' },
  about: { path: 'about' },
  browse: { path: 'browse', rest: 'any' },
  freeResources: { path: 'free-resources' },
  memberships: { path: 'memberships' },
  search: { path: 'Search' },
  resource: { path: 'resource', rest: 'key' },
  logout: { path: 'logout' },
  signIn: { path: 'login' },
  notFound: { path: '404' },
} as const satisfies Readonly<Record<string, { readonly path: string; readonly rest?: 'key' | 'any' }>>;

export type SitePage = keyof typeof SITE_ROUTES;

/** What a path of the site shows: its locale prefix (if any), the page and the page's parameters. */
export interface SiteMatch {
  readonly locale: RoutableLocale | undefined;
  readonly page: SitePage;
  /** `key` for a resource page; `rest` for a browse page (the sub-path after `browse/`, '' for none). */
  readonly params: { readonly key?: string; readonly rest?: string };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page of a path without its locale prefix (`about`, `resource/owl`), or notFound. */
function pageOf(segments: readonly string[]): Pick<SiteMatch, 'page' | 'params'> {
  const [first = '', ...more] = segments;
  for (const [page, route] of Object.entries(SITE_ROUTES) as [SitePage, (typeof SITE_ROUTES)[SitePage]][]) {
    if (route.path !== first) continue;
    const rest = 'rest' in route ? route.rest : undefined;
    if (more.length === 0) return { page, params: rest === 'any' ? { rest: '' } : {} };
    if (rest === 'any') return { page, params: { rest: more.map(decoded).join('/') } };
    if (rest === 'key' && more.length === 1) return { page, params: { key: decoded(more[0] as string) } };
  }
  return { page: 'notFound', params: {} };
}

/**
 * The page a path of the site shows (case-sensitive, a trailing slash allowed). A path that is no page is
 * the not-found page, in the locale of its prefix when that is a routable one.
 *
 * @example
 * matchSitePath('/en-au/resource/owl-poems') // { locale: 'en-au', page: 'resource', params: { key: 'owl-poems' } }
 * matchSitePath('/browse/poetry-shed/')      // { locale: undefined, page: 'browse', params: { rest: 'poetry-shed' } }
 * matchSitePath('/EN-AU/about').page         // 'notFound'
 */
export function matchSitePath(pathname: string): SiteMatch {
  const segments = pathname.replace(/^\/+/, '').split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const first = segments[0] ?? '';
  const locale = isRoutableLocale(first) ? first : undefined;
  return { locale, ...pageOf(locale ? segments.slice(1) : segments) };
}

/**
 * Whether a path is a page of the site (the not-found page is not): what the serving layer answers 200
 * for; any other path gets the site's not-found page with status 404.
 *
 * @example
 * isSitePage('/en-nz/memberships') // true
 * isSitePage('/nothing-here')      // false
 */
export function isSitePage(pathname: string): boolean {
  return matchSitePath(pathname).page !== 'notFound';
}
