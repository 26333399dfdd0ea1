// Bundles the CLI with rolldown, as CommonJS: code-split so each command loads only what it needs, but with
// the modules of a one-off API call in two chunks. Each module a command loads costs start-up time of its
// own (about 0.15 ms of CPU, more in wall time), and esbuild, splitting by which entry points reach a
// module, cut `edshed api GET users/me` into 45 chunks. Rolldown's code-splitting groups put them together.
//
// CommonJS, not ES modules, for start-up: Node 20 resolves and links a CommonJS module for less than an ES
// one, and its compiled code can be cached (cli/startup/compile-cache.ts; Node 20 has no cache for ES modules):
// `schools show 1` 140 -> 107 ms, `node -e 0` 56 ms (bench/README.md). Ink and React cannot be bundled
// into CommonJS (Yoga and Ink's reconciler await at their top level), so the drawing views are a
// separate ES build (buildDrawing below) that the CommonJS chunks import().
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { rolldown } from 'rolldown';
import { minifyDrawingChunk, yogaWithoutFetch } from './drawing-chunk.mjs';
import { tableModulesPlugin } from './table-modules.mjs';

/**
 * What every command but --version runs (the program, and `edshed endpoints`, benchmarked for cold start
 * too), and what a one-off API call adds (the factory's lazy parts, `api`, the generated commands): two
 * chunks, so `edshed endpoints` does not load the client.
 */
const PROGRAM = ['cli/main.ts', 'cli/commands/endpoints/list.ts'];
const API_CALL = [
  'cli/config/store.ts',
  'cli/config/paths.ts',
  'cli/config/connection.ts',
  'core/api/client.ts',
  'cli/http/http-fetch.ts',
  'cli/commands/api/call.ts',
  'cli/commands/generated/command.ts',
  'cli/commands/generated/run.ts',
];

/**
 * What the built CLI leaves to be installed beside it: package.json's runtime `dependencies` (and optional
 * ones), which are exactly the packages the built package loads at run time, the library in dist/core
 * included. Every other package it imports (commander, chalk, csv-stringify, env-paths, Ink, React, stemmer: devDependencies)
 * is bundled in, so an install of the package does not fetch them. Ink and React are bundled into the
 * drawing views' ES build, which only the drawing commands load (bulk progress, the dashboards): unbundled,
 * importing Ink resolves and parses ~150 modules, 0.9 s on this machine, six times `node -e 0`
 * (bench/dash-first-frame). React's production build: NODE_ENV below. env-paths is an ES module only,
 * which the CommonJS build would have to require() (Node 20 gives its default export as the namespace's
 * `default`, which the bundler's interop does not look for): bundled, it is plain code.
 * BUNDLED are runtime dependencies the CLI bundles all the same: zod, which the library (dist/core) loads
 * from the install, and the CLI carries in its chunks, trimmed (englishZodLocalesOnly below), for start-up.
 */
const BUNDLED = ['zod'];
/** Ink's optional debugger (loaded with DEV=true only), not installed. */
const NOT_INSTALLED = ['react-devtools-core'];

/**
 * zod re-exports all of its ~60 message locales as a namespace (`z.locales`), which stops the bundler
 * from leaving them out: two thirds of the bundled zod. We use only the default English messages
 * (applied by zod's schemas module itself), so the CLI bundle gets a `locales` namespace holding English alone.
 */
const englishZodLocalesOnly = {
  name: 'english-zod-locales-only',
  resolveId: (source, importer) =>
    source.endsWith('/locales/index.js') && importer?.includes('/node_modules/zod/') ? '\0zod-locales-en' : undefined,
  load: (id) => (id === '\0zod-locales-en' ? "export { default as en } from 'zod/v4/locales/en.js';" : undefined),
};

/**
 * `import process from 'node:process'` in chalk (its supports-color, in the program chunk) makes Node build
 * the module's ES facade, which reads every property of `process`, among them `stdin`, `stdout` and
 * `stderr`: Node makes each stream when first read, so every command paid for all three at start-up,
 * stdin included (a stream over the file, pipe or terminal). Chalk reads the global instead, the same
 * object (its default import only: a named one would fail the build here). Ink's chunks, which use stdin
 * anyway, keep theirs.
 */
const processGlobal = {
  name: 'process-global',
  resolveId: (source, importer) =>
    source === 'node:process' || source === 'process'
      ? importer?.includes('/node_modules/chalk/')
        ? '\0process-global'
        : { id: 'node:process', external: true }
      : undefined,
  load: (id) => (id === '\0process-global' ? 'export default globalThis.process;' : undefined),
};

