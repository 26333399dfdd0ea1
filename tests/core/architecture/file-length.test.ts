import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A module that outgrows 400 lines holds more than one thing: split it by concern, as the rest of the tree is.
// Lines are counted as the files stand, which is as Prettier leaves them: `npm test` checks the formatting
// (`npm run format:check`) beside this, so a file cannot pass here by being written in long lines.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const MAX_LINES = 400;

/** The source trees: everything but dependencies, builds and the site's static files. */
const TREES = ['core', 'cli', 'sandbox', 'web', 'scripts', 'bench', 'tests'];

const SCRIPT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/**
 * The endpoint table's area files (`core/endpoints/superuser-billing.ts`, ...), read from the areas that
 * core/endpoints/index.ts assembles. They are exempt: each is one area's entries of the spec's operations, as
 * data, one entry after another, and an area is the unit the spec (tests/fixtures/endpoints.tsv) and the
 * sandbox's routes are cut by; splitting one by length would cut an area in two for no reader's sake.
 */
function areaFiles(): string[] {
  const index = readFileSync(`${ROOT}core/endpoints/index.ts`, 'utf8');
  return [...index.matchAll(/^import \{ \w+Area \} from '\.\/([\w-]+)\.js';$/gm)].map(
    (m) => `core/endpoints/${m[1]}.ts`,
  );
}

/** The files checked, relative to the root. */
function sourceFiles(): string[] {
  return TREES.flatMap((tree) =>
    readdirSync(`${ROOT}${tree}`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && SCRIPT.test(entry.name))
      .map((entry) => `${entry.parentPath}/${entry.name}`.slice(ROOT.length))
      .filter((path) => !path.includes('node_modules/') && !path.startsWith('tests/.consumer-')),
  );
}

/** Lines as `wc -l` counts them: a last line without a newline counts too. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe(`no source file is over ${MAX_LINES} lines, but the endpoint table's area files`, () => {
  const files = sourceFiles();
  const exempt = new Set(areaFiles());

  it('reads the real trees and the real list of areas (a check of nothing would pass)', () => {
    expect(files.length).toBeGreaterThan(900);
    expect(files).toContain('tests/core/architecture/file-length.test.ts');
    expect(files).toContain('web/src/main.tsx');
    expect(exempt.size).toBeGreaterThan(30);
    expect(exempt).toContain('core/endpoints/superuser-billing.ts');
    // The table's machinery is code like any other, held to the limit.
    for (const machinery of ['core/endpoints/define.ts', 'core/endpoints/fields.ts', 'core/endpoints/index.ts']) {
      expect(exempt.has(machinery), machinery).toBe(false);
    }
    for (const area of exempt) expect(files, area).toContain(area);
  });

  it(`finds every other file at ${MAX_LINES} lines or fewer`, () => {
    const long = files
      .filter((path) => !exempt.has(path))
      .map((path) => ({ path, lines: lineCount(readFileSync(`${ROOT}${path}`, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('counts lines as wc -l does, a last line without its newline included', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });
});
