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
 * where no other user can write (its directories made 0700 before anything is read, and used only when
 * they are the user's, not writable by others, not symbolic links): V8 runs whatever code it is given, and
 * a directory another user made first, even while a command runs, would let them choose it. Pruning reads
 * only modules of the build and removes only the cache's own files. Not used on Windows (no owners to check), nor when Node
 * maps stack traces through source maps (`--enable-source-maps`), which Node does only for what it
 * compiles itself.
 *
 * It imports Node's modules only: it runs before any module of the CLI is loaded.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
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
/** A directory of the cache (one Node, one copy of the CLI, one set of options), and how long one unwritten is kept. */
const DIRECTORY = /^v\d+\.\d+\.\d+-\w+-[0-9a-f]{8}$/;
const UNUSED_DAYS = 30;

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
  if (env.NODE_DISABLE_COMPILE_CACHE || process.getuid === undefined) return undefined;
  const root = cacheRoot(env);
  if (root === undefined) return undefined;
  const tag = hex(crc32([distDir, ...execArgv, env.NODE_OPTIONS ?? ''].join('\0')));
  return join(root, 'edshed', 'compile-cache', `${process.version}-${process.arch}-${tag}`);
}

/**
 * The base of the user's caches: `$XDG_CACHE_HOME`, else `$HOME/.cache`, each only when an absolute path
 * (the XDG spec says to ignore a relative one); with neither, no cache (a container's user may have no
 * home at all, and asking the system for it throws).
 */
function cacheRoot(env: NodeJS.ProcessEnv): string | undefined {
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return env.XDG_CACHE_HOME;
  return env.HOME && isAbsolute(env.HOME) ? join(env.HOME, '.cache') : undefined;
}

/** The cache file's name for a module: its path in the build, its length and the CRC-32 of its source. */
function entryName(distDir: string, filename: string, content: string): string {
  return `${relative(distDir, filename).split(sep).join('+')}@${content.length}-${hex(crc32(content))}.v8`;
}

/**
 * Makes the cache's directories (`edshed/` and below, each 0700) and answers whether code may be taken
 * from them and written there: each a real directory of the user's that no one else may write into, under
 * a base others may not rename things in (the user's, or root's and not writable by others unless sticky,
 * like /tmp). Made before anything is read, and checked once made: a directory another user made first,
 * or could still replace, is not used (they could plant code for V8 to run, or links to write through).
 *
 * @example
 * ownDirectory('/home/jane/.cache/edshed/compile-cache/v20.20.2-x64-5e0c3b2a', '/home/jane/.cache') // true
 */
export function ownDirectory(dir: string, root: string, uid: number | undefined = process.getuid?.()): boolean {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const base = statSync(root); // the user's own link to their cache is followed
  if (!base.isDirectory() || (base.uid !== uid && base.uid !== 0) || (base.uid !== uid && (base.mode & 0o022) !== 0 && (base.mode & 0o1000) === 0)) return false;
  const levels = relative(root, dir).split(sep);
  for (let i = 1; i <= levels.length; i += 1) {
    const path = join(root, ...levels.slice(0, i));
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const stats = lstatSync(path);
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

/**
 * Writes the code of the modules compiled in this run, and removes the entries of modules since changed or
 * gone, and the cache's other directories not written for a month (another Node's, a removed copy's).
 */
function writeEntries(distDir: string, dir: string, compiled: readonly Compiled[]): void {
  try {
    for (const { script, file } of compiled) {
      const code = script.createCachedData();
      const sum = Buffer.alloc(4);
      sum.writeUInt32LE(crc32(code));
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, Buffer.concat([sum, code]), { mode: 0o600, flag: 'wx' }); // a new file, never through a link
      renameSync(tmp, file); // whole or not at all, whatever another edshed is doing
    }
    for (const name of readdirSync(dir)) {
      if (WRITING.test(name)) {
        // Another run's file being written is left alone; one left by a run killed while writing is not.
        if (Date.now() - statSync(join(dir, name)).mtimeMs > 60_000) rmSync(join(dir, name), { force: true });
        continue;
      }
      if (!ENTRY.test(name)) continue;
      const module = resolve(distDir, name.replace(/@[^@]*$/, '').split('+').join(sep));
      let current: string | undefined;
      try {
        current = module.startsWith(`${distDir}${sep}`) ? entryName(distDir, module, readFileSync(module, 'utf8')) : undefined;
      } catch {
        current = undefined;
      }
      if (current !== name) rmSync(join(dir, name), { force: true });
    }
    // The directories of other Node versions, copies and options, unwritten for a month, go too.
    const all = dirname(dir);
    for (const name of readdirSync(all)) {
      const other = join(all, name);
      if (other !== dir && DIRECTORY.test(name) && Date.now() - lstatSync(other).mtimeMs > UNUSED_DAYS * 86_400_000) rmSync(other, { recursive: true, force: true });
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
    const root = cacheRoot(env);
    if (dir !== undefined && (root === undefined || !ownDirectory(dir, root))) dir = undefined;
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
