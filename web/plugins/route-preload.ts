import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { ROUTABLE_LOCALES } from '../../core/domain/routable-locales.js';
import { SITE_ROUTES, type SitePage } from '../../core/domain/site-routes.js';

const PAGES_DIR = fileURLToPath(new URL('../src/pages/', import.meta.url));

/** `freeResources` -> `free-resources`: a page's module under web/src/pages. */
function moduleOf(page: string): string {
  return `${PAGES_DIR}${page.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;
}

/**
 * For each page that loads its own code (all but home and not-found), the first segment of its route and
 * the chunks that code is (its own, then the ones it imports, but not the entry, which the page loads
 * anyway).
 *
 * @example
 * pageChunks(bundle) // { resource: ['/assets/resource-a1.js', '/assets/data-b2.js'], about: ['/assets/about-c3.js'], ... }
 */
export function pageChunks(bundle: Rolldown.OutputBundle, base = '/'): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry)?.fileName;
  const pages = (Object.keys(SITE_ROUTES) as SitePage[]).filter((page) => page !== 'home' && page !== 'notFound');
  return Object.fromEntries(
    pages.map((page) => {
      const chunk = chunks.find((c) => c.facadeModuleId === moduleOf(page));
      if (!chunk) throw new Error(`route-preload: no chunk for the ${page} page (${moduleOf(page)})`);
      const files = [chunk.fileName, ...chunk.imports.filter((file) => file !== entry)];
      return [SITE_ROUTES[page].path, files.map((file) => `${base}${file}`)];
    }),
  );
}

/**
 * The inline script that asks for a page's chunks while the entry chunk is still on its way: on a first
 * visit the page's code would otherwise start loading only once the entry has run and rendered (a step
 * more in the chain of a resource page, before its data is even asked for).
 *
 * @example
 * preloadScript({ about: ['/assets/about-1.js'] }) // '(function(){var p=location.pathname.split("/")...})()'
 */
export function preloadScript(map: Readonly<Record<string, readonly string[]>>): string {
  return (
    `(function(){var s=location.pathname.split("/").filter(Boolean),m=${JSON.stringify(map)},l=${JSON.stringify(ROUTABLE_LOCALES)};` +
    'if(l.indexOf(s[0])>=0)s.shift();(m[s[0]]||[]).forEach(function(h){var e=document.createElement("link");e.rel="modulepreload";e.href=h;document.head.appendChild(e)})})()'
  );
}

/** In the site's build, puts `preloadScript` of the bundle's pages into index.html, before the entry's script. */
export function routePreload(): Plugin {
  return {
    name: 'edshed-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return undefined;
        return [{ tag: 'script', children: preloadScript(pageChunks(context.bundle)), injectTo: 'head' }];
      },
    },
  };
}
