// What bench/direct-check measures with: a command run plainly under GNU time (`/usr/bin/time -f`, the
// kernel's rusage of the child: CPU, peak RSS) or, where that is missing, by the wall clock only, and
// the row that sets a bench's figure beside the direct one. Not a bench itself (no .bench.mjs suffix).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';
export const hasGnuTime = existsSync(GNU_TIME);
const dir = mkdtempSync(join(tmpdir(), 'edshed-direct-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
let runs = 0;

/**
 * `node ARGS` spawned plainly (nothing preloaded), under GNU time where present: its wall seconds, CPU
 * microseconds (user + system, all threads, from the kernel) and peak RSS in MiB (NaN without GNU time);
 * `check` sees the result first.
 */
export function timeDirect(args, env, check = () => {}) {
  const report = join(dir, `${(runs += 1)}.txt`);
  const [command, ...rest] = hasGnuTime
    ? [GNU_TIME, '-f', '%U %S %M', '-o', report, process.execPath, ...args]
    : [process.execPath, ...args];
  const started = process.hrtime.bigint();
  const result = spawnSync(command, rest, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  check(result);
  if (!hasGnuTime) return { seconds, cpuMicros: NaN, peakMib: NaN, result };
  // GNU time writes "Command exited with non-zero status N" before the format's line when it does.
  const [user, system, maxKib] = readFileSync(report, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { seconds, cpuMicros: Math.round((user + system) * 1e6), peakMib: maxKib / 1024, result };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Bench over direct, to agree within this either way. */
export const LOW = 0.85;
export const HIGH = 1.15;

/** The row for one figure: the bench's over the direct measurement's, `format` showing both. */
export function agreement(name, bench, direct, format = (n) => n.toFixed(0)) {
  const ratio = bench / direct;
  const known = Number.isFinite(ratio);
  return {
    name: `${name}: bench / direct (${format(bench)} / ${known ? format(direct) : '-'})`,
    value: known ? ratio.toFixed(2) : 'n/a',
    unit: 'x',
    target: `${LOW}-${HIGH}`,
    ...(known ? { ok: ratio >= LOW && ratio <= HIGH } : {}),
  };
}
