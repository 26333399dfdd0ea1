import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { distIsFresh, inputsDigest, stampDist } from '../../scripts/build-inputs.mjs';

// The digest npm's prepare step compares with dist/.inputs to skip a rebuild of a fresh dist/.
let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'edshed-build-inputs-'));
  write('package.json', '{"name":"x"}');
  write('core/index.ts', 'export const a = 1;');
  write('cli/edshed.ts', 'export {};');
  mkdirSync(join(root, 'dist'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build inputs digest', () => {
  it('changes when a source changes, is added or is renamed, and only then', () => {
    const first = inputsDigest(root);
    expect(inputsDigest(root)).toBe(first);
    write('core/index.ts', 'export const a = 2;');
    const edited = inputsDigest(root);
    expect(edited).not.toBe(first);
    write('web/src/page.tsx', 'export {};');
    const added = inputsDigest(root);
    expect(added).not.toBe(edited);
    rmSync(join(root, 'web/src/page.tsx'));
    write('web/src/other.tsx', 'export {};');
    expect(inputsDigest(root)).not.toBe(added);
  });

  it('ignores what the build does not read: dist/, tests, node_modules under an input', () => {
    const before = inputsDigest(root);
    write('dist/cli/edshed.cjs', 'built');
    write('tests/a.test.ts', 'x');
    write('core/node_modules/pkg/index.js', 'x');
    expect(inputsDigest(root)).toBe(before);
  });

  it('calls dist/ fresh only when stamped with the digest of the sources there are now', () => {
    expect(distIsFresh(root)).toBe(false);
    stampDist(root, inputsDigest(root));
    expect(distIsFresh(root)).toBe(true);
    write('cli/edshed.ts', 'export const changed = true;');
    expect(distIsFresh(root)).toBe(false);
  });
});
