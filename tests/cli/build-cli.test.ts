import { describe, expect, it } from 'vitest';
import { importsMarked } from '../../scripts/build-cli.mjs';
import type { OutputEntry } from '../../scripts/drawing-chunk.mjs';
import { NOT_CACHED } from '../../cli/startup/own-compile-cache.js';

// The compile cache compiles the CLI's chunks with vm.Script, which has no import(); the build
// fails on one in a chunk not marked for Node to compile itself (cli/startup/own-compile-cache.ts, NOT_CACHED).
const chunk = (fileName: string, code: string): OutputEntry => ({
  type: 'chunk',
  fileName,
  moduleIds: [`/repo/cli/${fileName}.ts`],
  code,
  map: null,
});

describe('the CommonJS build (scripts/build-cli.mjs)', () => {
  it('fails on an import() in a chunk the compile cache would compile, naming the chunk and the line', () => {
    const bundle = { 'a.cjs': chunk('chunks/a.cjs', 'const x = 1;\n\tconst m = await import("./view.js");\n') };
    expect(() => importsMarked.generateBundle({}, bundle)).toThrow(
      /chunks\/a\.cjs: import\(\) in a chunk the compile cache compiles.*const m = await import\("\.\/view\.js"\)/,
    );
  });

  it('takes an import() in a marked chunk, and JSDoc\'s import("x").Type in comments', () => {
    const bundle = {
      'marked.cjs': chunk('chunks/marked.cjs', `/* ${NOT_CACHED} */const load = () => import("./view.js");\n`),
      'typedef.cjs': chunk(
        'chunks/typedef.cjs',
        '/**\n\t* @typedef { import("./argument.js").Argument } Argument\n\t*/\n// see import("x")\nconst y = 2;\n',
      ),
    };
    expect(() => importsMarked.generateBundle({}, bundle)).not.toThrow();
  });
});
