// What bench/one-off and bench/direct-check share: the built sandbox with the CLI signed in to it (its
// own config and state dirs), and the one-off harness (each command spawned to its end, interleaved
// rounds, the first two not counted, medians). Not a bench itself (no .bench.mjs suffix).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));

/** The sandbox (`edshed sandbox start`, :memory:, demo seed) and the CLI signed in to it as the superuser: `env` runs the CLI so. */
export async function startSignedInSandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-bench-'));
  const env = {
    ...process.env,
    EDSHED_CONFIG_DIR: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_DATA_HOME: join(dir, 'data'),
    EDSHED_API_URL: '',
    EDSHED_TOKEN: '',
    NO_COLOR: '1',
  };
  const sandbox = spawn(process.execPath, [bin, 'sandbox', 'start', '--db', ':memory:', '--port', '0'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = () => {
    sandbox.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise((resolve, reject) => {
      let seen = '';
      sandbox.stderr.on('data', (chunk) => {
        seen += chunk;
        const m = /listening at (http:\/\/\S+\/)/.exec(seen);
        if (m) resolve(m[1]);
      });
      sandbox.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${seen}`)));
    });
    const login = spawnSync(process.execPath, [bin, 'login', '--api-url', url, '-u', 'superuser', '--password-stdin'], {
      env,
      input: 'sandbox\n',
    });
    if (login.status !== 0) throw new Error(`login failed: ${login.stderr}`);
    return { url, env, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The one-off harness: `cases` (name -> node's arguments) each spawned to its end, interleaved, in
 * `runs` + 2 rounds (the first two warm the file cache and are not counted); each case's wall ms per run.
 */
export function timeCases(cases, env, runs) {
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < runs + 2; i += 1) {
    for (const [name, args] of Object.entries(cases)) {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) throw new Error(`${name} exited ${result.status}: ${result.stderr}`);
      if (i >= 2) times[name].push(ms);
    }
  }
  return times;
}
