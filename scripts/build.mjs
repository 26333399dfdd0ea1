// Bundles the CLI (code-split so each command loads only what it needs) and the core library for scripts.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { 'cli/edshed': 'cli/edshed.ts', 'core/index': 'core/index.ts', 'core/node': 'core/node.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __EDSHED_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
console.error(`built dist/ (edshed ${pkg.version})`);
