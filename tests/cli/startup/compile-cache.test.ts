import Module from 'node:module';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileCacheDir } from '../../../cli/startup/cache-dir.js';
import { installCompileCache } from '../../../cli/startup/compile-cache.js';

// Which cache start-up takes, decided by what the running Node's `node:module` has: CI runs Node 20 (no
// `enableCompileCache`) and 22 and 24 (which have it), so both sides are held here with a stand-in module,
// whatever Node runs the test; tests/e2e/compile-cache.test.ts runs the launcher on the Node at hand.

type Compile = (...args: unknown[]) => unknown;
const prototype = (Module as unknown as { prototype: { _compile: Compile } }).prototype;
const compile = prototype._compile;
let base: string;

afterEach(() => {
  prototype._compile = compile; // the CLI's own cache replaces it for the rest of the process
  rmSync(base, { recursive: true, force: true });
});

function setUp(extra: Record<string, string> = {}): { distDir: string; env: NodeJS.ProcessEnv } {
  base = mkdtempSync(join(tmpdir(), 'edshed-startup-'));
  return { distDir: join(base, 'dist', 'cli'), env: { XDG_CACHE_HOME: join(base, 'cache'), ...extra } };
}

describe('installCompileCache', () => {
  it("takes Node's own cache where node:module has enableCompileCache, in the private directory, leaving the loader alone", () => {
    const { distDir, env } = setUp();
    const enableCompileCache = vi.fn(() => ({ status: 1 }));
    expect(installCompileCache(distDir, env, { enableCompileCache })).toBe('node');
    const dir = compileCacheDir(distDir, env) ?? '';
    expect(enableCompileCache.mock.calls).toEqual([[dir]]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(prototype._compile).toBe(compile);
  });

  it("takes the CLI's own cache where node:module has none (Node 20)", () => {
    const { distDir, env } = setUp();
    const maps = process.sourceMapsEnabled;
    process.setSourceMapsEnabled(false); // the own cache stands aside for source maps, which a test runner may turn on
    try {
      expect(installCompileCache(distDir, env, {})).toBe('own');
    } finally {
      process.setSourceMapsEnabled(maps);
    }
    expect(prototype._compile).not.toBe(compile);
  });

  it('takes none when turned off, or when Node throws, and never fails', () => {
    const { distDir, env } = setUp({ NODE_DISABLE_COMPILE_CACHE: '1' });
    const enableCompileCache = vi.fn();
    expect(installCompileCache(distDir, env, { enableCompileCache })).toBe('none');
    expect(installCompileCache(distDir, env, {})).toBe('none');
    expect(enableCompileCache).not.toHaveBeenCalled();
    const throwing = () => {
      throw new Error('no');
    };
    expect(
      installCompileCache(distDir, { XDG_CACHE_HOME: join(base, 'cache') }, { enableCompileCache: throwing }),
    ).toBe('none');
    expect(prototype._compile).toBe(compile);
  });
});
