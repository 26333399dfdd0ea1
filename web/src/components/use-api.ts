import { useEffect, useState } from 'react';
import type { SiteApi } from '../api/load.js';
import { loadApi, takeStartedLoad } from '../api/load.js';

export type Loaded<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly data: T }
  | { readonly status: 'failed'; readonly error: unknown };

/**
 * Loads page data through the site API, again whenever `key` changes; answers stay with their key.
 *
 * @example
 * const node = useApi(`node:${path}`, (api) => api.nodeByPath(path));
 */
export function useApi<T>(key: string, load: (api: SiteApi) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; value: Loaded<T> }>({ key, value: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    setState({ key, value: { status: 'loading' } });
    ((takeStartedLoad(key) as Promise<T> | undefined) ?? loadApi().then(load)).then(
      (data) => live && setState({ key, value: { status: 'done', data } }),
      (error: unknown) => live && setState({ key, value: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
    // The key names what is loaded; `load` is a new closure each render.
  }, [key]);
  return state.key === key ? state.value : { status: 'loading' };
}
