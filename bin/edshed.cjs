#!/usr/bin/env node
// Launcher for the built CLI. Kept tiny: `edshed --version` must start about as fast as `node` itself.
// CommonJS, as the CLI is built (scripts/build-cli.mjs), so that the CLI's compiled code can be cached
// between runs (cli/startup/compile-cache.ts), set up here before any of it loads, and so that a command does not
// start Node's ES module loader at all.
'use strict';
const { join } = require('node:path');

/** The built CLI's module, or a one-line way to build it when it is not there (a checkout not built, or built before this launcher). */
function built(name) {
  try {
    return require(`../dist/cli/${name}`);
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes(`dist/cli/${name}`)) throw error;
    process.stderr.write(
      `edshed: the CLI is not built (no dist/cli/${name}): run \`npm install\` (or \`npm run build\`) in ${join(__dirname, '..')}\n`,
    );
    process.exit(1);
  }
}

built('compile-cache.cjs').installCompileCache(join(__dirname, '../dist/cli'));
const { main } = built('edshed.cjs');

// A reader that stops early (`edshed --help | head -1`) is not an error of ours.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
// Nor is one that stops before the messages on stderr (`edshed ... 2>&1 | head -1`): the command ends as it would.
process.stderr.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`edshed: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