/**
 * Commander requires `node:child_process` when it loads, for the executable subcommands (`git-style`
 * commands in files of their own) that it spawns, which the CLI has none of: loading it costs every
 * command about 1.4 ms of CPU. The bundle requires it when a subcommand is spawned.
 */
const COMMANDER = '/node_modules/commander/lib/command.js';
const REQUIRES_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const commanderSpawnsLazily = {
  name: 'commander-spawns-lazily',
  transform(code, id) {
    if (!id.endsWith(COMMANDER)) return undefined;
    if (!code.includes(REQUIRES_CHILD_PROCESS))
      throw new Error(`${COMMANDER}: no "${REQUIRES_CHILD_PROCESS}" found; check how this commander spawns`);
    const lazy = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
    return { code: code.replace(REQUIRES_CHILD_PROCESS, lazy), map: null };
  },
};

/**
 * Sorts the start-up path's modules once the graph is known: the static imports of each group's files,
 * stopping at zod and the table's code (a one-off call loads those only when it needs them, and must go
 * on doing so). A module of the program is not also one of the API call's.
 */
function startUpPlugin(root, groups) {
  const stop = (id) =>
    id.includes('/node_modules/zod/') ||
    (id.startsWith(`${root}core/endpoints/`) && !/\/(define|request-shape)\.ts$/.test(id));
  return {
    name: 'edshed-start-up-path',
    buildEnd() {
      const taken = new Set();
      const visit = (id, into) => {
        const info = this.getModuleInfo(id);
        if (taken.has(id) || stop(id) || info === null || info.isExternal) return;
        taken.add(id);
        into.add(id);
        for (const imported of info.importedIds) visit(imported, into);
      };
      for (const [files, into] of groups) for (const file of files) visit(`${root}${file}`, into);
    },
  };
}

/**
 * The drawing views (Ink, React, Yoga), built apart as ES modules into dist/cli/drawing/: the CommonJS
 * chunks load them with import(), each named here by its source, from the chunk's own directory.
 */
