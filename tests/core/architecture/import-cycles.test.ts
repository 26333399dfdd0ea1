import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type ImportEdge } from '../../helpers/import-graph.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const graph = importGraph(ROOT, ['core', 'cli', 'sandbox']);

const edge = (to: string, kind: 'static' | 'type' | 'dynamic'): ImportEdge => ({
  to,
  typeOnly: kind === 'type',
  dynamic: kind === 'dynamic',
});

describe('import cycles in core/, cli/ and sandbox/ (none of more than 5 files)', () => {
  it('reads the real graph (a check of nothing would pass)', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('sandbox/db/database.ts')?.map((e) => e.to)).toContain('sandbox/db/migrations/index.ts');
  });

  it('reads import() calls and type imports written anywhere in a file', () => {
    // The list of curated commands loads each one with import() inside a function.
    expect(graph.get('cli/commands/index.ts')).toContainEqual(edge('cli/commands/auth/login.ts', 'dynamic'));
    expect(graph.get('cli/commands/auth/login.ts')).toContainEqual(edge('cli/commands/define.ts', 'type'));
  });

  it('finds a cycle where there is one, through type imports and import() too', () => {
    const looped = new Map([
      ['a.ts', [edge('b.ts', 'static')]],
      ['b.ts', [edge('c.ts', 'type')]],
      ['c.ts', [edge('a.ts', 'dynamic')]],
      ['d.ts', [edge('a.ts', 'static')]],
    ]);
    expect(importCycles(looped, () => true)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(looped, (e) => !e.typeOnly)).toEqual([]);
    expect(importCycles(looped, (e) => !e.dynamic)).toEqual([]);
  });

  it('has no cycle at run time: no module is evaluated before a module it imports', () => {
    // An import() runs after its importer has been evaluated, so only declarations that stay in the build count here.
    expect(importCycles(graph, (e) => !e.typeOnly && !e.dynamic)).toEqual([]);
  });

  it('cli/bulk/ imports no command: the commands register with cli/bulk/registry.ts', () => {
    const reaching = [...graph].flatMap(([from, edges]) =>
      from.startsWith('cli/bulk/')
        ? edges.filter((e) => e.to.startsWith('cli/commands/')).map((e) => `${from} -> ${e.to}`)
        : [],
    );
    expect(reaching).toEqual([]);
  });

  it('has no cycle of more than 5 files counting type imports and import()', () => {
    const long = importCycles(graph, () => true).filter((c) => c.length > 5);
    expect(long).toEqual([]);
  });
});
