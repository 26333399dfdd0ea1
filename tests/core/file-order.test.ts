import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer } from '../helpers/file-order.js';

const ROOT = '/repo';

/** A test file of a project as the sequencer sees it, with its size (vitest's order within a project on a fresh clone). */
function spec(project: string, path: string, size: number): TestSpecification {
  const isolate = project !== 'unit' && project !== 'sandbox';
  return {
    moduleId: `${ROOT}/${path}`,
    project: { name: project, config: { root: ROOT, isolate, sequence: { groupOrder: 0 } } },
    size,
  } as unknown as TestSpecification;
}

/** Vitest's context as the base sequencer reads it: no earlier run's durations, each file's size. */
const fresh = (files: TestSpecification[]): Vitest =>
  ({
    config: { root: ROOT },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({
        size: (files.find((f) => key.endsWith(f.moduleId.slice(ROOT.length + 1))) as unknown as { size: number }).size,
      }),
    },
  }) as unknown as Vitest;

describe('the order test files start in', () => {
  it('starts the longest files first, then web, e2e, sandbox and unit, larger files first within a project', async () => {
    const files = [
      spec('unit', 'tests/core/a.test.ts', 900),
      spec('sandbox', 'tests/sandbox/reply-conformance.test.ts', 10),
      spec('e2e', 'tests/e2e/small.test.ts', 10),
      spec('web', 'tests/web/routes.test.ts', 5),
      spec('unit-first-load', 'tests/cli/dash/ink-terminal.test.ts', 50),
      spec('e2e', 'tests/e2e/big.test.ts', 500),
      spec('web', 'tests/web/search.test.ts', 300),
      spec('e2e', 'tests/e2e/reconcile.test.ts', 20),
      spec('sandbox', 'tests/sandbox/server.test.ts', 400),
    ];
    const sorted = await new LongestFirstSequencer(fresh(files)).sort(files);
    expect(sorted.map((f) => f.moduleId.slice(ROOT.length + 1))).toEqual([
      'tests/sandbox/reply-conformance.test.ts',
      'tests/e2e/reconcile.test.ts',
      'tests/web/routes.test.ts',
      'tests/web/search.test.ts',
      'tests/e2e/big.test.ts',
      'tests/e2e/small.test.ts',
      'tests/sandbox/server.test.ts',
      'tests/cli/dash/ink-terminal.test.ts',
      'tests/core/a.test.ts',
    ]);
  });
});
