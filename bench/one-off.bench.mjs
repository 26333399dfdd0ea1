// Start-up of a one-off API command, the thing support staff feel most: `edshed api GET users/me`,
// `edshed invoices list`, `edshed schools show 1` and `edshed whoami` against a running sandbox, as ratios
// to `node -e 0` in the same run. The commands are interleaved so machine noise hits them alike; medians
// of RUNS runs each (the target: at most 2.0x). The harness is bench/one-off-runs.mjs.
import { bin, median, startSignedInSandbox, timeCases } from './one-off-runs.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const sandbox = await startSignedInSandbox();
try {
  const cases = {
    'node -e 0': ['-e', '0'],
    'edshed api GET users/me': [bin, 'api', 'GET', 'users/me'],
    'edshed invoices list': [bin, 'invoices', 'list'],
    'edshed schools show 1': [bin, 'schools', 'show', '1'],
    'edshed whoami': [bin, 'whoami'],
  };
  const times = timeCases(cases, sandbox.env, RUNS);
  const base = median(times['node -e 0']);
  const out = (row) => console.log(JSON.stringify(row));
  out({ name: 'node -e 0 (median)', value: base.toFixed(1), unit: 'ms' });
  for (const name of Object.keys(cases).slice(1)) {
    const ratio = median(times[name]) / base;
    out({ name: `${name} / node -e 0`, value: ratio.toFixed(2), unit: 'x', target: '<= 2.0', ok: ratio <= 2.0 });
  }
} finally {
  sandbox.stop();
}
