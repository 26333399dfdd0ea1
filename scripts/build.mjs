// Bundles the core library for scripts (esbuild) and, separately, the CLI (scripts/build-cli.mjs). Two
// builds, so the library's entry points do not split the CLI into extra chunks (every chunk is one more
// module to resolve at start-up).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildCli } from './build-cli.mjs';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });

const common = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { __EDSHED_VERSION__: JSON.stringify(pkg.version) },
};

// The library first: the CLI's modules of the table's data are generated from its table.
await build({
  ...common,
  entryPoints: { index: 'core/index.ts', node: 'core/node.ts' },
  outdir: 'dist/core',
  chunkNames: 'chunks/[name]-[hash]',
  packages: 'external',
});
const { ENDPOINTS } = await import(new URL('../dist/core/index.js', import.meta.url).href);
await buildCli({ pkg, endpoints: ENDPOINTS, root: fileURLToPath(new URL('../', import.meta.url)) });
// Type declarations for scripts that import the library (the bundles above carry no types).
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
// The resources site (web/), into dist/web: static files the preview server and any host can serve.
// Always React's production build, whatever NODE_ENV the caller has (vitest sets 'test', which Vite would
// pass on to the bundle as a development build of React).
process.env.NODE_ENV = 'production';
const { build: viteBuild } = await import('vite');
await viteBuild({ configFile: 'web/vite.config.ts', logLevel: 'warn' });
console.error(`built dist/ (edshed ${pkg.version}, and the site in dist/web)`);
