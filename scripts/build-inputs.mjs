// What the build reads, as one digest: dist/ records the digest it was built from (dist/.inputs), so
// `npm`'s prepare step can tell a fresh dist/ from a stale one. Why it matters: npm runs the package's
// prepare script again whenever the checkout is installed as a dependency, and `npx --offline edshed` in the
// checkout does exactly that (it links the checkout into npx's cache). A rebuild clears dist/ first, so a
// sandbox or command running from it at that moment (the README's `npm start` in another terminal)
// would lose its modules mid-run.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders and files under the package root that the build reads. */
export const BUILD_INPUTS = [
  'bin',
  'cli',
  'core',
  'sandbox',
  'scripts',
  'web',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** Where dist/ keeps the digest of the inputs it was built from. */
export const STAMP = join('dist', '.inputs');

function* filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  const entries = readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* filesUnder(root, child);
    } else if (entry.isFile()) yield child;
  }
}

/**
 * A SHA-256 of every input's path and content, in a fixed order (the same tree gives the same digest
 * on any machine).
 *
 * @example
 * inputsDigest('/home/me/edshed') // '3f1c…'
 */
export function inputsDigest(root) {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? filesUnder(root, input) : [input];
    for (const file of files) {
      hash.update(relative(root, join(root, file)).split(sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when dist/ was built from exactly the inputs there are now. */
export function distIsFresh(root) {
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === inputsDigest(root);
}

/** Records `digest` (taken when the build started) as what dist/ was built from: the build's last step. */
export function stampDist(root, digest) {
  writeFileSync(join(root, STAMP), `${digest}\n`);
}
