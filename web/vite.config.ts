import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { legacyRedirects } from './plugins/legacy-redirects.js';
import { siteEndpoints } from './plugins/site-endpoints.js';
import { siteLocales } from './plugins/site-locales.js';
import { routePreload } from './plugins/route-preload.js';
import { siteConfig } from './plugins/site-config.js';
import { sitePages } from './plugins/site-pages.js';

/**
 * Where the dev and preview servers forward `/api/*` (the site's API base): the sandbox, unless
 * EDSHED_SANDBOX_URL names another one. Same origin for the browser, so the sandbox needs no CORS for
 * the site; `changeOrigin` sends the sandbox its own host name.
 */
const apiTarget = process.env.EDSHED_SANDBOX_URL ?? 'http://127.0.0.1:8787/';

function apiProxy(): Record<string, ProxyOptions> {
  return {
    '/api/': { target: apiTarget, changeOrigin: true, rewrite: (path) => path.replace(/^\/api\//, '/') },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), legacyRedirects(), sitePages(), siteConfig(), siteEndpoints(), siteLocales(), routePreload()],
  // No modulepreload polyfill: every browser the site supports preloads modules itself.
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // Images stay files (cached, loaded in parallel) rather than text inside the first visit's JavaScript.
    assetsInlineLimit: 0,
    // Everything the entry loads statically goes into the entry's one chunk: Rolldown otherwise splits the
    // modules the lazy pages share with it (React, locales) into more first-visit chunks, each compressed
    // on its own (2.5 KB more gzip in all, and more requests). What every page with resources needs (the
    // API client, the answer checks, the tiles) is one more chunk, which such a page imports statically:
    // it loads beside the page's own chunk, not after it asks for data (one step less in the chain).
    rolldownOptions: {
      // Core's locale table is data: a module that names a constant beside it (curricula.ts, which the API
      // module reads) need not load its chunk for effects it does not have.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]core[\\/]domain[\\/]locales\.ts$/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            {
              name: 'data',
              test: /[\\/]web[\\/]src[\\/](?:api[\\/]|components[\\/](?:use-api|resource-tiles|loaded)\.)/,
            },
            // Core's locale table stays a chunk of its own, for the prices: the data chunk only names a constant beside it.
            // (Its import of the routable locales stays in the entry, where the shell reads them.)
            {
              name: 'locales',
              test: /[\\/]core[\\/]domain[\\/]locales\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', proxy: apiProxy() },
  preview: { host: '127.0.0.1', proxy: apiProxy() },
});
