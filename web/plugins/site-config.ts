import type { Plugin } from 'vite';
// Loading the configuration marks its placeholders (each `placeholder(...)` call records its value).
import '../site.config.js';
import { placeholderValues } from '../src/site-config.js';

/**
 * The build's reminder of what web/site.config.ts still holds made up: one line naming each value marked
 * `placeholder(...)`, or undefined when none is left.
 *
 * @example
 * placeholderWarning() // 'web/site.config.ts: 24 values are placeholders, to replace before the site goes live: "hello@edshed.com", ...'
 */
export function placeholderWarning(values: readonly unknown[] = placeholderValues()): string | undefined {
  if (values.length === 0) return undefined;
  const shown = values.map((value) => JSON.stringify(value)).join(', ');
  return `web/site.config.ts: ${values.length} values are placeholders, to replace before the site goes live: ${shown}`;
}

/** In the site's build, warns about the placeholders of the site configuration (which the pages import as it is). */
export function siteConfig(): Plugin {
  return {
    name: 'edshed-site-config',
    apply: 'build',
    buildStart() {
      const warning = placeholderWarning();
      if (warning) this.warn(warning);
    },
  };
}
