/**
 * Every `npx ... edshed` the project shows a person (the README, docs/, the CLI's help texts and hints, the
 * scripts' messages) is `npx --offline edshed`: a plain npx outside the checkout asks the npm registry for a
 * package named `edshed`, which anyone could publish (README, "On a fresh machine").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/consumer-dir.js';

/** The files a person reads or whose strings the CLI prints. */
function shown(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return [
    join(ROOT, 'README.md'),
    ...['docs', 'cli', 'scripts', 'bin', 'sandbox'].flatMap((dir) => walk(join(ROOT, dir))),
  ].filter((path) => /\.(md|ts|tsx|mjs|cjs)$/.test(path));
}

/** `npx`, its own options, then `edshed`: the options are the first group. */
const NPX_EDSHED = /\bnpx((?: -[^\s`'"]+)*) edshed\b/g;

it('says npx --offline edshed wherever it says npx edshed', () => {
  const plain: string[] = [];
  let seen = 0;
  for (const path of shown()) {
    for (const [text, options = ''] of readFileSync(path, 'utf8').matchAll(NPX_EDSHED)) {
      seen += 1;
      if (!options.split(' ').includes('--offline')) plain.push(`${relative(ROOT, path)}: ${text}`);
    }
  }
  expect(plain).toEqual([]);
  expect(seen).toBeGreaterThan(10);
});
