/**
 * A cache of V8's compiled code for the built CLI's own files, so that a one-off command does not parse
 * and compile the same half megabyte of JavaScript on every run (10-16 ms of `edshed schools show 1`'s
 * 110, bench/README.md). Node 22.1 and later have this built in (`module.enableCompileCache()`); Node 20
 * has no cache for ES modules and, for CommonJS, only the `cachedData` of `vm.Script`, which this uses on
 * every Node line alike (the CLI is built as CommonJS for it, scripts/build-cli.mjs).
 *
 * Where: `$XDG_CACHE_HOME/edshed/compile-cache` (else `~/.cache/edshed/...`), a directory per Node version,
 * per copy of the CLI and per Node options (V8 refuses code cached under other flags), one file per module
 * named after the module, its length and a CRC-32 of its source, so a changed module is compiled afresh
 * (V8 itself checks only the source's length) and its old code removed. Each file holds a CRC-32 of the
 * code it carries, checked before V8 sees it: V8 trusts cached code, and crashes on a damaged file.
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off, as it does Node's own.
 *
 * It never fails a command: a cache that cannot be read or written is the same as none. It is used only
 * where no other user can write (directories the user owns, not writable by group or others, no symbolic
 * links): V8 runs whatever code it is given. Not used on Windows (no owners to check), nor when Node
 * maps stack traces through source maps (`--enable-source-maps`), which Node does only for what it
 * compiles itself.
 *
 * It imports Node's modules only: it runs before any module of the CLI is loaded.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * Marks a built module that Node must compile itself (scripts/build-cli.mjs writes it into the chunks that
 * import() the drawing views, and fails the build on an import() in any other): a script compiled with
 * `vm.Script` has no `import()` unless given Node's loader (`vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER`,
 * experimental, which warns when used, and which Node 20 loses in functions restored from the cache).
 */
export const NOT_CACHED = 'edshed: compiled by Node, not cached: it imports ES modules';

/** The names of the cache's files: a module's code, and one being written. Nothing else there is ever removed. */
const ENTRY = /^[\w.+-]+@\d+-[0-9a-f]{8}\.v8$/;
const WRITING = /^[\w.+-]+@\d+-[0-9a-f]{8}\.v8\.\d+\.tmp$/;

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

const hex = (value: number): string => value.toString(16).padStart(8, '0');

/**
 * The cache's directory for the CLI built into `distDir` on this Node with these options (`execArgv`, and
 * NODE_OPTIONS in `env`), or undefined when turned off or where there is no user to own it (Windows).
 *
 * @example
 * compileCacheDir('/opt/edshed/dist/cli', { XDG_CACHE_HOME: '/home/jane/.cache' }) // '/home/jane/.cache/edshed/compile-cache/v20.20.2-x64-5e0c3b2a'
 */
export function compileCacheDir(distDir: string, env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE || process.getuid === undefined || !(env.XDG_CACHE_HOME || env.HOME)) return undefined;
  const tag = hex(crc32([distDir, ...execArgv, env.NODE_OPTIONS ?? ''].join('\0')));
  return join(cacheRoot(env), 'edshed', 'compile-cache', `${process.version}-${process.arch}-${tag}`);
}

/**
 * The base of the user's caches: `$XDG_CACHE_HOME`, else `$HOME/.cache` (with neither, no cache: a
 * container's user may have no home at all, and asking the system for it throws).
 */
function cacheRoot(env: NodeJS.ProcessEnv): string {
  return env.XDG_CACHE_HOME || join(env.HOME ?? '', '.cache');
}

/** The cache file's name for a module: its path in the build, its length and the CRC-32 of its source. */
function entryName(distDir: string, filename: string, content: string): string {
  return `${relative(distDir, filename).split(sep).join('+')}@${content.length}-${hex(crc32(content))}.v8`;
}

/**
 * Whether code may be taken from the directory: each of the cache's own directories (`edshed/` and below)
 * either not made yet or a real directory of the user's that no one else may write into, under a base
 * that others may not rename things in (theirs or root's, not writable by group or others, or sticky like
 * /tmp).
 */
