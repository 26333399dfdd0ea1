import type { ResourceDetail } from './site-types.js';

/** The site's API module, loaded on first use so the first page does not pay for the client and its checks. */
export type SiteApi = typeof import('./site-api.js');

let loading: Promise<SiteApi> | undefined;

/**
 * The API module (one load, shared).
 *
 * @example
 * const api = await loadApi();
 * const page = await api.searchResources({ text: 'owl' }, 0);
 */
export function loadApi(): Promise<SiteApi> {
  loading ??= import('./site-api.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const started = new Map<string, Promise<unknown>>();

/**
 * Starts a page's load before the page exists (at start-up, while its code is still loading), for the
 * page's `useApi` of the same key to take over instead of asking again.
 *
 * @example
 * startLoad('resource:owls', (api) => api.resourceByKey('owls'));
 */
export function startLoad(key: string, load: (api: SiteApi) => Promise<unknown>): void {
  const pending = loadApi().then(load);
  // Nobody may come for it (the visitor moved on): its failure is the page's to show, not an unhandled one.
  pending.catch(() => undefined);
  started.set(key, pending);
}

/** The load started for `key`, once: later calls ask again (the answer may have changed since). */
export function takeStartedLoad(key: string): Promise<unknown> | undefined {
  const pending = started.get(key);
  started.delete(key);
  return pending;
}

/**
 * A resource page's load (its `useApi` key and call), which start-up begins for a first visit of one.
 *
 * @example
 * const [key, load] = resourceLoad('owls'); // 'resource:owls'
 */
export function resourceLoad(urlKey: string): readonly [string, (api: SiteApi) => Promise<ResourceDetail>] {
  return [`resource:${urlKey}`, (api) => api.resourceByKey(urlKey)];
}
