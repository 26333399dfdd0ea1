/** The site's API module, loaded on first use so the first page does not pay for the client and zod. */
export type SiteApi = typeof import('./site-api.js');

let loading: Promise<SiteApi> | undefined;

/**
 * The API module (one load, shared).
 *
 * @example
 * const api = await loadApi();
 * const page = await api.searchResources('owl', 0);
 */
export function loadApi(): Promise<SiteApi> {
  loading ??= import('./site-api.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
