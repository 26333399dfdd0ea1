import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** zod's JSON Schema generator: the site validates answers and never converts a schema to JSON Schema. */
const JSON_SCHEMA_MODULES = ['to-json-schema.js', 'json-schema-processors.js'];

/**
 * The names a module exports (`export const x`, `export function x`, `export { a as b }`).
 *
 * @example
 * exportNames('export const a = 1; export function b() {}') // ['a', 'b']
 */
export function exportNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/g)) names.add(match[1] ?? '');
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  names.delete('');
  return [...names];
}

/**
 * Replaces zod's JSON Schema generator (a fifth of the zod the site's API chunk carries, kept by every
 * schema's `toJSONSchema` method) with exports of the same names that throw when used, in the site's build
 * only. Every schema still builds and parses; only `toJSONSchema()` and friends would throw. The CLI's
 * build trims zod's locales the same way (scripts/build.mjs).
 */
export function zodWithoutJsonSchema(): Plugin {
  const core = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), '');
  const stubs = new Map(
    JSON_SCHEMA_MODULES.map((file) => {
      const names = exportNames(readFileSync(join(core, file), 'utf8'));
      const body = names.map((name) => `export const ${name} = unavailable;`).join('\n');
      const source = `function unavailable() { throw new Error('JSON Schema generation is not part of the site build'); }\n${body}\n`;
      return [join(core, file), source];
    }),
  );
  return {
    name: 'edshed-zod-without-json-schema',
    apply: 'build',
    load(id) {
      return stubs.get(id.split('?')[0] ?? id);
    },
  };
}
