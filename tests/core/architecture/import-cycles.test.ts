import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../helpers/import-graph.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const graph = importGraph(ROOT, ['core', 'cli', 'sandbox']);

describe('import cycles in core/, cli/ and sandbox/ (none of more than 5 files)', () => {
  it('reads the real graph (a check of nothing would pass)', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('sandbox/db/database.ts')?.map((e) => e.to)).toContain('sandbox/db/migrations/index.ts');
  });

  it('finds a cycle where there is one', () => {
    const looped = new Map([
      ['a.ts', [{ to: 'b.ts', typeOnly: false }]],
      ['b.ts', [{ to: 'c.ts', typeOnly: true }]],
      ['c.ts', [{ to: 'a.ts', typeOnly: false }]],
      ['d.ts', [{ to: 'a.ts', typeOnly: false }]],
    ]);
    expect(importCycles(looped, () => true)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(looped, (e) => !e.typeOnly)).toEqual([]);
  });

  it('has no cycle at run time: no module is evaluated before a module it imports', () => {
    expect(importCycles(graph, (e) => !e.typeOnly)).toEqual([]);
  });

  it('has no cycle of more than 5 files counting type imports', () => {
    const long = importCycles(graph, () => true).filter((c) => c.length > 5);
    expect(long).toEqual([]);
  });
});
