import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCacheDir, ownDirectory } from '../../cli/startup/cache-dir.js';
import { NOT_CACHED } from '../../cli/startup/own-compile-cache.js';
import { isolatedEnv } from '../helpers/isolated-env.js';
import { ROOT } from '../helpers/consumer-dir.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// One-off start-up: the built CLI's compiled code is kept between runs (cli/startup/compile-cache.ts), by
// Node's own cache where the running Node has one (22.8 and later), by the CLI's own elsewhere (Node 20).
// These run a copy of the build (its bin/ and dist/, with the checkout's node_modules), so that one of
// its modules can be "rebuilt" without touching the build other tests run. The CLI's own cache is held on
// every Node: through a second launcher in the copy, the real one but for telling start-up that Node has
// no cache of its own.

let sandbox: SandboxProcess;
let copy: string;
let bin: string;
let launcher: string;
let distCli: string;

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
  copy = mkdtempSync(join(tmpdir(), 'edshed-compile-cache-'));
  cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist', 'cli'), join(copy, 'dist', 'cli'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  launcher = join(copy, 'bin', 'edshed.cjs');
  const call = "installCompileCache(join(__dirname, '../dist/cli'))";
  const text = readFileSync(launcher, 'utf8');
  expect(text).toContain(call);
  bin = join(copy, 'bin', 'edshed-own-cache.cjs');
  writeFileSync(bin, text.replace(call, "installCompileCache(join(__dirname, '../dist/cli'), process.env, {})"));
  distCli = join(copy, 'dist', 'cli');
});
afterAll(async () => {
  await sandbox.stop();
  rmSync(copy, { recursive: true, force: true });
});

/** A cache directory of its own for each test: the signed-in sandbox's environment with it. */
function envWithCache(name: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...sandbox.env, XDG_CACHE_HOME: join(sandbox.dir, `cache-${name}`), ...extra };
}

/** The cache directory of the binary run with `env` (added to this process's environment, as execa does) and no Node options. */
function cacheDirOf(env: Record<string, string>): string | undefined {
  return compileCacheDir(distCli, { ...process.env, ...env }, []);
}

async function edshed(args: readonly string[], env: Record<string, string>, through = bin) {
  const run = await execa(process.execPath, [through, ...args], { reject: false, env });
  expect(run.exitCode, String(run.stderr)).toBe(0);
  expect(run.stderr).toBe('');
  return run;
}

/** The cache's entries, each with its modification time. */
function entries(env: Record<string, string>): Map<string, number> {
  const dir = cacheDirOf(env) ?? '';
  return new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]));
}

describe('the launcher', () => {
  it("uses Node's own compile cache where the running Node has module.enableCompileCache, the CLI's own where not", async () => {
    const env = envWithCache('launcher');
    const first = await edshed(['whoami'], env, launcher);
    const dir = cacheDirOf(env) ?? '';
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const names = readdirSync(dir);
    const own = names.filter((name) => name.endsWith('.v8'));
    if (typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function') {
      // Node keeps its code in a directory of its own inside, and none of the CLI's own entries are written.
      expect(own).toEqual([]);
      expect(
        names.some((name) => statSync(join(dir, name)).isDirectory() && readdirSync(join(dir, name)).length > 0),
      ).toBe(true);
    } else {
      expect(own.some((name) => name.startsWith('edshed.cjs@'))).toBe(true);
    }
    expect((await edshed(['whoami'], env, launcher)).stdout).toBe(first.stdout);
  });
});

