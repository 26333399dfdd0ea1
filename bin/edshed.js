#!/usr/bin/env node
// Launcher for the built CLI. Kept tiny: `edshed --version` must start about as fast as `node` itself.
import { main } from '../dist/cli/edshed.js';

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
