import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/helpers/file-order.js';

/**
 * Tests under tests/cli and tests/core that run what `npm run build` makes (the `edshed` binary, or the
 * package's dist/ as a script imports it): the e2e project's, not the unit project's.
 */
const NEED_BUILD = [
  'tests/cli/binary.test.ts',
  'tests/cli/help-binary.test.ts',
  'tests/cli/sandbox-start.test.ts',
  'tests/core/node-consumer.test.ts',
  'tests/core/package-types.test.ts',
];

/**
 * Unit tests about what a module decides when it is first loaded: Ink reads CI once, at import, so a
 * test that a view draws on a terminal with CI set (`edshed dash`, the bulk progress frames) must be the
 * first in its process to load Ink. In the
 * shared module cache of the unit project another file may have loaded it already (CI sets CI=true), so
 * these run isolated, in their own project, which `npm run test:unit` runs too.
 */
const FIRST_LOAD = ['tests/cli/dash/ink-terminal.test.ts', 'tests/cli/ui/bulk-progress-reporter.test.ts'];

/**
 * Four projects, each runnable alone (`npm run test:unit`, `test:sandbox`, `test:e2e`, `test:web`):
 * - unit: core and CLI in process (fakes, an in-process sandbox), nothing built;
 * - sandbox: the sandbox server and its database;
 * - e2e: the built binary and package (a sandbox process, the CLI's terminal views in tmux, the README,
 *   the OpenAPI document checked by tools no one here wrote);
 * - web: the built site in a browser (Chromium).
 * `npm test` type-checks, lints and checks the formatting, builds, then runs all four.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // A minute: a test that checks the whole table in process (the role matrix) took 7.5 s with the
    // machine to itself and over 20 s in CI's Node 24 stage, four workers sharing 2 cores. A hang still ends.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four workers on the 2-core machines the suite runs on: its files wait on subprocesses, the browser
    // and the network part of the time, and a worker runs while another waits. Measured on a fresh clone's
    // order (CI=true, no earlier durations): with three, at most three files ran at once for 264 s of a
    // 447 s run and fewer for the rest; with four, 434 s (1.68 cores busy, every test passing). Before:
    // two took a third less time than one, three 496 s against two's 553 s in CI (bench/README.md).
    maxWorkers: 4,
    // The longest files first, the short unit files last (tests/helpers/file-order.ts): vitest's own
    // order on a fresh clone started the browser tests last (498 s -> 451-475 s with three workers).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Unit and sandbox files share their worker's module cache (isolate: false): each file re-importing
      // core, the table and the sandbox was most of their time (unit: 304 s with isolation, 100 s
      // without, import 199 s -> 50 s, same load, every test passing). Their tests restore what they
      // change (env, timers); the e2e and web files run processes and browsers and stay isolated.
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: ['tests/core/**/*.test.ts', 'tests/cli/**/*.test.{ts,tsx}'],
          exclude: [...NEED_BUILD, ...FIRST_LOAD],
        },
      },
      { extends: true, test: { name: 'unit-first-load', include: FIRST_LOAD } },
      { extends: true, test: { name: 'sandbox', isolate: false, include: ['tests/sandbox/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/readme/**/*.test.ts', 'tests/openapi/**/*.test.ts', ...NEED_BUILD],
        },
      },
      { extends: true, test: { name: 'web', include: ['tests/web/**/*.test.{ts,tsx}'] } },
    ],
  },
});