function trusted(dir: string, root: string): boolean {
  const uid = process.getuid?.();
  const ours = relative(root, dir).split(sep);
  const chain = ours.map((_, i) => join(root, ...ours.slice(0, i + 1)));
  try {
    const base = lstatSync(root);
    if (!base.isDirectory() || (base.uid !== uid && base.uid !== 0) || ((base.mode & 0o022) !== 0 && (base.mode & 0o1000) === 0)) return false;
  } catch {
    return true; // nothing there yet: made 0700 when written
  }
  for (const path of chain) {
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      return true;
    }
    if (!stats.isDirectory() || stats.uid !== uid || (stats.mode & 0o022) !== 0) return false;
  }
  return true;
}

/** A cache file's code, when its CRC-32 holds (a file cut short or damaged is no code). */
function cachedCode(file: string): Buffer | undefined {
  try {
    const bytes = readFileSync(file);
    const code = bytes.subarray(4);
    return bytes.length > 4 && bytes.readUInt32LE(0) === crc32(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the code of the modules compiled in this run, and removes the entries of modules since changed or gone. */
function writeEntries(distDir: string, dir: string, compiled: readonly Compiled[]): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const { script, file } of compiled) {
      const code = script.createCachedData();
      const sum = Buffer.alloc(4);
      sum.writeUInt32LE(crc32(code));
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, Buffer.concat([sum, code]), { mode: 0o600 });
      renameSync(tmp, file); // whole or not at all, whatever another edshed is doing
    }
    for (const name of readdirSync(dir)) {
      if (WRITING.test(name)) {
        // Another run's file being written is left alone; one left by a run killed while writing is not.
        if (Date.now() - statSync(join(dir, name)).mtimeMs > 60_000) rmSync(join(dir, name), { force: true });
        continue;
      }
      if (!ENTRY.test(name)) continue;
      const module = join(distDir, name.replace(/@[^@]*$/, '').split('+').join(sep));
      let current: string | undefined;
      try {
        current = entryName(distDir, module, readFileSync(module, 'utf8'));
      } catch {
        current = undefined;
      }
      if (current !== name) rmSync(join(dir, name), { force: true });
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
 * modules load as Node loads them. Nothing here can fail the command: where the cache cannot be set up,
 * there is none.
 *
 * @example
 * installCompileCache(join(__dirname, '../dist/cli')); // bin/edshed.cjs
 */
export function installCompileCache(distDir: string, env: NodeJS.ProcessEnv = process.env): void {
  let dir: string | undefined;
  try {
    dir = process.sourceMapsEnabled ? undefined : compileCacheDir(distDir, env);
    if (dir !== undefined && !trusted(dir, cacheRoot(env))) dir = undefined;
  } catch {
    dir = undefined; // a cache that cannot be set up is none
  }
  if (dir === undefined) return;
  const cacheDir = dir;
  const prototype = (Module as unknown as { prototype: CompilingModule }).prototype;
  const compile = prototype._compile;
  const compiled: Compiled[] = [];
  let missed = false;
  const within = distDir.endsWith(sep) ? distDir : `${distDir}${sep}`;
  prototype._compile = function compileCached(this: CompilingModule, content: string, filename: string, ...rest: unknown[]): unknown {
    if (!filename.startsWith(within) || !filename.endsWith('.cjs') || content.includes(NOT_CACHED)) return compile.call(this, content, filename, ...rest);
    const file = join(cacheDir, entryName(distDir, filename, content));
    const cachedData = cachedCode(file);
    const script = new Script(Module.wrap(content), { filename, cachedData });
    compiled.push({ script, file });
    if (cachedData === undefined || script.cachedDataRejected === true) missed = true;
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: CompilingModule, filename: string, dirname: string) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  process.once('exit', () => {
    if (missed) writeEntries(distDir, cacheDir, compiled);
  });
}
