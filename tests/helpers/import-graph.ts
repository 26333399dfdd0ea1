import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One relative import of a source file, resolved to the file it names. */
export interface ImportEdge {
  readonly to: string;
  /** `import type { X }`, `import { type X }` only, `export type { X } from`: gone at run time. */
  readonly typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function typeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (clause === undefined) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/**
 * The relative imports between the TypeScript files under `dirs` (paths relative to `root`), parsed
 * by TypeScript itself; imports of packages and of files outside `dirs` are left out.
 */
export function importGraph(root: string, dirs: readonly string[]): ReadonlyMap<string, readonly ImportEdge[]> {
  const files = dirs.flatMap((d) => sourceFiles(join(root, d)));
  const known = new Set(files);
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const edges: ImportEdge[] = [];
    for (const s of source.statements) {
      if (!(ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) || s.moduleSpecifier === undefined || !ts.isStringLiteral(s.moduleSpecifier)) continue;
      const spec = s.moduleSpecifier.text;
      if (!spec.startsWith('.')) continue;
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => known.has(p));
      if (target !== undefined) edges.push({ to: relative(root, target), typeOnly: typeOnly(s) });
    }
    graph.set(relative(root, file), edges);
  }
  return graph;
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file (Tarjan's
 * algorithm), each a set of files that import one another round, largest first.
 */
export function importCycles(graph: ReadonlyMap<string, readonly ImportEdge[]>, follow: (edge: ImportEdge) => boolean): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const edge of graph.get(v) ?? []) {
      if (!follow(edge)) continue;
      const w = edge.to;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (;;) {
      const w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => b.length - a.length);
}
