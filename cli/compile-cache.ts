/**
 * A cache of V8's compiled code for the built CLI's own files, so that a one-off command does not parse
 * and compile the same half megabyte of JavaScript on every run: about a third of what `edshed schools
 * show 1` spends over `node -e 0` (bench/README.md). Node 22.1 and later have this built in
 * (`module.enableCompileCache()`); Node 20 has no cache for ES modules and, for CommonJS, only the
 * `cachedData` of `vm.Script`, which this uses on every Node line alike (the CLI is built as CommonJS for it,
 * scripts/build-cli.mjs).
 *
 * Where: `$XDG_CACHE_HOME/edshed/compile-cache` (else `~/.cache/edshed/...`), a directory per Node
 * version and per installed copy of the CLI, one file per module, named after the module with its size
 * and modification time, so a rebuilt module is compiled afresh (V8 itself checks only the source's
 * length) and its old code removed. `NODE_DISABLE_COMPILE_CACHE=1` turns it off, as it does Node's own.
 * It never fails a command: a cache that cannot be read or written is the same as none, and one that
 * another user could write into is not used.
 *
 * It imports Node's modules only: it runs before any module of the CLI is loaded.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';

/**
 * Marks a built module that Node must compile itself (scripts/build-cli.mjs writes it into the chunks that
 * import() the drawing views): on Node 20, a function restored from V8's cache loses what `import()`
 * needs ("A dynamic import callback was not specified"), which Node 22 mended.
 */
export const NOT_CACHED = 'edshed: compiled by Node, not cached: it imports ES modules';

/** The part of Node's CommonJS module this replaces for the CLI's files (not in @types/node). */
interface CompilingModule {
  exports: unknown;
  _compile(this: CompilingModule, content: string, filename: string, ...rest: unknown[]): unknown;
}

/** A module compiled in this run, and the cache file its code goes to. */
interface Compiled {
  readonly script: Script;
  readonly file: string;
}

/** A short, stable name for a directory (FNV-1a of its path): two copies of the CLI do not share a cache. */
function pathTag(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i += 1) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * The cache's directory for the CLI built into `distDir` on this Node, or undefined when turned off.
 *
 * @example
 * compileCacheDir('/opt/edshed/dist/cli', { XDG_CACHE_HOME: '/home/jane/.cache' }) // '/home/jane/.cache/edshed/compile-cache/v20.20.2-x64-1kz2v0a'
 */
export function compileCacheDir(distDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const root = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(root, 'edshed', 'compile-cache', `${process.version}-${process.arch}-${pathTag(distDir)}`);
}

/** The cache file's name for a module: its path in the build, its size and modification time. */
function entryName(distDir: string, filename: string): string | undefined {
  try {
    const { size, mtimeMs } = statSync(filename);
    return `${relative(distDir, filename).split(sep).join('+')}@${size}-${Math.trunc(mtimeMs)}.v8`;
  } catch {
    return undefined;
  }
}

/**
 * Whether code may be taken from the directory: none yet (it is made 0700), or one of the user's own that
 * no one else may write into. V8 runs cached code as it finds it, so a cache others could write (a shared
 * $XDG_CACHE_HOME) would run their code.
 */
function trusted(dir: string): boolean {
  try {
    const { uid, mode } = statSync(dir);
    return (process.getuid === undefined || uid === process.getuid()) && (mode & 0o022) === 0;
  } catch {
    return true;
  }
}

/** Writes the code of the modules compiled in this run, and removes the entries of modules since rebuilt or gone. */
function writeEntries(distDir: string, dir: string, compiled: readonly Compiled[]): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const { script, file } of compiled) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, file); // whole or not at all, whatever another edshed is doing
    }
    for (const name of readdirSync(dir)) {
      // Another run's file being written is left alone; one left by a run killed while writing is not.
      if (name.endsWith('.tmp') && Date.now() - statSync(join(dir, name)).mtimeMs < 60_000) continue;
      const module = name.replace(/@[^@]*$/, '').split('+').join(sep);
      if (!name.endsWith('.v8') || entryName(distDir, join(distDir, module)) !== name) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // A cache that cannot be written is no cache: the command has done its work.
  }
}

/**
 * Compiles the CLI's own CommonJS files (those under `distDir`) with V8's cached code when there is some.
 * A run that compiled one of them without (a command run for the first time since the CLI was built)
 * writes the code of every module it loaded when the process ends: with the functions the run compiled,
 * so a module shared by all commands (the program, the API client) holds what each of them runs, not only
 * what the first command run happened to (a cache of the client written by `whoami` left `schools show`
 * compiling a tenth of its time). Writing costs about 5 ms, once per new way through the CLI. Other
 * modules load as Node loads them.
 *
 * @example
 * installCompileCache(join(__dirname, '../dist/cli')); // bin/edshed.cjs
 */
export function installCompileCache(distDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const dir = compileCacheDir(distDir, env);
  if (dir === undefined || !trusted(dir)) return;
  const prototype = (Module as unknown as { prototype: CompilingModule }).prototype;
  const compile = prototype._compile;
  const compiled: Compiled[] = [];
  let missed = false;
  const within = distDir.endsWith(sep) ? distDir : `${distDir}${sep}`;
  prototype._compile = function compileCached(this: CompilingModule, content: string, filename: string, ...rest: unknown[]): unknown {
    const name = filename.startsWith(within) && filename.endsWith('.cjs') && !content.includes(NOT_CACHED) ? entryName(distDir, filename) : undefined;
    if (name === undefined) return compile.call(this, content, filename, ...rest);
    const file = join(dir, name);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    const script = new Script(Module.wrap(content), { filename, cachedData });
    compiled.push({ script, file });
    if (cachedData === undefined || script.cachedDataRejected === true) missed = true;
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: CompilingModule, filename: string, dirname: string) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  process.once('exit', () => {
    if (missed) writeEntries(distDir, dir, compiled);
  });
}
