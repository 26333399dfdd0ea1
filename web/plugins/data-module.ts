import type { Plugin } from 'vite';

/**
 * A module's source that exports one value written as data (a JSON string parses faster than the same
 * object literal).
 *
 * @example
 * dataExport('SIZES', { small: 1 }) // 'export const SIZES = JSON.parse("{\"small\":1}");\n'
 */
export function dataExport(name: string, value: unknown): string {
  return `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
}

/**
 * In the site's build only, the module at `file` (an absolute path) is loaded as `source()`: data picked
 * from core's tables at build time, so the bundle carries only what the site reads of them while the
 * tables stay defined once, in core (development and the tests run the module's own code).
 *
 * @example
 * dataModule('edshed-site-locales', '/repo/web/src/i18n/site-locales.ts', siteLocalesSource)
 */
export function dataModule(name: string, file: string, source: () => string): Plugin {
  return {
    name,
    apply: 'build',
    load(id) {
      return (id.split('?')[0] ?? id) === file ? source() : undefined;
    },
  };
}
