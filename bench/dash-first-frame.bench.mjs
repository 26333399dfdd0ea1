// Launch to the first complete frame of `edshed dash billing` (the panes drawn from the seeded sandbox's
// answers) in an 80x24 pseudo-terminal, as a ratio to `node -e 0`, each timed from Node's own start (the
// shell `script` runs the dashboard through is not counted: bench/pty.mjs), the baseline spawned directly,
// no pty and no shell (interleaved in one run so machine noise hits both alike); medians of RUNS runs each.
import { fileURLToPath } from 'node:url';
import { startSandbox, signIn } from './servers.mjs';
import { DASH_COMPLETE as COMPLETE, cliEnv, direct, firstFrame } from './pty.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const sandbox = await startSandbox({ seed: 'demo' });
const env = cliEnv(sandbox.url, await signIn(sandbox.url, 'superuser'));

const times = { node: [], spawned: [], dash: [] };
try {
  for (let i = 0; i < RUNS + 2; i += 1) {
    const baseline = await direct(['-e', '0'], env);
    const dashMs = await firstFrame([bin, 'dash', 'billing'], env, COMPLETE);
    // The first two rounds warm the file cache.
    if (i >= 2) {
      times.node.push(baseline.fromStart);
      times.spawned.push(baseline.fromSpawn);
      times.dash.push(dashMs);
    }
  }
} finally {
  await sandbox.stop();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = (row) => console.log(JSON.stringify(row));
out({
  name: 'node -e 0, spawned directly: from its start to its exit (median)',
  value: median(times.node).toFixed(1),
  unit: 'ms',
});
out({
  name: 'node -e 0, spawned directly: from the spawn to its exit (median)',
  value: median(times.spawned).toFixed(1),
  unit: 'ms',
});
out({
  name: 'dash billing first complete frame, from its start (median)',
  value: median(times.dash).toFixed(1),
  unit: 'ms',
});
const ratio = median(times.dash) / median(times.node);
out({
  name: 'dash billing first frame / node -e 0',
  value: ratio.toFixed(2),
  unit: 'x',
  target: '<= 4',
  ok: ratio <= 4,
});
