// How long `npm test` takes, phase by phase, in one run, each phase as `npm test` runs it: the type check,
// lint and the formatting check side by side, the build if dist/ is stale (a fresh clone's `npm ci` has built it), then one
// `vitest run` of every project together (tests/helpers/file-order.ts orders its files). Wall time and
// CPU time of each (its own and its subprocesses': on 2 cores, wall time cannot go below half the CPU
// time), their sum against the target (the whole `npm test` in at most 8 minutes on a quiet 2-core
// machine, install excluded), the time the files of each test folder took (from vitest's JSON report;
// files run side by side, so these add up to more than the run), the longest files, and the load average
// before and after, since on a shared machine the other processes' load is most of the variation.
// `npm run test:unit` and the others run one project each; this times them as `npm test` runs them.
// Runs the whole suite: `npm run bench -- test-time` (plain `npm run bench` leaves it out). A failing
// phase is reported, with the tests that failed, and makes the script exit 1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MINUTES = 8;
const bin = (name) => `${root}node_modules/${name}`;
const work = mkdtempSync(join(tmpdir(), 'edshed-test-time-'));
const report = join(work, 'vitest.json');
const phases = [
  [
    'typecheck, lint and format:check, side by side',
    [bin('npm-run-all2/bin/run-p/index.js'), '--aggregate-output', 'typecheck', 'lint', 'format:check'],
  ],
  ['build if stale', ['scripts/prepare.mjs']],
  [
    'vitest run (every project)',
    [bin('vitest/vitest.mjs'), 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`],
  ],
];

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
/** CPU time (user and system) of the subprocesses this process has waited for, and theirs, in seconds. */
function childCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // cutime and cstime: fields 16 and 17 of /proc/PID/stat, counted after the command in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

/** The folder of tests/ a test file is in (vitest.config.ts says which project runs which). */
const folderOf = (file) => relative(root, file).split('/').slice(0, 2).join('/');

const out = (row) => console.log(JSON.stringify(row));
const load = () => loadavg()[0].toFixed(1);
out({ name: 'load average (1 min) at the start', value: load(), unit: '' });
out({ name: 'node', value: process.version, unit: '' });
let total = 0;
let failed = false;
try {
  for (const [name, args] of phases) {
    process.stderr.write(`test-time: ${name}...\n`);
    const start = process.hrtime.bigint();
    const cpu = childCpu();
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    total += seconds;
    failed ||= result.status !== 0;
    out({
      name,
      value: seconds.toFixed(1),
      unit: 's',
      ...(result.status === 0 ? {} : { target: 'exit 0', ok: false }),
    });
    out({ name: `${name}: CPU time`, value: (childCpu() - cpu).toFixed(1), unit: 's' });
  }
  out({
    name: 'npm test in all (sum of the phases)',
    value: (total / 60).toFixed(1),
    unit: 'min',
    target: `<= ${TARGET_MINUTES}`,
    ok: total / 60 <= TARGET_MINUTES,
  });
  if (!existsSync(report)) throw new Error('vitest wrote no report: its run did not finish (its errors are above)');
  const files = JSON.parse(readFileSync(report, 'utf8')).testResults;
  // The run's own output is not shown (only the times are): name what failed, so a red run says why.
  for (const file of files.filter((f) => f.status !== 'passed')) {
    const failures = file.assertionResults.filter((test) => test.status === 'failed');
    process.stderr.write(
      `test-time: failed: ${relative(root, file.name)}: ${failures.map((test) => test.fullName).join('; ') || file.message}\n`,
    );
    for (const message of failures.flatMap((test) => test.failureMessages))
      process.stderr.write(`  ${message.split('\n').slice(0, 6).join('\n  ')}\n`);
  }
  const seconds = (file) => (file.endTime - file.startTime) / 1000;
  const byFolder = new Map();
  for (const file of files) {
    const seen = byFolder.get(folderOf(file.name)) ?? { files: 0, seconds: 0 };
    byFolder.set(folderOf(file.name), { files: seen.files + 1, seconds: seen.seconds + seconds(file) });
  }
  for (const [folder, { files: count, seconds: sum }] of [...byFolder].sort((a, b) => b[1].seconds - a[1].seconds)) {
    out({
      name: `time in the files of ${folder} (${count} files, side by side with others)`,
      value: sum.toFixed(1),
      unit: 's',
    });
  }
  const longest = [...files]
    .sort((a, b) => seconds(b) - seconds(a))
    .slice(0, 8)
    .map((file) => `${relative(root, file.name)} ${seconds(file).toFixed(0)} s`);
  out({
    name: 'the longest files (LONGEST_FILES in tests/helpers/file-order.ts starts them first)',
    value: longest.join(', '),
    unit: '',
  });
  // Once the last file has started, workers that finish have nothing left to take: the run's tail.
  const tail =
    (Math.max(...files.map((file) => file.endTime)) - Math.max(...files.map((file) => file.startTime))) / 1000;
  out({
    name: 'from the last file started to the end (workers running out of files)',
    value: tail.toFixed(1),
    unit: 's',
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
out({ name: 'load average (1 min) at the end', value: load(), unit: '' });
process.exitCode = failed ? 1 : 0;
