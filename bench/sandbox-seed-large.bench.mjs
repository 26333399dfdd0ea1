// `edshed sandbox start --seed large` start-up: the wall time from launching the built binary to its first
// answered request (`GET __sandbox/status`, 200), as a user sees it. Two cases: a fresh database file
// (the first run: migrate, seed 200+ schools, 20,000 pupils, 10,000 invoices, build the read models) and
// the second start on that same file (migrations and read models checked, nothing seeded). `node -e 0` is
// timed in the same rounds for scale. The cases are interleaved so machine noise hits them alike; medians
// of RUNS rounds, after one round that warms the file cache.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 3000;
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));

/** Starts the sandbox on DB and resolves with the milliseconds until its first 200 answer; then stops it. */
function timeStart(db) {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [bin, 'sandbox', 'start', '--db', db, '--port', '0', '--seed', 'large'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  return new Promise((resolve, reject) => {
    const onData = async (chunk) => {
      if (seen === null) return;
      seen += chunk.toString('utf8');
      const match = /http:\/\/[^\s/]+\//.exec(seen);
      if (!match) return;
      seen = null;
      try {
        const res = await fetch(`${match[0]}__sandbox/status`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`__sandbox/status answered ${res.status}`);
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        child.once('exit', () => resolve(ms));
        child.kill('SIGTERM');
      } catch (error) {
        child.kill('SIGKILL');
        reject(error);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (seen !== null) reject(new Error(`the sandbox exited (${code}) before listening:\n${seen}`));
    });
  });
}

function timeNode() {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const dir = mkdtempSync(join(tmpdir(), 'edshed-seed-bench-'));
const times = { node: [], fresh: [], existing: [] };
try {
  for (let round = 0; round <= RUNS; round += 1) {
    const db = join(dir, `sandbox-${round}.db`);
    const fresh = await timeStart(db);
    const existing = await timeStart(db);
    const node = timeNode();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    if (round === 0) continue;
    times.fresh.push(fresh);
    times.existing.push(existing);
    times.node.push(node);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = (row) => console.log(JSON.stringify(row));
process.stderr.write(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; fresh ${times.fresh.map((t) => t.toFixed(0)).join(', ')} ms\n`,
);
out({ name: 'node -e 0 (median)', value: median(times.node).toFixed(0), unit: 'ms' });
const fresh = median(times.fresh);
out({
  name: 'sandbox start --seed large, fresh database file, to first answer (median)',
  value: fresh.toFixed(0),
  unit: 'ms',
  target: `< ${TARGET_MS}`,
  ok: fresh < TARGET_MS,
});
const existing = median(times.existing);
out({
  name: 'sandbox start --seed large, existing database file, to first answer (median)',
  value: existing.toFixed(0),
  unit: 'ms',
  target: `< ${TARGET_MS}`,
  ok: existing < TARGET_MS,
});
