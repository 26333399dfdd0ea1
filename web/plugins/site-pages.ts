import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, resolve, sep } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { isSitePage } from '../../core/domain/site-routes.js';

/** Where the site's server forwards to the API; never a page. */
const API_PREFIX = '/api/';

function isFile(root: string, pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(`${root}${sep}`)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The serving layer's not-found answer (O §2): a GET or HEAD of a path that is neither a page of core's
 * route table nor a file of the build is answered 404 with the site's page, whose router then shows the
 * not-found page; pages, files and the API pass on.
 *
 * @example
 * server.middlewares.use(serveNotFound('/repo/dist/web'));
 */
export function serveNotFound(root: string): Connect.NextHandleFunction {
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const pathname = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      pathname.startsWith(API_PREFIX) ||
      isSitePage(pathname) ||
      isFile(root, pathname)
    ) {
      next();
      return;
    }
    const page = readFileSync(join(root, 'index.html'));
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', String(page.length));
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : page);
  };
}

/** The Vite plugin: 404s from the preview server (the one `npm start` runs), for paths that are no page. */
export function sitePages(): Plugin {
  return {
    name: 'edshed-site-pages',
    configurePreviewServer(server) {
      server.middlewares.use(serveNotFound(resolve(server.config.root, server.config.build.outDir)));
    },
  };
}
