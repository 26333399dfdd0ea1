import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The project's issue tracker is not in the repository, so a comment or a test name that cites an issue
// number tells a newcomer nothing: each says what or why in its own words. Only comments and test names
// are read, never strings or code, so this file holds itself to the rule with no exception: its examples
// below are plain strings.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The source trees: everything but dependencies, builds and the site's static files. */
const TREES = ['core', 'cli', 'sandbox', 'web/src', 'bench', 'scripts', 'tests', '.ci'];

const SCRIPT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/**
 * The word issue (or issues, any case) and a number, or a number after `#` in brackets; not the verb
 * ("issues 32-byte tokens"), and not another project's tracker named by its repository
 * ("max-mapper/csv-spectrum issues 20 and 22"), a reference anyone can follow.
 */
const CITATION = /(?<![\w.-]+\/[\w.-]+ )\bissues? #?\d+(?![\w-])|\(#\d+\)/i;

/** The calls whose first argument is a test's or a suite's name, however chained (`it.each(rows)('%s')`). */
const TEST_CALLS = new Set(['describe', 'suite', 'it', 'test', 'bench']);

interface Text {
  line: number;
  text: string;
}

/** The name a call is rooted at: `describe` for `describe.each(rows)(...)`. */
function rootName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return rootName(expression.expression);
  if (ts.isCallExpression(expression)) return rootName(expression.expression);
  return undefined;
}

/** Every comment and every test name of a TypeScript or JavaScript file, with the line each starts on. */
function scriptTexts(path: string, source: string): Text[] {
  const kind = /\.(?:tsx|jsx)$/.test(path) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, kind);
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const comments = new Map<number, Text>();
  const names: Text[] = [];
  const addComments = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? [])
      comments.set(range.pos, { line: lineOf(range.pos), text: source.slice(range.pos, range.end) });
  };
  const visit = (node: ts.Node) => {
    // A comment is the trivia before or after some token; tokens include the closing braces that end a block.
    if (node.kind < ts.SyntaxKind.FirstNode || node.kind === ts.SyntaxKind.EndOfFileToken) {
      addComments(ts.getLeadingCommentRanges(source, node.pos));
      addComments(ts.getTrailingCommentRanges(source, node.end));
    }
    if (ts.isCallExpression(node) && TEST_CALLS.has(rootName(node.expression) ?? '')) {
      const name = node.arguments[0];
      if (
        name &&
        (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) || ts.isTemplateExpression(name))
      ) {
        names.push({ line: lineOf(name.getStart(file)), text: name.getText(file) });
      }
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...comments.values(), ...names];
}

/** The comments of a shell script: from a `#` at the start of a word to the end of the line. */
function shellTexts(source: string): Text[] {
  return source.split('\n').flatMap((text, i) => {
    const at = text.search(/(?:^|\s)#/);
    return at < 0 ? [] : [{ line: i + 1, text: text.slice(at) }];
  });
}

/** The files scanned, relative to the root: scripts anywhere in the trees, and the extensionless shell scripts of .ci/. */
function sourceFiles(): string[] {
  return TREES.flatMap((tree) =>
    readdirSync(`${ROOT}${tree}`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules'))
      .map((entry) => `${entry.parentPath}/${entry.name}`.slice(ROOT.length))
      .filter((path) => SCRIPT.test(path) || (path.startsWith('.ci/') && !path.includes('.', 4))),
  );
}

/** `file:line: text` for every comment or test name of a file that cites an issue number. */
function citations(path: string, source: string): string[] {
  const texts = SCRIPT.test(path) ? scriptTexts(path, source) : shellTexts(source);
  return texts.flatMap(({ line, text }) =>
    text.split('\n').flatMap((part, i) => (CITATION.test(part) ? [`${path}:${line + i}: ${part.trim()}`] : [])),
  );
}

describe('comments and test names say what or why, not which issue', () => {
  const files = sourceFiles();

  it('reads the real trees, this file included (a check of nothing would pass)', () => {
    expect(files.length).toBeGreaterThan(900);
    expect(files).toContain('tests/core/architecture/no-issue-numbers.test.ts');
    expect(files).toContain('.ci/run');
  });

  it('finds no comment or test name citing an issue number', () => {
    const found = files.flatMap((path) => citations(path, readFileSync(`${ROOT}${path}`, 'utf8')));
    expect(found).toEqual([]);
  });

  it('names the file and line of a citation in a comment, a JSDoc block, a test name or a shell comment', () => {
    const source = [
      'const a = 1;',
      '// Issue 18: a raw path',
      '/**',
      ' * Proof (issue 19).',
      ' */',
      "it('works (#12)', () => {",
      '  run();',
      '  // the last line of a block, issues 8 and 19',
      '});',
    ].join('\n');
    expect(citations('x.ts', source)).toEqual([
      'x.ts:2: // Issue 18: a raw path',
      'x.ts:4: * Proof (issue 19).',
      'x.ts:8: // the last line of a block, issues 8 and 19',
      "x.ts:6: 'works (#12)'",
    ]);
    expect(citations('.ci/run', 'set -e\necho ok # issue 4\n')).toEqual(['.ci/run:2: # issue 4']);
  });

  it("leaves the verb, another project's tracker and plain strings alone", () => {
    const source = [
      "it('issues 32-byte tokens', () => {});",
      '// max-mapper/csv-spectrum issues 20 and 22, pull request 23',
      "const message = 'issue 8';",
    ].join('\n');
    expect(citations('y.ts', source)).toEqual([]);
  });
});
