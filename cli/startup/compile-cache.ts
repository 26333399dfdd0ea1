/**
 * Start-up's one door to a cache of V8's compiled code for the built CLI, so that a one-off command does
 * not parse and compile the same half megabyte of JavaScript on every run (10-16 ms of `edshed schools
 * show 1`'s 110, bench/README.md). Node 22.8 and later have one built in, `module.enableCompileCache()`,
 * which caches CommonJS and ES modules alike and checks each module's source itself: used wherever the
 * running Node has it. Only a Node without it (Node 20) gets the CLI's own, `own-compile-cache.ts`. Both
 * keep the code in the private directory of `cache-dir.ts`.
 *
 * It imports Node's modules only: it runs before any module of the CLI is loaded (bin/edshed.cjs).
 */
import Module from 'node:module';
import { privateCacheDir } from './cache-dir.js';
import { installOwnCompileCache } from './own-compile-cache.js';

/** The part of `node:module` that Node 22.8 and later have (22.1-22.7 had the cache only through NODE_COMPILE_CACHE; Node 20's types do not declare it). */
export interface NodeCompileCache {
  readonly enableCompileCache?: (directory?: string) => unknown;
}

/** Which cache a run got: Node's own, the CLI's own, or none (turned off, or no private directory). */
export type CompileCacheKind = 'node' | 'own' | 'none';

/**
 * Sets up the compile cache for the CLI built into `distDir`, before any of it loads: Node's own where
 * `node` (the running `node:module`) has `enableCompileCache`, the CLI's own otherwise. Never fails the
 * command: where the cache cannot be set up, there is none.
 *
 * @example
 * installCompileCache(join(__dirname, '../dist/cli')); // bin/edshed.cjs: 'node' on Node 22, 'own' on Node 20
 */
export function installCompileCache(
  distDir: string,
  env: NodeJS.ProcessEnv = process.env,
  node: NodeCompileCache = Module as NodeCompileCache,
): CompileCacheKind {
  const dir = privateCacheDir(distDir, env);
  if (dir === undefined) return 'none';
  if (typeof node.enableCompileCache === 'function') {
    try {
      // Node answers a failure in what it returns, never by throwing; a throw is taken as no cache all the same.
      node.enableCompileCache(dir);
      return 'node';
    } catch {
      return 'none';
    }
  }
  return installOwnCompileCache(distDir, dir) ? 'own' : 'none';
}
