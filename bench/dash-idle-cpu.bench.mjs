// CPU used by an idle `edshed dash billing` (default refresh interval, nobody typing) in an 80x24
// pseudo-terminal against the seeded sandbox, over WINDOW_S seconds after its first frame, as a share of
// one core: the CPU time /proc gives for the dashboard's process divided by the wall time. The window
// (65 s by default) holds two refreshes of the default 30 s interval, so it measures a dashboard that
// works while idle, not one asleep between refreshes; a window that saw none is not a result.
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { cpuMicros, signIn, startSandbox } from './servers.mjs';
import { cliEnv, inPty } from './pty.mjs';

const WINDOW_S = Number(process.env.BENCH_IDLE_S ?? 65);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const sandbox = await startSandbox({ seed: 'demo' });
let share;
let refreshes;
try {
  const env = cliEnv(sandbox.url, await signIn(sandbox.url, 'superuser'));
  const dash = inPty([bin, 'dash', 'billing'], env);
  await dash.waitFor(/data of \d\d:\d\d:\d\d[\s\S]*q quit/);
  const pid = dash.pid();
  if (!pid) throw new Error('no pid for the dashboard process');
  const drawnBefore = dash.output().length;
  const cpu0 = cpuMicros(pid);
  const t0 = process.hrtime.bigint();
  await sleep(WINDOW_S * 1000);
  const cpu1 = cpuMicros(pid);
  const wallMicros = Number(process.hrtime.bigint() - t0) / 1000;
  if (cpu0 === null || cpu1 === null) throw new Error('/proc has no CPU times (Linux only)');
  share = (cpu1 - cpu0) / wallMicros;
  // The output grows by a redraw per refresh: proof the window saw refreshes, not a stalled process.
  refreshes = (
    dash
      .output()
      .slice(drawnBefore)
      .match(/data of \d\d:\d\d:\d\d/g) ?? []
  ).length;
  dash.child.stdin.write('q');
  await dash.exited;
} finally {
  await sandbox.stop();
}
const out = (row) => console.log(JSON.stringify(row));
out({ name: `dash billing redraws with data in ${WINDOW_S} s idle`, value: refreshes, unit: 'frames' });
out({
  name: `dash billing idle CPU over ${WINDOW_S} s with ${refreshes} refreshes (share of one core)`,
  value: (share * 100).toFixed(2),
  unit: '%',
  target: '<= 2, with a refresh or more in the window',
  ok: share <= 0.02 && refreshes > 0,
});
