// Bulk cost per row as the file grows: `edshed invoices mark-paid --from payments.csv` as a user runs it,
// its dry run (`--dry-run`: every row read and checked, the plan printed) and its apply (every row sent),
// at SIZES rows (1,000 / 10,000 / 100,000 by default; BENCH_SCALING_SIZES=1000,10000 for a shorter run),
// each on a fresh pool of open invoices raised in a sandbox (large seed, :memory:, a rate limit far above
// what is sent) in a child process. For each size, the CLI's CPU time per row (user + system, start-up
// included, from a preloaded exit hook) and its wall time per row, and the same less a 1-row run of the
// same command (the start-up, the median of three). That net figure falls with size: a run also pays
// once for V8 compiling its per-row code (on V8's background threads, most of it within the first 5,000
// rows; a 1-row run never makes that code hot), spread over more rows as the file grows
// (bench/README.md). So the table prints the marginal cost, the CPU between successive sizes over the
// rows between them (start-up and what is paid once cancel out), all threads and the main thread's
// (from /proc on Linux), and what each run paid once; flat: the last step's marginal CPU on the main
// thread at most 1.3x the first step's (three sizes or more; all threads without /proc): a cost that grows
// with the file fails it, one that falls as V8 finishes optimising the per-row code does not (the bare
// client's own marginal cost, printed beside, falls the same way). The apply is set beside the bare
// node:http client (bench/bare-client.mjs) over the same number of invoices, the floor any Node client
// meets here: its CPU per item at most 2x the bare client's. BENCH_NODE=/path/to/node times the CLI and
// the bare client under another Node (the sandbox stays on the bench's own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchNodeRow,
  bulkEnv,
  cpuHook,
  markPaidArgs,
  paymentsFile,
  raiseInvoices,
  signInForBulk,
  timedNode,
} from './bulk-runs.mjs';
import { startSandbox } from './servers.mjs';

