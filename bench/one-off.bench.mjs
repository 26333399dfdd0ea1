// Start-up of a one-off API command, the thing support staff feel most: `edshed api GET users/me`,
// `edshed invoices list`, `edshed schools show 1` and `edshed whoami` against a running sandbox, as ratios
// to `node -e 0` in the same run. The commands are interleaved so machine noise hits them alike; medians
// of RUNS runs each (the target: at most 2.0x).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
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

  const cases = {
    'node -e 0': ['-e', '0'],
    'edshed api GET users/me': [bin, 'api', 'GET', 'users/me'],
    'edshed invoices list': [bin, 'invoices', 'list'],
    'edshed schools show 1': [bin, 'schools', 'show', '1'],
    'edshed whoami': [bin, 'whoami'],
  };
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < RUNS + 2; i += 1) {
    for (const [name, args] of Object.entries(cases)) {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) throw new Error(`${name} exited ${result.status}: ${result.stderr}`);
      if (i >= 2) times[name].push(ms); // the first two rounds warm the file cache
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(times['node -e 0']);
  const out = (row) => console.log(JSON.stringify(row));
  out({ name: 'node -e 0 (median)', value: base.toFixed(1), unit: 'ms' });
  for (const name of Object.keys(cases).slice(1)) {
    const ratio = median(times[name]) / base;
    out({ name: `${name} / node -e 0`, value: ratio.toFixed(2), unit: 'x', target: '<= 2.0', ok: ratio <= 2.0 });
  }
} finally {
  sandbox.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
