// How long `npm test` takes, install excluded (issue 20's target: at most 8 minutes on a quiet 2-core
// machine). First the build (`npm ci` builds; `npm test` only checks that dist/ is fresh, so a stale one would
// be rebuilt inside it), then `npm test` exactly as a developer runs it: the type check, lint and every vitest
// project side by side. Wall time and CPU time of each (its own and its subprocesses': on 2 cores the wall
// time cannot go below half the CPU time, and CPU over wall says how much of the time the suite waits), and
// the load average before and after, since on a shared machine the other processes' load is most of the
// variation. Runs the whole suite: `npm run bench -- test-time` (plain `npm run bench` leaves it out). A
// failing phase is reported and makes the script exit 1. Each file's time is in vitest's own report.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MINUTES = 8;
// npm's own script (npm run sets npm_execpath), else the one installed beside this node.
const npm = process.env.npm_execpath ?? join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
const phases = [
  ['build', ['scripts/build.mjs'], false],
  ['npm test', [npm, 'test'], true],
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
let failed = false;
for (const [name, args, timed] of phases) {
  process.stderr.write(`test-time: ${name}...\n`);
  const start = process.hrtime.bigint();
  const cpu = childCpu();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  failed ||= result.status !== 0;
  out({ name, value: seconds.toFixed(1), unit: 's', ...(result.status === 0 ? {} : { target: 'exit 0', ok: false }) });
  out({ name: `${name}: CPU time`, value: (childCpu() - cpu).toFixed(1), unit: 's' });
  if (timed) out({ name: `${name} (install excluded)`, value: (seconds / 60).toFixed(1), unit: 'min', target: `<= ${TARGET_MINUTES}`, ok: seconds / 60 <= TARGET_MINUTES });
}
out({ name: 'load average (1 min) at the end', value: load(), unit: '' });
process.exitCode = failed ? 1 : 0;
