// How long `npm test` takes, phase by phase, in one run: the type check and lint side by side (as `npm test`
// runs them), the build, then each vitest project (unit, sandbox, e2e, web) on its own, as
// `npm run test:<project>` runs it. Wall time and CPU time of each (its own and its subprocesses': on 2
// cores, wall time cannot go below half the CPU time),
// their sum against issue 20's target (the whole `npm test` in at most 8 minutes on a quiet 2-core
// machine, install excluded), and the load average before and after, since on a shared machine the
// other processes' load is most of the variation. Runs the whole suite: `npm run bench -- test-time`
// (plain `npm run bench` leaves it out). A failing phase is reported and makes the script exit 1.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MINUTES = 8;
const bin = (name) => `${root}node_modules/${name}`;
const phases = [
  ['typecheck and lint, side by side', [bin('npm-run-all2/bin/run-p/index.js'), '--aggregate-output', 'typecheck', 'lint']],
  ['build', ['scripts/build.mjs']],
  ...Object.entries({ unit: ['unit', 'unit-first-load'], sandbox: ['sandbox'], e2e: ['e2e'], web: ['web'] }).map(([name, projects]) => [
    `vitest ${name}`,
    [bin('vitest/vitest.mjs'), 'run', ...projects.flatMap((project) => ['--project', project])],
  ]),
];

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
/** CPU time (user and system) of the subprocesses this process has waited for, and theirs, in seconds. */
function childCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // cutime and cstime: fields 16 and 17 of /proc/PID/stat, counted after the command in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

const out = (row) => console.log(JSON.stringify(row));
const load = () => loadavg()[0].toFixed(1);
out({ name: 'load average (1 min) at the start', value: load(), unit: '' });
out({ name: 'node', value: process.version, unit: '' });
let total = 0;
let failed = false;
for (const [name, args] of phases) {
  process.stderr.write(`test-time: ${name}...\n`);
  const start = process.hrtime.bigint();
  const cpu = childCpu();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  total += seconds;
  failed ||= result.status !== 0;
  out({ name, value: seconds.toFixed(1), unit: 's', ...(result.status === 0 ? {} : { target: 'exit 0', ok: false }) });
  out({ name: `${name}: CPU time`, value: (childCpu() - cpu).toFixed(1), unit: 's' });
}
out({ name: 'npm test in all (sum of the phases)', value: (total / 60).toFixed(1), unit: 'min', target: `<= ${TARGET_MINUTES}`, ok: total / 60 <= TARGET_MINUTES });
out({ name: 'load average (1 min) at the end', value: load(), unit: '' });
process.exitCode = failed ? 1 : 0;
