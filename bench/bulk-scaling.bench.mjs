// Bulk cost per row as the file grows: `edshed invoices mark-paid --from payments.csv` as a user runs it,
// its dry run (`--dry-run`: every row read and checked, the plan printed) and its apply (every row sent),
// at SIZES rows (1,000 / 10,000 / 100,000 by default; BENCH_SCALING_SIZES=1000,10000 for a shorter run),
// each on a fresh pool of open invoices raised in a sandbox (large seed, :memory:, a rate limit far above
// what is sent) in a child process. For each size, the CLI's CPU time per row (user + system, start-up
// included, from a preloaded exit hook) and its wall time per row, and the same less a 1-row run of the
// same command (the start-up a run pays once, the median of three): that net cost per row should be flat across sizes
// (the largest size's within 1.3x of the smallest's, either way). The
// apply is set beside the bare node:http client (bench/bare-client.mjs) over the same number of invoices,
// the floor any Node client meets here: its CPU per item at most 2x the bare client's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuHook, paymentsFile, raiseInvoices, signInForBulk, timedNode } from './bulk-runs.mjs';
import { startSandbox } from './servers.mjs';

const SIZES = (process.env.BENCH_SCALING_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** Flat: net CPU per row at the largest size within this factor of the smallest's, either way. */
const FLAT_TARGET = 1.3;
const BARE_TARGET = 2;
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const bareClient = fileURLToPath(new URL('./bare-client.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-scaling-'));
const env = {
  ...process.env,
  EDSHED_CONFIG_DIR: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  EDSHED_API_URL: '',
  EDSHED_TOKEN: '',
  NO_COLOR: '1',
};
const log = (text) => process.stderr.write(`${text}\n`);
const out = (row) => console.log(JSON.stringify(row));

/** The CLI over the payments CSV of `ids`: dry run or apply; its wall seconds and CPU microseconds. */
function cli(ids, mode, name) {
  const file = paymentsFile(dir, ids, name);
  const args = [
    '--import',
    cpuHook,
    bin,
    'invoices',
    'mark-paid',
    '--from',
    file,
    '--json',
    ...(mode === 'dry run' ? ['--dry-run'] : []),
  ];
  return timedNode(args, env, (result) => {
    if (result.status !== 0)
      throw new Error(`${mode} of ${ids.length} rows exited ${result.status}: ${result.stderr.slice(-2000)}`);
    if (mode === 'apply' && JSON.parse(result.stdout).done !== ids.length)
      throw new Error(`apply of ${ids.length} rows: not every row done: ${result.stdout.slice(0, 2000)}`);
  });
}

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
    const bare = timedNode([bareClient, url, token, paymentsFile(dir, bareIds, `bare-${size}`), '4'], env, (result) => {
      if (result.status !== 0) throw new Error(`bare client exited ${result.status}: ${result.stderr.slice(-2000)}`);
    });
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
  for (const mode of ['dry run', 'apply']) {
    for (const row of rows) {
      const m = row[mode];
      const net = perRow(m.cpuMicros - once[mode].cpuMicros, row.size - 1);
      out({
        name: `${mode}, ${row.size} rows: CPU per row (less a 1-row run's) / wall per row`,
        value: `${perRow(m.cpuMicros, row.size).toFixed(0)} (${net.toFixed(0)}) / ${perRow(m.seconds * 1e6, row.size).toFixed(0)}`,
        unit: 'us',
      });
    }
    const net = (row) => (row[mode].cpuMicros - once[mode].cpuMicros) / (row.size - 1);
    const [first, last] = [rows[0], rows[rows.length - 1]];
    if (rows.length > 1) {
      const growth = net(last) / net(first);
      out({
        name: `${mode}: CPU per row (less start-up) at ${last.size} rows over ${first.size}`,
        value: growth.toFixed(2),
        unit: 'x',
        target: `${(1 / FLAT_TARGET).toFixed(2)}-${FLAT_TARGET}`,
        ok: growth <= FLAT_TARGET && growth >= 1 / FLAT_TARGET,
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
