import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { guardedImport } from './chunk-reload.js';
import { prefetchAllowed } from './prefetch.js';

type PageModule = { default: ComponentType };

export type PageName = 'about' | 'browse' | 'freeResources' | 'memberships' | 'search' | 'resource' | 'logout' | 'signIn';

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
export const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(guardedImport(load))])) as Record<string, LazyExoticComponent<ComponentType>> as Record<PageName, LazyExoticComponent<ComponentType>>;

/** The page a site path (without its locale prefix) shows, for prefetching on hover. */
export function pageOf(path: string): PageName | undefined {
  const first = path.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  const names: Record<string, PageName> = { about: 'about', browse: 'browse', 'free-resources': 'freeResources', memberships: 'memberships', search: 'search', resource: 'resource', logout: 'logout', login: 'signIn' };
  return names[first];
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
