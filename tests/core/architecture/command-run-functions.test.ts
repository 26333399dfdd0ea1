import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A curated command's logic lives in an exported run function that bulk runs, dashboards and tests call
// directly; its `.action()` only reads commander's arguments and options into the run function's options
// (checking them, so a bad flag is exit 2 before anything runs) and calls it. The files are parsed, not
// searched with patterns, so a comment or a string that mentions `.action(` proves nothing either way.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMMANDS = join(ROOT, 'cli/commands');

/** How many statements an action may hold: reading the options, a check or two, the call. */
const MAX_STATEMENTS = 10;

/** A run function: `runSnapshotDelete`, `runDash`, not `run` or `runner`. */
const RUN_NAME = /^run[A-Z]/;

/** The table's commands: one definition for every entry, whose action gathers the input from the entry's flags. */
const GENERATED = 'cli/commands/generated/';

/**
 * What is wrong with each `.action()` of a source file, as `line: problem`; none when every action is thin
 * and calls a run function the file exports or imports.
 *
 * @example
 * actionProblems('x.ts', "cmd.action(async () => { await runX(c); });") // ['1: calls runX, which the file neither exports nor imports']
 */
function actionProblems(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const exported = new Set<string>();
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) imported.add(element.name.text);
    }
    const isExported =
      ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (isExported && ts.isFunctionDeclaration(statement) && statement.name) exported.add(statement.name.text);
  }
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'action'
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      problems.push(...callbackProblems(node.arguments[0], exported, imported).map((problem) => `${line}: ${problem}`));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function callbackProblems(
  callback: ts.Expression | undefined,
  exported: ReadonlySet<string>,
  imported: ReadonlySet<string>,
): string[] {
  if (callback === undefined || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)))
    return ['the action is not an inline function'];
  const statements = ts.isBlock(callback.body) ? callback.body.statements.length : 1;
  const called: string[] = [];
  // Destructured dynamic imports (`const { runApply } = await import(...)`) name the function too.
  const dynamic = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      if (name !== undefined && RUN_NAME.test(name)) called.push(name);
    }
    if (ts.isBindingElement(node) && ts.isIdentifier(node.name)) dynamic.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(callback.body);
  const problems: string[] = [];
  if (statements > MAX_STATEMENTS)
    problems.push(
      `the action holds ${statements} statements (at most ${MAX_STATEMENTS}): move the logic into a run function`,
    );
  if (called.length === 0) problems.push('the action calls no run function (runXxx)');
  for (const name of called) {
    if (!exported.has(name) && !imported.has(name) && !dynamic.has(name))
      problems.push(`calls ${name}, which the file neither exports nor imports`);
  }
  return problems;
}

function commandFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return commandFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('curated commands keep their logic in run functions', () => {
  const files = commandFiles(COMMANDS).map((path) => ({
    name: relative(ROOT, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('finds the commands', () => {
    expect(files.filter((file) => file.text.includes('.action(')).length).toBeGreaterThan(30);
  });

  it('every action reads its options and calls an exported or imported run function', () => {
    const problems = files
      .filter((file) => !file.name.startsWith(GENERATED))
      .flatMap((file) => actionProblems(file.name, file.text).map((p) => `${file.name}:${p}`));
    expect(problems).toEqual([]);
  });

  it('flags an action holding its logic, and one calling a run function it hides', () => {
    const fat = `cmd.action(async () => {\n${'  c.io.stderr.write("x");\n'.repeat(MAX_STATEMENTS + 1)}});`;
    expect(actionProblems('fat.ts', fat)).toEqual([
      `1: the action holds ${MAX_STATEMENTS + 1} statements (at most ${MAX_STATEMENTS}): move the logic into a run function`,
      '1: the action calls no run function (runXxx)',
    ]);
    expect(actionProblems('hidden.ts', 'async function runX() {}\ncmd.action(async () => { await runX(); });')).toEqual(
      ['2: calls runX, which the file neither exports nor imports'],
    );
    expect(
      actionProblems('thin.ts', 'export async function runX() {}\ncmd.action(async () => { await runX(); });'),
    ).toEqual([]);
    // A mention in a comment or a string is no action.
    expect(actionProblems('words.ts', '// cmd.action(() => {})\nconst s = "cmd.action(x)";')).toEqual([]);
  });
});
