// Runs a command in a pseudo-terminal of 80x24 through util-linux `script` (no native module needed),
// and watches what it draws, timed from Node's own start (bench/process-origin.cjs), not from the spawn
// of `script`, whose shell adds 14-25 ms here. Not a bench itself (no .bench.mjs suffix).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const originHook = fileURLToPath(new URL('./process-origin.cjs', import.meta.url));
const originDir = mkdtempSync(join(tmpdir(), 'edshed-bench-origin-'));
process.on('exit', () => rmSync(originDir, { recursive: true, force: true }));
let launches = 0;

/** Epoch ms now, on the clock performance.timeOrigin is on. */
const epochNow = () => performance.timeOrigin + performance.now();

const quote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/**
 * Starts `node ARGS` in an 80x24 pty; `env` is added to ours. Answers the child (script), a function that
 * waits for `pattern` in the output (resolving with the ms since Node itself started: the shell `script`
 * runs it through is not counted), and the pid of node itself. With `fromStart: false`, node runs
 * plainly (no preloaded origin hook) and the times are from the spawn of `script`, shell included.
 */
export function inPty(args, env = {}, { fromStart = true } = {}) {
  const origin = join(originDir, `${(launches += 1)}`);
  const node = fromStart ? [process.execPath, '-r', originHook, ...args] : [process.execPath, ...args];
  const command = `stty cols 80 rows 24; exec ${node.map(quote).join(' ')}`;
  const spawnedAt = epochNow();
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { ...process.env, TERM: 'xterm-256color', CI: 'false', ...env, EDSHED_BENCH_ORIGIN: origin },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let seen = '';
  const waiters = [];
  // NaN when Node never started (its exit then says why).
  const elapsed = () =>
    epochNow() - (!fromStart ? spawnedAt : existsSync(origin) ? Number(readFileSync(origin, 'utf8')) : NaN);
  child.stdout.on('data', (chunk) => {
    seen += chunk.toString('utf8');
    for (const w of [...waiters]) {
      if (!w.pattern.test(seen)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(elapsed());
    }
  });
  const exited = new Promise((resolve) => child.once('exit', () => resolve(elapsed())));
  return {
    child,
    exited,
    output: () => seen,
    waitFor: (pattern, ms = 60_000) =>
      new Promise((resolve, reject) => {
        if (pattern.test(seen)) return resolve(elapsed());
        const timer = setTimeout(() => reject(new Error(`never drew ${pattern}:\n${seen.slice(-2000)}`)), ms);
        waiters.push({
          pattern,
          resolve: (t) => {
            clearTimeout(timer);
            resolve(t);
          },
        });
      }),
    /** The pid of the command (script's child, which exec'd node). */
    pid: () => {
      const file = `/proc/${child.pid}/task/${child.pid}/children`;
      return existsSync(file) ? Number(readFileSync(file, 'utf8').trim().split(' ')[0]) : null;
    },
  };
}

/**
 * `node ARGS` spawned directly, no pty and no shell: the ms from spawn to its exit, and from its own start
 * to its exit (how `inPty` counts), for a baseline that pays no shell.
 */
export async function direct(args, env = {}) {
  const origin = join(originDir, `${(launches += 1)}`);
  const start = epochNow();
  const child = spawn(process.execPath, ['-r', originHook, ...args], {
    env: { ...process.env, ...env, EDSHED_BENCH_ORIGIN: origin },
    stdio: 'ignore',
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const end = epochNow();
  return { fromSpawn: end - start, fromStart: end - Number(readFileSync(origin, 'utf8')) };
}

/**
 * `node ARGS` in a pty (`inPty`) until it draws `pattern`, then `q` typed and its exit awaited: the ms to
 * that frame (from Node's start, or with `fromStart: false` from the spawn of `script`).
 */
export async function firstFrame(args, env, pattern, options) {
  const run = inPty(args, env, options);
  const ms = await run.waitFor(pattern);
  run.child.stdin.write('q');
  await run.exited;
  return ms;
}

/** `edshed dash billing`'s first complete frame: the heading says when the data is from, the last pane and the keys are drawn. */
export const DASH_COMPLETE = /data of \d\d:\d\d:\d\d[\s\S]*Bulk runs in progress or paused[\s\S]*q quit/;

/** Environment for the CLI talking to `url` with `token`, with its own empty config and state dirs. */
export function cliEnv(url, token) {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-bench-dash-'));
  return {
    EDSHED_API_URL: url,
    EDSHED_TOKEN: token,
    EDSHED_CONFIG_DIR: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_DATA_HOME: join(dir, 'data'),
    NO_COLOR: '',
  };
}
