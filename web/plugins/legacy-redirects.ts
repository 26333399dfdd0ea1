import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { LEGACY_REDIRECTS, redirectFor } from '../../core/domain/redirects.js';
import { DEFAULT_COUNTRY } from '../../core/domain/constants.js';

/** The CDN's viewer-country header (our choice of name: CloudFront's) and the cookie the site reads it from. */
export const VIEWER_COUNTRY_HEADER = 'cloudfront-viewer-country';
export const VIEWER_COUNTRY_COOKIE = 'viewer_country';

/**
 * The hosting redirects file (Netlify / Cloudflare Pages `_redirects` syntax): one `from to 301` line per
 * rule of core's table. Those hosts carry the query string over to the target by themselves.
 *
 * @example
 * redirectsFile().split('\n')[0] // '/index.html / 301'
 */
export function redirectsFile(): string {
  return `${LEGACY_REDIRECTS.map((rule) => `${rule.from} ${rule.to} ${rule.status}`).join('\n')}\n`;
}

/**
 * The serving layer's part of O §2 and §4: a legacy `.html` address answers a real 301 to its clean
 * address (query kept), and the viewer's country from the CDN header (GB when absent) is handed to the
 * page in a cookie.
 */
export function serveLegacyRedirects(req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction): void {
  const redirect = redirectFor(req.url ?? '/');
  if (redirect) {
    res.statusCode = redirect.status;
    res.setHeader('Location', redirect.location);
    res.end();
    return;
  }
  const header = req.headers[VIEWER_COUNTRY_HEADER];
  const country = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  const value = country && /^[A-Z]{2}$/.test(country) ? country : DEFAULT_COUNTRY;
  res.setHeader('Set-Cookie', `${VIEWER_COUNTRY_COOKIE}=${value}; Path=/; SameSite=Lax`);
  next();
}

/** The Vite plugin: the middleware in the dev and preview servers, and `_redirects` in the build. */
export function legacyRedirects(): Plugin {
  return {
    name: 'edshed-legacy-redirects',
    configureServer(server) {
      server.middlewares.use(serveLegacyRedirects);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveLegacyRedirects);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_redirects', source: redirectsFile() });
    },
  };
}
