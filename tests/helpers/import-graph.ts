import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One relative import of a source file, resolved to the file it names. */
export interface ImportEdge {
  readonly to: string;
  /**
   * `import type { X }`, `import { type X }` only, `export type { X } from`, a type `import('./x.js')`:
   * gone at run time.
   */
  readonly typeOnly: boolean;
  /** `await import('./x.js')`: loaded when it runs, after the importing module has been evaluated. */
  readonly dynamic: boolean;
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
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/**
 * The relative imports between the TypeScript files under `dirs` (paths relative to `root`), parsed
 * by TypeScript itself: declarations, `import()` calls and type `import()`s; imports of packages and
 * of files outside `dirs` are left out.
 *
 * @example
 * const graph = importGraph(ROOT, ['core', 'cli']);
 * graph.get('cli/main.ts'); // [{ to: 'cli/factory/factory.ts', typeOnly: true, dynamic: false }, ...]
 */
export function importGraph(root: string, dirs: readonly string[]): ReadonlyMap<string, readonly ImportEdge[]> {
  const files = dirs.flatMap((d) => sourceFiles(join(root, d)));
  const known = new Set(files);
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const edges: ImportEdge[] = [];
    const add = (specifier: ts.Expression | undefined, kind: Omit<ImportEdge, 'to'>): void => {
      if (specifier === undefined || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
      const base = resolve(dirname(file), specifier.text).replace(/\.js$/, '');
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => known.has(p));
      if (target !== undefined) edges.push({ to: relative(root, target), ...kind });
    };
    // Every import is an edge, wherever it is written: a lazy `import()` inside a function, or a type
    // `import('./x.js').X`, ties the files together as surely as a declaration at the top does.
    const walk = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
        add(node.moduleSpecifier, { typeOnly: typeOnly(node), dynamic: false });
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node.arguments[0], { typeOnly: false, dynamic: true });
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
        add(node.argument.literal, { typeOnly: true, dynamic: false });
      ts.forEachChild(node, walk);
    };
    walk(source);
    graph.set(relative(root, file), edges);
  }
  return graph;
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file (Tarjan's
 * algorithm), each a set of files that import one another round, largest first.
 */
export function importCycles(
  graph: ReadonlyMap<string, readonly ImportEdge[]>,
  follow: (edge: ImportEdge) => boolean,
): string[][] {
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
