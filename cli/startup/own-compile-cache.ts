/**
 * The CLI's own cache of V8's compiled code, for a Node that has none built in (Node 20: no cache for ES
 * modules and, for CommonJS, only the `cachedData` of `vm.Script`, which this uses; the CLI is built as
 * CommonJS for it, scripts/build-cli.mjs). `compile-cache.ts` chooses it only where `module.enableCompileCache`
 * is missing, and gives it a directory `cache-dir.ts` has checked.
 *
 * One file per module, named after the module, its length and a CRC-32 of its source, so a changed module
 * is compiled afresh (V8 itself checks only the source's length) and its old code removed. Each file holds a
 * CRC-32 of the code it carries, checked before V8 sees it: V8 trusts cached code, and crashes on a damaged
 * file. Pruning reads only modules of the build and removes only the cache's own files. Not used when Node
 * maps stack traces through source maps (`--enable-source-maps`), which Node does only for what it
 * compiles itself. It never fails a command: a cache that cannot be read or written is the same as none.
 *
 * It imports Node's modules only: it runs before any module of the CLI is loaded.
 */
import { lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';
import { hex } from './cache-dir.js';

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

/** The cache file's name for a module: its path in the build, its length and the CRC-32 of its source. */
function entryName(distDir: string, filename: string, content: string): string {
  return `${relative(distDir, filename).split(sep).join('+')}@${content.length}-${hex(crc32(content))}.v8`;
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
      const module = resolve(
        distDir,
        name
          .replace(/@[^@]*$/, '')
          .split('+')
          .join(sep),
      );
      let current: string | undefined;
      try {
        current = module.startsWith(`${distDir}${sep}`)
          ? entryName(distDir, module, readFileSync(module, 'utf8'))
          : undefined;
      } catch {
        current = undefined;
      }
      if (current !== name) rmSync(join(dir, name), { force: true });
    }
    // The directories of other Node versions, copies and options, unwritten for a month, go too.
    const all = dirname(dir);
    for (const name of readdirSync(all)) {
      const other = join(all, name);
      if (other !== dir && DIRECTORY.test(name) && Date.now() - lstatSync(other).mtimeMs > UNUSED_DAYS * 86_400_000)
        rmSync(other, { recursive: true, force: true });
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
 * installOwnCompileCache('/opt/edshed/dist/cli', privateCacheDir('/opt/edshed/dist/cli') ?? ''); // compile-cache.ts
 */
export function installOwnCompileCache(distDir: string, cacheDir: string): boolean {
  if (process.sourceMapsEnabled) return false;
  const prototype = (Module as unknown as { prototype: CompilingModule }).prototype;
  const compile = prototype._compile;
  const compiled: Compiled[] = [];
  let missed = false;
  const within = distDir.endsWith(sep) ? distDir : `${distDir}${sep}`;
  prototype._compile = function compileCached(
    this: CompilingModule,
    content: string,
    filename: string,
    ...rest: unknown[]
  ): unknown {
    if (!filename.startsWith(within) || !filename.endsWith('.cjs') || content.includes(NOT_CACHED))
      return compile.call(this, content, filename, ...rest);
    const file = join(cacheDir, entryName(distDir, filename, content));
    const cachedData = cachedCode(file);
    const script = new Script(Module.wrap(content), { filename, cachedData });
    compiled.push({ script, file });
    if (cachedData === undefined || script.cachedDataRejected === true) missed = true;
    const wrapper = script.runInThisContext() as (
      exports: unknown,
      require: NodeJS.Require,
      module: CompilingModule,
      filename: string,
      dirname: string,
    ) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  process.once('exit', () => {
    if (missed) writeEntries(distDir, cacheDir, compiled);
  });
  return true;
}