const DRAWING = {
  'ink-dash': 'cli/ui/dash/ink-dash.tsx',
  'ink-reporter': 'cli/ui/bulk-progress/ink-reporter.tsx',
  'ink-review': 'cli/ui/reconcile-review/ink-review.tsx',
};
const DRAWING_DIR = 'drawing';
/** The drawing view an import names (`../ui/dash/ink-dash.js`: 'ink-dash'), if it names one. */
const drawingView = (source) =>
  Object.keys(DRAWING).find((name) => source.endsWith(DRAWING[name].replace(/^cli\//, '').replace(/\.tsx$/, '.js')));
const DRAWING_ID = /import\("edshed-drawing:([\w-]+)"\)/g;
/** What marks a chunk that import()s for the compile cache, which leaves it to Node (NOT_CACHED in cli/startup/own-compile-cache.ts). */
const NOT_CACHED = 'edshed: compiled by Node, not cached: it imports ES modules';

/**
 * In the CommonJS build, the drawing views are external: `import('../ui/dash/ink-dash.js')` stays an
 * import() of the ES build's file, resolved against the importing chunk's directory (a bare relative
 * import() in CommonJS would resolve against the same place, but this does not depend on how the
 * compile cache's scripts resolve one). Such a chunk is marked for the compile cache to leave it to Node.
 */
const drawingExternal = {
  name: 'edshed-drawing-external',
  resolveId(source) {
    const name = drawingView(source);
    return name === undefined ? undefined : { id: `edshed-drawing:${name}`, external: true };
  },
  renderChunk(code, chunk) {
    if (!code.includes('edshed-drawing:')) return undefined;
    const up = chunk.fileName
      .split('/')
      .slice(1)
      .map(() => '..');
    // On the first line, before the code (no line added: the chunk's source map still holds).
    return {
      code: `/* ${NOT_CACHED} */${code}`.replace(
        DRAWING_ID,
        (_m, name) =>
          `import(require("node:url").pathToFileURL(require("node:path").join(__dirname, ${JSON.stringify([...up, DRAWING_DIR, `${name}.js`].join('/'))})).href)`,
      ),
      map: null,
    };
  },
};

/**
 * Fails the build on an import() in a CommonJS chunk the compile cache would compile: that code would have
 * no import() (cli/startup/own-compile-cache.ts, NOT_CACHED). Lines of comments (JSDoc's `import("x").Type`) are not code.
 */
export const importsMarked = {
  name: 'edshed-imports-marked',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || chunk.code.startsWith(`/* ${NOT_CACHED} */`)) continue;
      const line = chunk.code.split('\n').find((text) => /\bimport\(/.test(text) && !/^\s*(\*|\/\/|\/\*)/.test(text));
      if (line !== undefined)
        throw new Error(
          `${chunk.fileName}: import() in a chunk the compile cache compiles, which has no import(): ${line.trim().slice(0, 120)}`,
        );
    }
  },
};

/**
 * Builds the drawing views into dist/cli/drawing/ as ES modules, with Ink, React and Yoga bundled in
 * (unbundled, importing Ink resolves and parses ~150 modules, 0.9 s on this machine) and minified.
 */
async function buildDrawing({ root, external }) {
  const bundle = await rolldown({
    cwd: root,
    input: DRAWING,
    platform: 'node',
    external,
    transform: { define: { 'process.env.NODE_ENV': '"production"' }, jsx: 'react-jsx', target: 'node20.19' },
    plugins: [yogaWithoutFetch],
    logLevel: 'warn',
  });
  await bundle.write({
    dir: `${root}dist/cli/${DRAWING_DIR}`,
    format: 'es',
    sourcemap: true,
    plugins: [minifyDrawingChunk],
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  });
  await bundle.close();
}

/**
 * The sandbox's API reference page draws with Redoc's standalone bundle (sandbox/server/docs.ts), one file
 * of the `redoc` package, copied here with its licence notices so an install needs no redoc (88 packages).
 * REDOC_FROM_CHUNK is where the chunk serving it (in dist/cli/chunks/) finds it.
 */
const REDOC_FILES = ['bundles/redoc.standalone.js', 'bundles/redoc.standalone.js.LICENSE.txt', 'LICENSE'];
const REDOC_DIR = 'redoc';
const REDOC_FROM_CHUNK = `../${REDOC_DIR}/redoc.standalone.js`;

async function copyRedoc(root) {
  const redoc = dirname(createRequire(`${root}package.json`).resolve('redoc/package.json'));
  await mkdir(`${root}dist/cli/${REDOC_DIR}`, { recursive: true });
  for (const file of REDOC_FILES)
    await copyFile(`${redoc}/${file}`, `${root}dist/cli/${REDOC_DIR}/${file.split('/').pop()}`);
}

/**
 * Builds dist/cli from cli/edshed.ts (and the compile cache's loader, cli/startup/compile-cache.ts), as CommonJS,
 * and the drawing views beside it.
 *
 * @example
 * await buildCli({ pkg, endpoints: ENDPOINTS, root: '/path/to/repo/' });
 */
export async function buildCli({ pkg, endpoints, root }) {
  const installed = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})];
  const external = [...installed.filter((name) => !BUNDLED.includes(name)), ...NOT_INSTALLED];
  const program = new Set();
  const apiCall = new Set();
  const isExternal = (id) =>
    (id.startsWith('node:') && id !== 'node:process') ||
    external.some((name) => id === name || id.startsWith(`${name}/`));
  const bundle = await rolldown({
    cwd: root,
    input: { edshed: 'cli/edshed.ts', 'compile-cache': 'cli/startup/compile-cache.ts' },
    platform: 'node',
    external: isExternal,
    transform: {
      define: {
        __EDSHED_VERSION__: JSON.stringify(pkg.version),
        __EDSHED_REDOC__: JSON.stringify(REDOC_FROM_CHUNK),
        'process.env.NODE_ENV': '"production"',
      },
      jsx: 'react-jsx',
      target: 'node20.19',
    },
    plugins: [
      drawingExternal,
      englishZodLocalesOnly,
      processGlobal,
      commanderSpawnsLazily,
      tableModulesPlugin(endpoints),
      startUpPlugin(root, [
        [PROGRAM, program],
        [API_CALL, apiCall],
      ]),
    ],
    logLevel: 'warn',
    // Commands import the factory's parts statically too; that they stay lazy for the others is not a fault.
    checks: { ineffectiveDynamicImport: false },
  });
  await bundle.write({
    dir: `${root}dist/cli`,
    format: 'cjs',
    sourcemap: true,
    plugins: [importsMarked],
    // The package is "type": "module": CommonJS files are .cjs.
    entryFileNames: '[name].cjs',
    chunkFileNames: 'chunks/[name]-[hash].cjs',
    codeSplitting: {
      groups: [
        { name: 'program', test: (id) => program.has(id) },
        { name: 'api-call', test: (id) => apiCall.has(id) },
      ],
    },
  });
  await bundle.close();
  await buildDrawing({ root, external: (id) => id === 'node:process' || isExternal(id) });
  await copyRedoc(root);
}
