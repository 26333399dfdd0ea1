// Cold start of the built CLI as a ratio to `node -e 0`, measured in the same run: the three commands
// are interleaved so machine noise hits them alike; medians of RUNS runs each.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const cases = {
  'node -e 0': [process.execPath, ['-e', '0']],
  'edshed --version': [process.execPath, [bin, '--version']],
  'edshed endpoints --json': [process.execPath, [bin, 'endpoints', '--json']],
};
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < RUNS + 2; i += 1) {
  for (const [name, [cmd, args]] of Object.entries(cases)) {
    const start = process.hrtime.bigint();
    const result = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== 0) throw new Error(`${name} exited ${result.status}`);
    if (i >= 2) times[name].push(ms); // the first two rounds warm the file cache
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times['node -e 0']);
const out = (row) => console.log(JSON.stringify(row));
out({ name: 'node -e 0 (median)', value: base.toFixed(1), unit: 'ms' });
for (const [name, target] of [
  ['edshed --version', 1.3],
  ['edshed endpoints --json', 1.6],
]) {
  const ratio = median(times[name]) / base;
  out({ name: `${name} / node -e 0`, value: ratio.toFixed(2), unit: 'x', target: `<= ${target}`, ok: ratio <= target });
}
