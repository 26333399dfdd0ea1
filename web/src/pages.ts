import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchSitePath, type SitePage } from '../../core/domain/site-routes.js';
import { guardedImport } from './chunk-reload.js';
import { prefetchAllowed } from './prefetch.js';

type PageModule = { default: ComponentType };

/** The pages that load on demand: all but the home and not-found pages. */
export type PageName = Exclude<SitePage, 'home' | 'notFound'>;

/** Each page is its own chunk. */
const LOADERS: Record<PageName, () => Promise<PageModule>> = {
  about: () => import('./pages/about.js'),
  browse: () => import('./pages/browse.js'),
  freeResources: () => import('./pages/free-resources.js'),
  memberships: () => import('./pages/memberships.js'),
  search: () => import('./pages/search.js'),
  resource: () => import('./pages/resource.js'),
  logout: () => import('./pages/logout.js'),
  signIn: () => import('./pages/sign-in.js'),
};

/** The pages as lazy components, loaded through the chunk-reload guard. */
export const PAGES = Object.fromEntries(
  Object.entries(LOADERS).map(([name, load]) => [name, lazy(guardedImport(load))]),
) as Record<string, LazyExoticComponent<ComponentType>> as Record<PageName, LazyExoticComponent<ComponentType>>;

/** The page a site path (without its locale prefix) shows, for prefetching on hover. */
export function pageOf(path: string): PageName | undefined {
  const { page } = matchSitePath(path.split(/[?#]/, 1)[0] ?? path);
  return page in LOADERS ? (page as PageName) : undefined;
}

/**
 * Loads a page's chunk ahead of a click, unless the connection is 2g or save-data is on (O §4).
 *
 * @example
 * prefetchPage('/about')
 */
export function prefetchPage(path: string): void {
  const page = pageOf(path);
  // A prefetch that fails is ignored: the click loads the page again, through the guard.
  if (page && prefetchAllowed()) void LOADERS[page]().catch(() => undefined);
}
