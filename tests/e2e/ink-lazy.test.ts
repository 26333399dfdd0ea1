import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// DESIGN (CLI): Ink is loaded only by commands that draw; a plain command never imports React.
const DIST = fileURLToPath(new URL('../../dist/cli/', import.meta.url));
const DRAWS = /^(ink|react)(\/|$)/;

/** A built module's static imports (`import ... from "x"`, `import "x"`), not its `import("x")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["'];?$/gm)].map((m) => m[1] ?? '');
}

/** Every module a chunk loads before any of its code runs. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  for (const specifier of staticImports(file)) {
    const key = specifier.startsWith('.') ? join(file, '..', specifier) : specifier;
    if (seen.has(key)) continue;
    seen.add(key);
    if (specifier.startsWith('.')) closure(key, seen);
  }
  return seen;
}

/** Ink and React are bundled (scripts/build.mjs): their code is known by React's element tag and Ink's root node. */
const LIBRARY = /react\.transitional\.element|ink-root/;

/** The chunks that draw: those holding Ink or React, and every chunk that statically imports one. */
function drawingChunks(chunks: readonly string[]): string[] {
  const library = chunks.filter((file) => LIBRARY.test(readFileSync(file, 'utf8')));
  return chunks.filter((file) => library.includes(file) || [...closure(file)].some((s) => DRAWS.test(s) || library.includes(s)));
}

describe('Ink and React stay out of plain commands', () => {
  it('only the bulk progress view and the dashboards load them, and nothing loads those but dynamically', () => {
    const chunks = readdirSync(join(DIST, 'chunks')).filter((name) => name.endsWith('.js')).map((name) => join(DIST, 'chunks', name));
    const drawing = drawingChunks(chunks);
    // The bundler names a chunk after its first module and adds an 8-character hash (which may hold - or _).
    const library = drawing.filter((file) => LIBRARY.test(readFileSync(file, 'utf8')));
    const names = drawing.filter((file) => !library.includes(file)).map((file) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
    expect(names.sort()).toEqual(['ink-dash', 'ink-reporter']);
    expect(library).not.toEqual([]);
    for (const file of [join(DIST, 'edshed.js'), ...chunks.filter((f) => !drawing.includes(f))]) {
      expect([...closure(file)].filter((s) => DRAWS.test(s) || drawing.includes(s)), file).toEqual([]);
    }
  });

  describe('at run time', () => {
    let sandbox: SandboxProcess;
    beforeAll(async () => {
      sandbox = await startSignedInSandbox('superuser');
    });
    afterAll(async () => {
      await sandbox.stop();
    });

    it('`edshed invoices list` resolves no Ink or React module', async () => {
      const log = join(sandbox.dir, 'modules.log');
      const hooks = join(sandbox.dir, 'hooks.mjs');
      const register = join(sandbox.dir, 'register.mjs');
      writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) { appendFileSync(${JSON.stringify(log)}, specifier + '\\n'); return next(specifier, context); }\n`);
      writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`);
      const run = await execa(process.execPath, ['--import', register, BIN, 'invoices', 'list'], { reject: false, env: sandbox.env });
      expect(run.exitCode, String(run.stderr)).toBe(0);
      const resolved = readFileSync(log, 'utf8').split('\n');
      expect(resolved.some((s) => s.includes('chunks/'))).toBe(true);
      const drawing = drawingChunks(readdirSync(join(DIST, 'chunks')).filter((n) => n.endsWith('.js')).map((n) => join(DIST, 'chunks', n))).map((f) => f.replace(/^.*\//, ''));
      expect(resolved.filter((s) => DRAWS.test(s) || drawing.some((name) => s.endsWith(name)))).toEqual([]);
    });
  });
});
