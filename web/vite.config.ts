import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { legacyRedirects } from './plugins/legacy-redirects.js';
import { routerTreeShaking } from './plugins/router-tree-shaking.js';
import { siteEndpoints } from './plugins/site-endpoints.js';
import { siteLocales } from './plugins/site-locales.js';

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

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), legacyRedirects(), siteEndpoints(), siteLocales(), routerTreeShaking()],
  resolve: {
    // react-router's package exports resolve to its development build in a bundler; the build takes its
    // production build (a third of the size, no dev warnings).
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : [],
  },
  // No modulepreload polyfill: every browser the site supports preloads modules itself.
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // Images stay files (cached, loaded in parallel) rather than text inside the first visit's JavaScript.
    assetsInlineLimit: 0,
    // Everything the entry loads statically goes into the entry's one chunk: Rolldown otherwise splits the
    // modules the lazy pages share with it (React, React Router, locales) into four more first-visit
    // chunks, each compressed on its own (2.5 KB more gzip in all, and four more requests).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  server: { host: '127.0.0.1', proxy: apiProxy() },
  preview: { host: '127.0.0.1', proxy: apiProxy() },
}));
