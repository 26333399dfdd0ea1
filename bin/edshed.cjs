#!/usr/bin/env node
// Launcher for the built CLI. Kept tiny: `edshed --version` must start about as fast as `node` itself.
// CommonJS, as the CLI is built (scripts/build-cli.mjs), so that the CLI's compiled code can be cached
// between runs (cli/compile-cache.ts), set up here before any of it loads, and so that a command does not
// start Node's ES module loader at all.
'use strict';
const { join } = require('node:path');

require('../dist/cli/compile-cache.cjs').installCompileCache(join(__dirname, '../dist/cli'));
const { main } = require('../dist/cli/edshed.cjs');

// A reader that stops early (`edshed --help | head -1`) is not an error of ours.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
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
