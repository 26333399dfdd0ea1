import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { LONGEST_FILES, PROJECT_ORDER } from '../helpers/file-order.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A vitest include glob as a regex: `**\/` any folders, `*` within a name, `{a,b}` either. */
const globRegex = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^}]*)\}/g, (_, alts: string) => `(${alts.split(',').join('|')})`)
      .replace(/\*\*\//g, '(.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

it('runs every test file in exactly one project (a new folder of tests is not silently left out of npm test)', () => {
  const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[]; exclude?: string[] } }[];
  expect(projects.map((p) => p.test.name)).toEqual(['unit', 'unit-first-load', 'sandbox', 'e2e', 'web']);
  const files = testFiles(join(ROOT, 'tests'));
  expect(files.length).toBeGreaterThan(150);
  const owners = (file: string) =>
    projects
      .filter(
        ({ test }) => test.include.some((glob) => globRegex(glob).test(file)) && !(test.exclude ?? []).includes(file),
      )
      .map(({ test }) => test.name);
  expect(
    files
      .filter((file) => owners(file).length !== 1)
      .map((file) => `${file}: ${owners(file).join(', ') || 'no project'}`),
  ).toEqual([]);
});

it('npm run test:unit runs both unit projects (the shared-cache one and the isolated one)', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  expect(scripts['test:unit']?.match(/--project (\S+)/g)).toEqual(['--project unit', '--project unit-first-load']);
});

it('starts files in an order that names only real test files and every project (tests/helpers/file-order.ts)', () => {
  const projects = (config.test?.projects ?? []) as { test: { name: string } }[];
  expect([...PROJECT_ORDER].sort()).toEqual(projects.map((p) => p.test.name).sort());
  const files = new Set(testFiles(join(ROOT, 'tests')));
  expect(LONGEST_FILES.filter((file) => !files.has(file))).toEqual([]);
  expect(new Set(LONGEST_FILES).size).toBe(LONGEST_FILES.length);
});
