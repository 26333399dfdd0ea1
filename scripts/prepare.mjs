// npm's prepare step (`npm install`, `npm ci`, and whenever npm installs this checkout as a dependency,
// which `npx --offline edshed` in the checkout does): builds dist/ unless it was built from the sources there are
// now (scripts/build-inputs.mjs says why that matters). `npm run build` always rebuilds.
// `--check` builds nothing: exit 0 when dist/ is fresh, else 1 with what to run.
import { fileURLToPath } from 'node:url';
import { distIsFresh } from './build-inputs.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const fresh = distIsFresh(root);
if (process.argv.includes('--check')) {
  console.error(
    fresh ? 'dist/ is up to date with the sources' : 'dist/ is missing or older than the sources: run `npm run build`',
  );
  process.exitCode = fresh ? 0 : 1;
} else if (fresh) {
  console.error('dist/ is up to date with the sources: not rebuilt (`npm run build` rebuilds it)');
} else {
  await import('./build.mjs');
}
