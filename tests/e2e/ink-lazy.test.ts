import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// DESIGN (CLI): Ink is loaded only by commands that draw; a plain command never imports React. The CLI is
// CommonJS; the two drawing views, with Ink and React, are an ES build of their own in dist/cli/drawing/
// (scripts/build-cli.mjs), which the CommonJS chunks reach only by import().
const DIST = fileURLToPath(new URL('../../dist/cli/', import.meta.url));
const DRAWING = join(DIST, 'drawing');
const DRAWS = /^(ink|react)(\/|$)/;

/** The CommonJS files of the build: the entries and their chunks. */
function commonJsFiles(): string[] {
  const chunks = readdirSync(join(DIST, 'chunks'))
    .filter((name) => name.endsWith('.cjs'))
    .map((name) => join(DIST, 'chunks', name));
  return [
    ...readdirSync(DIST)
      .filter((name) => name.endsWith('.cjs'))
      .map((name) => join(DIST, name)),
    ...chunks,
  ];
}

/** A built CommonJS module's requires at its top level (run when it loads), not those inside functions. */
function topLevelRequires(file: string): string[] {
  return [
    ...readFileSync(file, 'utf8').matchAll(/^(?:const|let|var) [\w$]+ = (?:[\w$.]+\()?require\("([^"]+)"\)/gm),
  ].map((m) => m[1] ?? '');
}

/** Every module a file loads before any of its code runs. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  for (const specifier of topLevelRequires(file)) {
    const key = specifier.startsWith('.') ? join(file, '..', specifier) : specifier;
    if (seen.has(key)) continue;
    seen.add(key);
    if (specifier.startsWith('.')) closure(key, seen);
  }
  return seen;
}

describe('Ink and React stay out of plain commands', () => {
  it('only the bulk progress view, the dashboards and the reconcile review load them, by import() of the drawing build', () => {
    const files = commonJsFiles();
    expect(files.length).toBeGreaterThan(50);
    // Ink and React are in the drawing build (known by React's element tag and Ink's root node), not in the CommonJS one.
    const library = /react\.transitional\.element|ink-root/;
    expect(
      readdirSync(DRAWING).filter(
        (name) => name.endsWith('.js') && library.test(readFileSync(join(DRAWING, name), 'utf8')),
      ),
    ).not.toEqual([]);
    expect(files.filter((file) => library.test(readFileSync(file, 'utf8')))).toEqual([]);
    for (const file of files)
      expect(
        [...closure(file)].filter((s) => DRAWS.test(s) || s.includes('/drawing/')),
        file,
      ).toEqual([]);
    // Each drawing view is named only by import() (in the chunk that loads it, whatever the bundler calls that chunk).
    const byImport =
      /import\(require\("node:url"\)\.pathToFileURL\(require\("node:path"\)\.join\(__dirname, "\.\.\/drawing\/(ink-[\w-]+)\.js"\)\)\.href\)/g;
    const texts = files.map((file) => readFileSync(file, 'utf8')).filter((text) => text.includes('../drawing/'));
    const named = texts.flatMap((text) => [...text.matchAll(byImport)].map((m) => m[1]));
    expect([...new Set(named)].sort()).toEqual(['ink-dash', 'ink-reporter', 'ink-review']);
    expect(texts.reduce((n, text) => n + (text.match(/\.\.\/drawing\//g)?.length ?? 0), 0)).toBe(named.length);
  });

  describe('at run time', () => {
    let sandbox: SandboxProcess;
    beforeAll(async () => {
      sandbox = await startSignedInSandbox('superuser');
    });
    afterAll(async () => {
      await sandbox.stop();
    });

    it('`edshed invoices list` loads no Ink or React module, CommonJS or ES', async () => {
      const log = join(sandbox.dir, 'modules.json');
      const esLog = join(sandbox.dir, 'es-modules.log');
      const preload = join(sandbox.dir, 'preload.cjs');
      const hooks = join(sandbox.dir, 'hooks.mjs');
      const register = join(sandbox.dir, 'register.mjs');
      writeFileSync(
        preload,
        `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(log)}, JSON.stringify(Object.keys(require.cache))));\n`,
      );
      writeFileSync(
        hooks,
        `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(esLog)}, url + '\\n'); return next(url, context); }\n`,
      );
      writeFileSync(
        register,
        `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
      );
      const run = await execa(process.execPath, ['--require', preload, '--import', register, BIN, 'invoices', 'list'], {
        reject: false,
        env: sandbox.env,
      });
      expect(run.exitCode, String(run.stderr)).toBe(0);
      const loaded = [
        ...(JSON.parse(readFileSync(log, 'utf8')) as string[]),
        ...readFileSync(esLog, 'utf8')
          .split('\n')
          .map((url) => url.replace(/^file:\/\//, '')),
      ];
      expect(loaded.some((file) => file.includes('/dist/cli/chunks/'))).toBe(true);
      expect(loaded.filter((file) => /\/node_modules\/(ink|react)\//.test(file) || file.startsWith(DRAWING))).toEqual(
        [],
      );
    });
  });
});