describe("the CLI's own compile cache", () => {
  it('is written by a first run, in a private directory, and read by the next without writing again', async () => {
    const env = envWithCache('first');
    const first = await edshed(['whoami'], env);
    const dir = cacheDirOf(env) ?? '';
    expect(
      dir.startsWith(join(env.XDG_CACHE_HOME ?? '', 'edshed', 'compile-cache', `${process.version}-${process.arch}-`)),
    ).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const written = entries(env);
    // The entry point and the program's chunk, named with their length and the CRC-32 of their source.
    const program = [...written.keys()].find((name) =>
      /^chunks\+program-[\w-]{8}\.cjs@\d+-[0-9a-f]{8}\.v8$/.test(name),
    );
    expect(program).toBeDefined();
    expect([...written.keys()].some((name) => /^edshed\.cjs@\d+-[0-9a-f]{8}\.v8$/.test(name))).toBe(true);
    for (const name of written.keys()) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    // The same answer from cached code, and nothing written: every module's code was in the cache and V8 took it
    // (a module compiled without, or code V8 refused, makes the run write the cache again).
    const second = await edshed(['whoami'], env);
    expect(second.stdout).toBe(first.stdout);
    expect(entries(env)).toEqual(written);
  });

  it('is written again, whole, by a run that loads a module not in it, so a shared module holds what each command ran', async () => {
    const env = envWithCache('second-command');
    await edshed(['whoami'], env);
    const before = entries(env);
    const show = await edshed(['schools', 'show', '1'], env);
    expect(show.stdout).toContain('Oakfield Primary School');
    const after = entries(env);
    expect([...after.keys()].filter((name) => name.startsWith('chunks+school-view-'))).toHaveLength(1);
    const program = [...before.keys()].find((name) => name.startsWith('chunks+program-')) ?? '';
    expect(after.get(program)).toBeGreaterThan(before.get(program) ?? Infinity);
    // And then it is a cached run like any other.
    await edshed(['schools', 'show', '1'], env);
    expect(entries(env)).toEqual(after);
  });

  it('compiles a changed module afresh (the same length and time too) and drops its old code; takes a damaged entry as none', async () => {
    const env = envWithCache('rebuilt');
    const before = await edshed(['--version'], env);
    expect(before.stdout).toBe('0.1.0');
    const dir = cacheDirOf(env) ?? '';
    const old = [...entries(env).keys()].find((name) => name.startsWith('edshed.cjs@')) ?? '';
    // Pruning removes only the cache's own files, and reads only modules of the build.
    writeFileSync(join(dir, 'keep.txt'), 'not ours to remove');
    writeFileSync(join(dir, '..+..+..+etc+hostname@1-00000000.v8'), '');
    for (const [name, days] of [
      ['v18.0.0-x64-00000000', 31],
      ['v22.0.0-x64-00000000', 2],
    ] as const) {
      const other = join(dir, '..', name);
      mkdirSync(other);
      writeFileSync(join(other, 'edshed.cjs@1-00000000.v8'), '');
      const then = new Date(Date.now() - days * 86_400_000);
      utimesSync(other, then, then);
    }
    // "Rebuilt" as a tarball or a pinned build date would leave it: the same length and modification time,
    // other code (V8 itself would compare lengths only and run the old code).
    const entry = join(distCli, 'edshed.cjs');
    const { atime, mtime } = statSync(entry);
    writeFileSync(entry, readFileSync(entry, 'utf8').replace('"0.1.0"', '"0.1.9"'));
    utimesSync(entry, atime, mtime);
    expect((await edshed(['--version'], env)).stdout).toBe('0.1.9');
    const names = [...entries(env).keys()].filter((name) => name.startsWith('edshed.cjs@'));
    expect(names).toHaveLength(1);
    expect(names[0]).not.toBe(old);
    expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
    // Another Node's directory unwritten for a month went with that write; a recent one stays.
    expect(existsSync(join(dir, '..', 'v18.0.0-x64-00000000'))).toBe(false);
    expect(existsSync(join(dir, '..', 'v22.0.0-x64-00000000'))).toBe(true);
    expect(existsSync(join(dir, '..+..+..+etc+hostname@1-00000000.v8'))).toBe(false);
    // A damaged entry (bytes changed inside V8's code, which V8 would run or crash on): its checksum fails,
    // the module compiles from its source, the entry is written again, whole.
    const file = join(dir, names[0] ?? '');
    const bytes = readFileSync(file);
    for (let i = Math.floor(bytes.length / 2); i < bytes.length; i += 1) bytes[i] = 0;
    writeFileSync(file, bytes);
    expect((await edshed(['--version'], env)).stdout).toBe('0.1.9');
    expect(readFileSync(file).equals(bytes)).toBe(false);
    expect((await edshed(['--version'], env)).stdout).toBe('0.1.9');
  });

  it('never fails a command: a cache that cannot be written is none, one others may write is not used, and NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    // XDG_CACHE_HOME a file: no directory can be made under it.
    const file = join(sandbox.dir, 'not-a-directory');
    writeFileSync(file, '');
    await edshed(['whoami'], envWithCache('unwritable', { XDG_CACHE_HOME: file }));
    // A directory the user may not write into (root may write anywhere, so this holds only for others).
    const locked = join(sandbox.dir, 'locked');
    mkdirSync(locked, { mode: 0o500 });
    await edshed(['whoami'], envWithCache('locked', { XDG_CACHE_HOME: locked }));
    chmodSync(locked, 0o700);
    // A cache directory others may write into is not used: V8 would run whatever code it found there.
    const shared = envWithCache('shared');
    const sharedDir = cacheDirOf(shared) ?? '';
    mkdirSync(sharedDir, { recursive: true });
    chmodSync(sharedDir, 0o777);
    await edshed(['whoami'], shared);
    expect(readdirSync(sharedDir)).toEqual([]);
    // Nor one that is a symbolic link (to where pruning the cache would remove what is there).
    const linked = envWithCache('linked');
    const linkedDir = cacheDirOf(linked) ?? '';
    const elsewhere = join(sandbox.dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    writeFileSync(join(elsewhere, 'keep.txt'), 'mine');
    mkdirSync(join(linkedDir, '..'), { recursive: true });
    symlinkSync(elsewhere, linkedDir);
    await edshed(['whoami'], linked);
    expect(readdirSync(elsewhere)).toEqual(['keep.txt']);
    const off = envWithCache('off', { NODE_DISABLE_COMPILE_CACHE: '1' });
    await edshed(['whoami'], off);
    expect(cacheDirOf(off)).toBeUndefined();
    expect(existsSync(off.XDG_CACHE_HOME ?? '')).toBe(false);
  });

  it('leaves to Node the chunks that import() the drawing views (on Node 20, cached code loses import())', () => {
    const chunks = readdirSync(join(distCli, 'chunks')).map((name) =>
      readFileSync(join(distCli, 'chunks', name), 'utf8'),
    );
    const importing = chunks.filter((code) => /import\(require\("node:url"\)/.test(code));
    // The bulk progress, the dashboards and the reconcile review.
    expect(importing).toHaveLength(3);
    for (const code of importing) expect(code.startsWith(`/* ${NOT_CACHED} */`)).toBe(true);
  });
});

describe('compileCacheDir', () => {
  it('is under $XDG_CACHE_HOME, else ~/.cache, one per Node, per copy of the CLI and per Node options', () => {
    const a = compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: '/c' });
    expect(a).toMatch(
      new RegExp(`^/c/edshed/compile-cache/${process.version.replace(/\./g, '\\.')}-${process.arch}-[0-9a-f]{8}$`),
    );
    expect(compileCacheDir('/opt/b/dist/cli', { XDG_CACHE_HOME: '/c' })).not.toBe(a);
    expect(
      compileCacheDir('/opt/a/dist/cli', { HOME: '/home/jane' })?.startsWith('/home/jane/.cache/edshed/compile-cache/'),
    ).toBe(true);
    expect(
      compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: '/c', NODE_DISABLE_COMPILE_CACHE: '1' }),
    ).toBeUndefined();
    // A relative $XDG_CACHE_HOME is ignored, as the XDG spec says.
    expect(
      compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: 'relative', HOME: '/home/jane' })?.startsWith(
        '/home/jane/.cache/edshed/',
      ),
    ).toBe(true);
    // With neither $XDG_CACHE_HOME nor $HOME, none (a container's user may have no home; asking for it throws).
    expect(compileCacheDir('/opt/a/dist/cli', {})).toBeUndefined();
    // Code cached under other Node options is refused by V8: another directory, so the two do not rewrite each other's.
    expect(compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: '/c' }, ['--max-old-space-size=4096'])).not.toBe(
      compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: '/c' }, []),
    );
    expect(
      compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: '/c', NODE_OPTIONS: '--stack-size=2000' }, []),
    ).not.toBe(compileCacheDir('/opt/a/dist/cli', { XDG_CACHE_HOME: '/c' }, []));
  });
});

