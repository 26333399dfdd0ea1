// Child servers for the sandbox benches: the built sandbox (`edshed sandbox start`) and a bare Fastify
// route. Each runs in its own process so the load generator (autocannon, in the bench process) does not
// share an event loop with the server it measures. Not a bench itself (no .bench.mjs suffix).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Spawns `node ARGS` and resolves with the child and the first http URL it prints (stdout or stderr). */
export function startChild(args, what) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${what} printed no URL within 120 s:\n${seen}`)), 120_000);
    const fail = (error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk) => {
      if (seen === null) return;
      seen += chunk.toString('utf8');
      const match = /http:\/\/[^\s/]+\//.exec(seen);
      if (!match) return;
      seen = null;
      clearTimeout(timer);
      resolve({ child, url: match[0], stop: () => stopChild(child) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (seen !== null) fail(new Error(`${what} exited (${code}) before listening:\n${seen}`));
    });
  });
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The built sandbox on a fresh in-memory database.
 *
 * @example
 * const sandbox = await startSandbox({ seed: 'large', rateLimit: 1_000_000 });
 * await sandbox.stop();
 */
export function startSandbox({ seed = 'large', rateLimit = 1_000_000, nodeArgs = [], db = ':memory:' } = {}) {
  const args = [
    ...nodeArgs,
    'bin/edshed.cjs',
    'sandbox',
    'start',
    '--db',
    db,
    '--port',
    '0',
    '--seed',
    seed,
    '--rate-limit',
    String(rateLimit),
  ];
  return startChild(args, 'the sandbox');
}

/** A Fastify server with one route, GET /bare, answering constant JSON: the baseline. */
export function startBare() {
  return startChild([fileURLToPath(new URL('./bare-server.mjs', import.meta.url))], 'the bare server');
}

/** Signs in and returns the session token. */
export async function signIn(url, username) {
  const res = await fetch(`${url}auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'sandbox' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username} answered ${res.status}`);
  const body = await res.json();
  return body.token;
}

/** A JSON call that must succeed. */
export async function call(url, method, path, token, body) {
  const headers = { 'x-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** /proc counts CPU time in USER_HZ ticks, 100 a second on Linux. */
const CLOCK_TICKS = 100;

/** CPU time (user + system) a process has used, in microseconds, from /proc (Linux); null elsewhere. */
export function cpuMicros(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // The fields after the command name (which may hold spaces) start at the state; utime and stime are 14 and 15.
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}
