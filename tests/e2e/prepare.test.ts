import { statSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/consumer-dir.js';

// npm runs the package's prepare step whenever it installs the checkout as a dependency, and `npx edshed`
// in the checkout does that (it links the checkout into npx's cache). A rebuild clears dist/ first, so a
// sandbox started with `npm start` lost its modules when someone ran the README's `npx edshed ...` in a
// second terminal. prepare now builds only when dist/ is older than the sources.
const BUILT = join(ROOT, 'dist/cli/edshed.cjs');

it('prepare leaves a dist/ built from these sources alone, and says so', async () => {
  const check = await execa(process.execPath, ['scripts/prepare.mjs', '--check'], { cwd: ROOT, reject: false });
  expect(check.stderr, 'npm test builds before vitest runs').toBe('dist/ is up to date with the sources');
  expect(check.exitCode).toBe(0);
  const before = statSync(BUILT).mtimeMs;
  const prepare = await execa(process.execPath, ['scripts/prepare.mjs'], { cwd: ROOT, reject: false });
  expect(prepare.stderr).toContain('not rebuilt');
  expect(prepare.exitCode).toBe(0);
  expect(statSync(BUILT).mtimeMs).toBe(before);
}, 120_000);

// The first npx in a checkout links it into npx's cache (and runs prepare), which takes a while on a busy machine.
it("`npx --offline edshed` (the README's form) in the checkout runs the built binary without rebuilding it", async () => {
  const before = statSync(BUILT).mtimeMs;
  const npx = await execa('npx', ['--offline', 'edshed', '--version'], { cwd: ROOT, reject: false, timeout: 120_000 });
  expect(npx.stderr).not.toMatch(/built dist\//);
  expect(npx.stdout).toMatch(/^\d+\.\d+\.\d+/);
  expect(npx.exitCode).toBe(0);
  expect(statSync(BUILT).mtimeMs).toBe(before);
}, 120_000);