describe('ownDirectory', () => {
  const uid = process.getuid?.();
  const base = () => mkdtempSync(join(tmpdir(), 'edshed-own-'));

  it("makes the cache's directories 0700 before anything is read, and takes them", () => {
    const root = join(base(), 'cache');
    const dir = join(root, 'edshed', 'compile-cache', 'v');
    expect(ownDirectory(dir, root)).toBe(true);
    for (const path of [join(root, 'edshed'), join(root, 'edshed', 'compile-cache'), dir])
      expect(statSync(path).mode & 0o777).toBe(0o700);
    expect(ownDirectory(dir, root)).toBe(true);
  });

  it('refuses directories another user made (first, while the command ran), that others may write, or links', () => {
    const root = base();
    const dir = join(root, 'edshed', 'compile-cache', 'v');
    expect(ownDirectory(dir, root, (uid ?? 0) + 1)).toBe(false);
    const loose = base();
    mkdirSync(join(loose, 'edshed'));
    chmodSync(join(loose, 'edshed'), 0o777);
    expect(ownDirectory(join(loose, 'edshed', 'compile-cache', 'v'), loose)).toBe(false);
    const linked = base();
    const elsewhere = base();
    symlinkSync(elsewhere, join(linked, 'edshed'));
    expect(ownDirectory(join(linked, 'edshed', 'compile-cache', 'v'), linked)).toBe(false);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("follows the user's own link to their cache, and takes a base writable by their group", () => {
    const real = base();
    const home = base();
    symlinkSync(real, join(home, '.cache'));
    chmodSync(real, 0o775);
    expect(ownDirectory(join(home, '.cache', 'edshed', 'compile-cache', 'v'), join(home, '.cache'))).toBe(true);
    expect(readdirSync(real)).toEqual(['edshed']);
  });
});

// The isolated environment of every other test keeps its cache in its own directory, not the real ~/.cache.
it('tests run the binary with a cache of their own', () => {
  expect(isolatedEnv(mkdtempSync(join(tmpdir(), 'edshed-env-'))).XDG_CACHE_HOME).toMatch(/\/cache$/);
});