const SIZES = (process.env.BENCH_SCALING_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** Flat: the marginal CPU per row of the last step at most this factor of the first step's. */
const FLAT_TARGET = 1.3;
const BARE_TARGET = 2;
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const bareClient = fileURLToPath(new URL('./bare-client.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-scaling-'));
const env = bulkEnv(dir);
const log = (text) => process.stderr.write(`${text}\n`);
const out = (row) => console.log(JSON.stringify(row));

/** The CLI over the payments CSV of `ids`: dry run or apply; its wall seconds and CPU microseconds. */
function cli(ids, mode, name) {
  const file = paymentsFile(dir, ids, name);
  return timedNode(['--import', cpuHook, bin, ...markPaidArgs(file, mode)], env, (result) => {
    if (result.status !== 0)
      throw new Error(`${mode} of ${ids.length} rows exited ${result.status}: ${result.stderr.slice(-2000)}`);
    if (mode === 'apply' && JSON.parse(result.stdout).done !== ids.length)
      throw new Error(`apply of ${ids.length} rows: not every row done: ${result.stdout.slice(0, 2000)}`);
  });
}

/** The CPU between successive sizes over the rows between them, all threads and the main thread's. */
function marginalSteps(rows, key) {
  return rows.slice(1).map((row, k) => {
    const prev = rows[k];
    const between = row.size - prev.size;
    return {
      from: prev.size,
      to: row.size,
      cpu: (row[key].cpuMicros - prev[key].cpuMicros) / between,
      main: (row[key].mainThreadMicros - prev[key].mainThreadMicros) / between,
    };
  });
}

/** The last step's marginal cost over the first's: on the main thread where /proc tells it, and all threads. */
function stepRatio(steps) {
  const [a, b] = [steps[0], steps[steps.length - 1]];
  const onMain = !Number.isNaN(a.main) && !Number.isNaN(b.main);
  const all = b.cpu / a.cpu;
  return { onMain, all, value: onMain ? b.main / a.main : all };
}

out(benchNodeRow());
const sandbox = await startSandbox({ seed: 'large' });
try {
  const { url } = sandbox;
  const { token, subscription } = await signInForBulk(url, bin, env);

  /** One size: the dry run and the apply of the same fresh invoices, and the bare client over as many others. */
  const measure = async (size) => {
    const ids = await raiseInvoices(url, token, subscription, size);
    const dry = cli(ids, 'dry run', `dry-${size}`);
    const apply = cli(ids, 'apply', `apply-${size}`);
    const bareIds = await raiseInvoices(url, token, subscription, size);
    const bare = timedNode(
      ['--import', cpuHook, bareClient, url, token, paymentsFile(dir, bareIds, `bare-${size}`), '4'],
      env,
      (result) => {
        if (result.status !== 0) throw new Error(`bare client exited ${result.status}: ${result.stderr.slice(-2000)}`);
      },
    );
    log(
      `${size} rows: dry run ${dry.seconds.toFixed(2)} s, ${dry.cpuMicros} us CPU; apply ${apply.seconds.toFixed(2)} s, ${apply.cpuMicros} us CPU; bare client ${bare.seconds.toFixed(2)} s, ${bare.cpuMicros} us CPU`,
    );
    return { size, 'dry run': dry, apply, bare };
  };
  // The start-up a run pays once: the same commands over one row, the median of three (after a warm-up
  // of the compile cache).
  await measure(1);
  const ones = [await measure(1), await measure(1), await measure(1)];
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  const once = Object.fromEntries(
    ['dry run', 'apply'].map((mode) => [mode, { cpuMicros: median(ones.map((one) => one[mode].cpuMicros)) }]),
  );
  const rows = [];
  for (const size of SIZES) rows.push(await measure(size));

  const perRow = (micros, size) => micros / size;
  // The floor's marginal cost per item between sizes, all threads and the main thread's.
  const bareSteps = marginalSteps(rows, 'bare');
  for (const step of bareSteps)
    out({
      name: `bare client, ${step.from} -> ${step.to} items: marginal CPU per item, all threads (main thread's)`,
      value: `${step.cpu.toFixed(0)} (${Number.isNaN(step.main) ? '-' : step.main.toFixed(0)})`,
      unit: 'us',
    });
  const us = (n) => n.toFixed(0);
  for (const mode of ['dry run', 'apply']) {
    for (const row of rows) {
      const m = row[mode];
      const net = perRow(m.cpuMicros - once[mode].cpuMicros, row.size - 1);
      out({
        name: `${mode}, ${row.size} rows: CPU per row (less a 1-row run's) / wall per row`,
        value: `${us(perRow(m.cpuMicros, row.size))} (${us(net)}) / ${us(perRow(m.seconds * 1e6, row.size))}`,
        unit: 'us',
      });
    }
    // What a row costs once the run is under way: the CPU between successive sizes over the rows between
    // them, all threads and the main thread's (which does the per-row work; V8's background threads
    // compile the hot code, mostly in a run's first 5,000 rows, and mark the heap as it grows).
    const marginal = marginalSteps(rows, mode);
    for (const step of marginal)
      out({
        name: `${mode}, ${step.from} -> ${step.to} rows: marginal CPU per row, all threads (main thread's)`,
        value: `${us(step.cpu)} (${Number.isNaN(step.main) ? '-' : us(step.main)})`,
        unit: 'us',
      });
    const last = marginal.at(-1);
    // What a run of n rows pays once beyond a 1-row run's start-up: its CPU less the 1-row run's, less
    // its rows at the last (warmest) marginal cost. It grows while V8 is still compiling, then stops.
    if (last !== undefined)
      for (const row of rows.slice(0, -1))
        out({
          name: `${mode}, ${row.size} rows: CPU paid once beyond a 1-row run's start-up (less ${row.size - 1} rows at ${us(last.cpu)} us)`,
          value: ((row[mode].cpuMicros - once[mode].cpuMicros - last.cpu * (row.size - 1)) / 1000).toFixed(0),
          unit: 'ms',
        });
    const net = (row) => (row[mode].cpuMicros - once[mode].cpuMicros) / (row.size - 1);
    const [first, largest] = [rows[0], rows[rows.length - 1]];
    if (rows.length > 1)
      out({
        name: `${mode}: CPU per row less start-up at ${largest.size} rows over ${first.size} (falls as what a run pays once spreads)`,
        value: (net(largest) / net(first)).toFixed(2),
        unit: 'x',
      });
    if (marginal.length > 1) {
      // Flat: the last step's marginal cost over the first's, on the main thread where /proc tells it
      // (the first step holds some of V8's compiling on its background threads; all threads beside it).
      // A fall is V8 still optimising in the first step (the main thread runs the rows' code in its
      // first tiers until then), which the bare client's steps show too: printed, not failed.
      const growth = stepRatio(marginal);
      const floor = stepRatio(bareSteps);
      out({
        name: `${mode}: marginal CPU per row${growth.onMain ? ', main thread' : ''}, ${last.from} -> ${last.to} over ${marginal[0].from} -> ${marginal[0].to} (all threads ${growth.all.toFixed(2)}x; the bare client's ${floor.value.toFixed(2)}x)`,
        value: growth.value.toFixed(2),
        unit: 'x',
        target: `<= ${FLAT_TARGET}`,
        ok: growth.value <= FLAT_TARGET,
      });
    }
  }
  for (const row of rows) {
    const ratio = row.apply.cpuMicros / row.bare.cpuMicros;
    out({
      name: `apply, ${row.size} rows: CLI CPU per item / bare node:http client's (${perRow(row.apply.cpuMicros, row.size).toFixed(0)} / ${perRow(row.bare.cpuMicros, row.size).toFixed(0)} us)`,
      value: ratio.toFixed(2),
      unit: 'x',
      target: `<= ${BARE_TARGET}`,
      ok: ratio <= BARE_TARGET,
    });
  }
} finally {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
