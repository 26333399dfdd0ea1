import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { pickSiteEndpoints } from '../src/api/site-commands.js';
import { dataExport, dataModule } from './data-module.js';

const MODULE = fileURLToPath(new URL('../src/api/site-endpoints.ts', import.meta.url));

/**
 * The source that replaces web/src/api/site-endpoints.ts in the build: the site's entries of core's
 * table, picked at build time and written as data.
 *
 * @example
 * siteEndpointsSource() // 'export const SITE_ENDPOINTS = JSON.parse("{\"search\":{...}}");\n'
 */
export function siteEndpointsSource(): string {
  return dataExport('SITE_ENDPOINTS', pickSiteEndpoints(ENDPOINTS));
}

/**
 * In the site's build only, web/src/api/site-endpoints.ts becomes `siteEndpointsSource()`: the entries
 * stay defined once, in core/endpoints, and the bundle takes the few the site calls instead of the
 * whole areas they sit in (as the CLI's build does with its per-noun table modules).
 */
export function siteEndpoints(): Plugin {
  return dataModule('edshed-site-endpoints', MODULE, siteEndpointsSource);
}
