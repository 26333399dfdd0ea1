#!/usr/bin/env node
// Launcher for the built CLI. Kept tiny: `edshed --version` must start about as fast as `node` itself.
import { main } from '../dist/cli/edshed.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`edshed: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
