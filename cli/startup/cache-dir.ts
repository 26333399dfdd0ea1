/**
 * Where V8's compiled code of the built CLI is kept, whichever cache keeps it (Node's own or the CLI's):
 * `$XDG_CACHE_HOME/edshed/compile-cache` (else `~/.cache/edshed/...`), a directory per Node version, per
 * copy of the CLI and per Node options (V8 refuses code cached under other flags). `NODE_DISABLE_COMPILE_CACHE=1`
 * turns it off, as it does Node's own.
 *
 * It is used only where no other user can write (its directories made 0700 before anything is read, and
 * used only when they are the user's, not writable by others, not symbolic links): V8 runs whatever code it
 * is given, and a directory another user made first, even while a command runs, would let them choose it.
 * Not on Windows (no owners to check).
 *
 * It imports Node's modules only: it runs before any module of the CLI is loaded.
 */
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { crc32 } from 'node:zlib';

/** A CRC-32 as 8 hex digits. */
export const hex = (value: number): string => value.toString(16).padStart(8, '0');

/**
 * The cache's directory for the CLI built into `distDir` on this Node with these options (`execArgv`, and
 * NODE_OPTIONS in `env`), or undefined when turned off or where there is no user to own it (Windows).
 *
 * @example
 * compileCacheDir('/opt/edshed/dist/cli', { XDG_CACHE_HOME: '/home/jane/.cache' }) // '/home/jane/.cache/edshed/compile-cache/v20.20.2-x64-5e0c3b2a'
 */
export function compileCacheDir(
  distDir: string,
  env: NodeJS.ProcessEnv = process.env,
  execArgv: readonly string[] = process.execArgv,
): string | undefined {
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
  if (
    !base.isDirectory() ||
    (base.uid !== uid && base.uid !== 0) ||
    (base.uid !== uid && (base.mode & 0o022) !== 0 && (base.mode & 0o1000) === 0)
  )
    return false;
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

/**
 * The cache's directory for the CLI built into `distDir`, made and checked as `ownDirectory` does, or
 * undefined where there is none to use (turned off, no home, another user's, or anything failing).
 *
 * @example
 * privateCacheDir('/opt/edshed/dist/cli') // '/home/jane/.cache/edshed/compile-cache/v22.12.0-x64-5e0c3b2a'
 */
export function privateCacheDir(distDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const dir = compileCacheDir(distDir, env);
    const root = cacheRoot(env);
    return dir !== undefined && root !== undefined && ownDirectory(dir, root) ? dir : undefined;
  } catch {
    return undefined; // a cache that cannot be set up is none
  }
}
