// Bundles the CLI (code-split so each command loads only what it needs) and, separately, the core
// library for scripts. Two builds, so the library's entry points do not split the CLI into extra chunks
// (every chunk is one more module to resolve at start-up).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

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

/**
 * zod re-exports all of its ~60 message locales as a namespace (`z.locales`), which stops the bundler
 * from leaving them out: two thirds of the bundled zod that every API command parses at start-up. We
 * use only the default English messages (applied by zod's schemas module itself), so the CLI bundle
 * gets a `locales` namespace holding English alone.
 */
const englishZodLocalesOnly = {
  name: 'english-zod-locales-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes('/node_modules/zod/') ? { path: 'zod-locales-en', namespace: 'edshed' } : undefined,
    );
    build.onLoad({ filter: /^zod-locales-en$/, namespace: 'edshed' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: process.cwd(),
    }));
  },
};

await Promise.all([
  build({
    ...common,
    entryPoints: { edshed: 'cli/edshed.ts' },
    outdir: 'dist/cli',
    chunkNames: 'chunks/[name]-[hash]',
    // Dependencies stay external (installed beside us), except commander, chalk and zod: bundled, commander
    // loads in half the time of the CommonJS package, which every command's cold start pays, and zod in one
    // file instead of a dozen modules (a one-off API command: 3.4x -> 2.8x node -e 0, bench/one-off).
    // Ink and React are bundled too, into chunks that only the drawing commands load (bulk progress, the
    // dashboards): unbundled, importing Ink resolves and parses ~150 modules, 0.9 s on this machine, six
    // times `node -e 0`; bundled, 0.2 s (bench/dash-first-frame). React's production build: NODE_ENV below.
    // react-devtools-core is Ink's optional debugger (DEV=true), not installed.
    external: [...Object.keys(pkg.dependencies).filter((name) => !['commander', 'chalk', 'zod', 'ink', 'react'].includes(name)), 'react-devtools-core'],
    define: { ...common.define, 'process.env.NODE_ENV': '"production"' },
    plugins: [englishZodLocalesOnly],
    banner: { js: "import { createRequire as __edshedRequire } from 'node:module'; const require = __edshedRequire(import.meta.url);" },
  }),
  build({
    ...common,
    entryPoints: { index: 'core/index.ts', node: 'core/node.ts' },
    outdir: 'dist/core',
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
  }),
]);
// Type declarations for scripts that import the library (the bundles above carry no types).
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
// The resources site (web/), into dist/web: static files the preview server and any host can serve.
const { build: viteBuild } = await import('vite');
await viteBuild({ configFile: 'web/vite.config.ts', logLevel: 'warn' });
console.error(`built dist/ (edshed ${pkg.version}, and the site in dist/web)`);
