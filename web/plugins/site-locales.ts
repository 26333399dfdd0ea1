import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pickSiteLocales } from '../src/i18n/site-locales.js';
import { dataExport, dataModule } from './data-module.js';

const MODULE = fileURLToPath(new URL('../src/i18n/site-locales.ts', import.meta.url));

/**
 * The source that replaces web/src/i18n/site-locales.ts in the build: the routable locales' rows of
 * core's locale table, only the columns the shell shows, written as data.
 *
 * @example
 * siteLocalesSource() // 'export const SITE_LOCALES = JSON.parse("{\"en-au\":{\"iso\":\"en-AU\",...}}");\n'
 */
export function siteLocalesSource(): string {
  return dataExport('SITE_LOCALES', pickSiteLocales());
}

/**
 * In the site's build only, web/src/i18n/site-locales.ts becomes `siteLocalesSource()`: the first page
 * then carries 7 rows of 4 columns instead of core's whole locale table (17 rows of 15), which only the
 * memberships page's prices load.
 */
export function siteLocales(): Plugin {
  return dataModule('edshed-site-locales', MODULE, siteLocalesSource);
}
