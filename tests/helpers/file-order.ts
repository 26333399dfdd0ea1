import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest (40 to 110 s each with four workers, 2026-11-27: the README's every command,
 * a request for each of the 778 entries, statements reconciled, bulk runs killed and resumed, a browser
 * through every page), started first, longest first. On a fresh clone (as in CI) vitest has no earlier
 * durations and starts larger files first, and several of these are short files that loop: started
 * last, one ran on while the other workers had nothing left to do. `npm run bench -- test-time` prints
 * the longest files of its run; a file missing here only starts later.
 */
export const LONGEST_FILES: readonly string[] = [
  // An npm pack tarball installed globally: mostly one core compiling the SQLite addon, minutes long.
  'tests/e2e/pack-install.test.ts',
  'tests/readme/readme.test.ts',
  'tests/sandbox/reply-conformance.test.ts',
  'tests/e2e/reconcile.test.ts',
  'tests/e2e/bulk-reliability.test.ts',
  'tests/web/accessibility.test.ts',
  'tests/web/routes.test.ts',
  'tests/web/shell.test.ts',
  'tests/openapi/types.test.ts',
  'tests/web/images.test.ts',
];

/**
 * Then the projects, in the order their files start. Vitest's own order runs the projects by name (e2e,
 * sandbox, unit, web), so the browser tests, whose files are the longest (a sandbox, a preview server and
 * Chromium each), started last; the many short unit files go last instead, to fill in at the end.
 */
export const PROJECT_ORDER: readonly string[] = ['web', 'e2e', 'sandbox', 'unit-first-load', 'unit'];

/** Where a file starts: the longest files first, then by project; vitest's own order within a project. */
function rank(file: TestSpecification): number {
  const path = file.moduleId.slice(file.project.config.root.length + 1);
  const longest = LONGEST_FILES.indexOf(path);
  if (longest !== -1) return longest;
  const project = PROJECT_ORDER.indexOf(file.project.name);
  return LONGEST_FILES.length + (project === -1 ? PROJECT_ORDER.length : project);
}

/**
 * Vitest's sequencer (durations of an earlier run first, else file size, within a project) with the
 * longest files first and the projects in `PROJECT_ORDER`.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: vitest's order stays within each rank.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
