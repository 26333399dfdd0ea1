import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The repository's own documents: the README, docs/ and the benches' README. */
const DOCS = [
  'README.md',
  'bench/README.md',
  ...readdirSync(`${ROOT}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A path of this repository named in code spans: it starts at one of the top folders (dist/ is built, so left out). */
const TOP = /^(?:core|cli|sandbox|web|tests|bench|scripts|bin|docs|\.ci)\//;

/**
 * Every repository path the documents name in code spans: `cli/read/records.ts`, `sandbox/db/fast/`,
 * `README.md#x` and `file.ts:12` read as the path alone. Patterns (`core/endpoints/<area>.ts`,
 * `tests/**`) and variables name no one file, so they are left out.
 */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => (m[1] as string).replace(/[:#].*$/, '').replace(/[.,;)]+$/, ''))
    .filter((path) => TOP.test(path) && !/[<>*{}$[\]]/.test(path));
}

/** A bench is named by its short name too (`bench/reconcile` for bench/reconcile.bench.mjs). */
const exists = (path: string): boolean =>
  existsSync(`${ROOT}${path}`) || (path.startsWith('bench/') && existsSync(`${ROOT}${path}.bench.mjs`));

describe('the documents name only paths that exist', () => {
  it.each(DOCS)('%s', (doc) => {
    const named = namedPaths(readFileSync(`${ROOT}${doc}`, 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !exists(path))).toEqual([]);
  });

  it('reads a path out of a code span as a person writes it', () => {
    expect(namedPaths('see `cli/read/records.ts:12`, `web/src/` and `core/endpoints/<area>.ts`, `npm test`')).toEqual([
      'cli/read/records.ts',
      'web/src/',
    ]);
  });
});
