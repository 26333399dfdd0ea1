// Bulk-run throughput: `edshed invoices mark-paid --from payments.csv` over ITEMS open invoices,
// as a ratio to autocannon's saturation throughput on the same endpoint (POST superuser/invoices/{id}/paid,
// every request a real open -> paid transition with its own Idempotency-Key, as the CLI sends) against the
// same sandbox in the same run. The sandbox (large seed, :memory:, a rate limit far above what is sent)
// runs in a child process; open invoices are raised through the API on a card-billed subscription, a fresh
// pool for each measurement. The CLI's rate counts its whole process, start-up included, from spawn to exit.
// The CLI runs at its default concurrency (the target) and at a higher one (information); for each, its
// CPU time per item and the sandbox's, so a ratio under the target shows where the time goes. Two more
// figures for reading the ratio: a bare node:http client (bench/bare-client.mjs) over the same requests at
// the default concurrency, the floor any Node client meets on this machine; and the CPU the machine's
// other processes took during each measurement (the machine may be shared: a rate falls when it is).
// Every rate is items over the wall time measured here (autocannon's own `duration` is rounded up to its
// 1 s tick in `amount` mode, which understated its rate), and the measurements run in ROUNDS interleaved
// rounds (autocannon, bare client, CLI, CLI, curated CLI), each figure the median of its rounds. The curated
// form (`invoices mark paid --from`, which reads its invoices once, a page of the list at a time) runs at
// the default concurrency too: its CPU per item over the table form's. Last, requests per item of both
// forms over REQUEST_ITEMS invoices, counted by a proxy in front of the sandbox (bench/counting-proxy.mjs).
// BENCH_NODE=/path/to/node times the CLI and the bare client under another Node (the sandbox stays on this one).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  benchNodeRow,
  bulkEnv,
  cpuHook as hook,
  paymentsFile as writePayments,
  raiseInvoices as raise,
  signInForBulk,
  timedNode,
} from './bulk-runs.mjs';
import { countingProxy } from './counting-proxy.mjs';
import { startSandbox } from './servers.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DEFAULT_CONCURRENCY = 4; // the CLI's (cli/bulk/bulk-options.ts)
const MORE_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TARGET = 0.7;
const REQUEST_ITEMS = Number(process.env.BENCH_REQUEST_ITEMS ?? 500);
/** The curated form's CPU per item at most this many times the table form's (its dry run's target, bench/bulk-memory). */
const CURATED_CPU_TARGET = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const bareClient = fileURLToPath(new URL('./bare-client.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-throughput-'));
const env = bulkEnv(dir);
const log = (text) => process.stderr.write(`${text}\n`);
const out = (row) => console.log(JSON.stringify(row));
const today = new Date().toISOString().slice(0, 10);

/** CPU time (user + system) of a process in microseconds, from /proc (Linux; null elsewhere; 100 ticks a second). */
function cpuMicros(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function assertClean(name, runs) {
  const bad = runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  if (bad > 0) throw new Error(`${name}: ${bad} answers not 2xx (or errors, timeouts)`);
}

/** Raises `amount` open card invoices on the subscription; resolves to their ids. */
const raiseInvoices = (url, token, subscriptionId, amount) => raise(url, token, subscriptionId, amount, CONNECTIONS);

/** autocannon over `ids`, one connection per list, each request built beforehand with its own key. */
async function saturate(url, token, ids) {
  const body = JSON.stringify({ method: 'card', date: today });
  const lists = Array.from({ length: CONNECTIONS }, (_, c) => ids.filter((_, i) => i % CONNECTIONS === c));
  const started = process.hrtime.bigint();
  const runs = await Promise.all(
    lists.map((list, c) =>
      autocannon({
        url,
        connections: 1,
        amount: list.length,
        headers: { 'x-token': token, 'content-type': 'application/json' },
        requests: list.map((id) => ({
          method: 'POST',
          path: `/superuser/invoices/${id}/paid`,
          body,
          headers: { 'x-token': token, 'content-type': 'application/json', 'idempotency-key': `bench-${c}-${id}` },
        })),
      }),
    ),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  assertClean('autocannon mark paid', runs);
  return runs.reduce((n, r) => n + r['2xx'], 0) / seconds;
}

/** Writes the payments CSV of `ids`; its path. */
const paymentsFile = (ids, name) => writePayments(dir, ids, name);

/** Runs `node ARGS` to its end: items a second (spawn to exit) and its CPU time per item (it prints cpu_us=). */
function timedRun(args, items, check) {
  const { seconds, cpuMicros: micros } = timedNode(args, env, check);
  return { rate: items / seconds, cpuPerItem: micros / items };
}

/** The table form: `invoices mark-paid`; the curated form: `invoices mark paid`. */
const FORMS = { table: ['invoices', 'mark-paid'], curated: ['invoices', 'mark', 'paid'] };

/** The CLI over a CSV of `ids`: items a second (spawn to exit) and its CPU time per item. */
function cliRun(ids, concurrency, form = 'table') {
  const file = paymentsFile(ids, `payments-${form}-${concurrency}`);
  return timedRun(
    ['--import', hook, bin, ...FORMS[form], '--from', file, '--concurrency', String(concurrency), '--json'],
    ids.length,
    (result) => {
      const summary = result.status === 0 ? JSON.parse(result.stdout) : undefined;
      if (summary?.done !== ids.length)
        throw new Error(`CLI run exited ${result.status}: ${result.stderr.slice(-2000)}`);
    },
  );
}

/** The bare node:http client (bench/bare-client.mjs) over the same CSV: what any Node client costs here. */
function bareRun(url, token, ids, concurrency) {
  const file = paymentsFile(ids, `bare-${concurrency}`);
  return timedRun([bareClient, url, token, file, String(concurrency)], ids.length, (result) => {
    if (result.status !== 0) throw new Error(`bare client exited ${result.status}: ${result.stderr.slice(-2000)}`);
  });
}

/** CPU time (user + system) of the whole machine in microseconds, from /proc/stat (null elsewhere). */
function machineMicros() {
  if (!existsSync('/proc/stat')) return null;
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq) * 10_000;
}

/**
 * Requests per item of the table and the curated form over REQUEST_ITEMS fresh invoices each, counted by
 * a proxy in front of the sandbox (a CLI profile signed in through it). The curated form may send at most
 * what the table form sends plus one list read per page of invoices.
 */
async function requestsPerItem(url, token, subscription) {
  const proxy = await countingProxy(url);
  // The proxy runs in this process: the CLI is run without blocking it (no spawnSync).
  const cli = (args, input) =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin.end(input ?? '');
    });
  try {
    const login = await cli(
      ['auth', 'login', '--api-url', proxy.url, '--profile', 'counted', '-u', 'superuser', '--password-stdin'],
      'sandbox\n',
    );
    if (login.status !== 0) throw new Error(`CLI sign-in through the proxy failed: ${login.stderr}`);
    const sent = {};
    for (const form of ['table', 'curated']) {
      const ids = await raiseInvoices(url, token, subscription, REQUEST_ITEMS);
      proxy.reset();
      const run = await cli([
        ...FORMS[form],
        '--from',
        paymentsFile(ids, `counted-${form}`),
        '--profile',
        'counted',
        '--json',
      ]);
      if (run.status !== 0) throw new Error(`${form} run exited ${run.status}: ${run.stderr.slice(-2000)}`);
      const counts = proxy.counts();
      sent[form] = {
        total: [...counts.values()].reduce((a, b) => a + b, 0),
        lists: counts.get('GET /subscriptions/invoices') ?? 0,
      };
      log(`${form}: ${JSON.stringify(Object.fromEntries(counts))}`);
    }
    const allowed = sent.table.total + Math.ceil(REQUEST_ITEMS / 100);
    out({
      name: `requests per item, table form (invoices mark-paid --from, ${REQUEST_ITEMS} items)`,
      value: (sent.table.total / REQUEST_ITEMS).toFixed(3),
      unit: 'requests',
    });
    out({
      name: `requests per item, curated form (invoices mark paid --from, ${REQUEST_ITEMS} items; ${sent.curated.lists} list reads)`,
      value: (sent.curated.total / REQUEST_ITEMS).toFixed(3),
      unit: 'requests',
      target: `<= table + 1 list read per 100 (${(allowed / REQUEST_ITEMS).toFixed(3)})`,
      ok: sent.curated.total <= allowed,
    });
  } finally {
    await proxy.close();
  }
}

out(benchNodeRow());
const sandbox = await startSandbox({ seed: 'large' });
try {
  const { url } = sandbox;
  const { token, subscription } = await signInForBulk(url, bin, env);

  // Warm-up of the sandbox's write path, then autocannon's saturation rate over as many items as the CLI sends.
  await saturate(url, token, await raiseInvoices(url, token, subscription, 2000));
  // Each measurement on a fresh pool of open invoices. Besides its value: the sandbox's CPU per item, and the
  // CPU the machine's other processes took meanwhile (in cores), which a shared machine makes vary.
  const measure = async (what, run) => {
    const ids = await raiseInvoices(url, token, subscription, ITEMS);
    const before = {
      sandbox: cpuMicros(sandbox.child.pid),
      machine: machineMicros(),
      self: process.cpuUsage(),
      at: process.hrtime.bigint(),
    };
    const value = await run(ids);
    const seconds = Number(process.hrtime.bigint() - before.at) / 1e9;
    const sandboxMicros = before.sandbox === null ? null : cpuMicros(sandbox.child.pid) - before.sandbox;
    const self = process.cpuUsage(before.self);
    const client = value.cpuPerItem === undefined ? self.user + self.system : value.cpuPerItem * ids.length;
    const otherCores =
      before.machine === null || sandboxMicros === null
        ? null
        : Math.max(0, machineMicros() - before.machine - sandboxMicros - client) / 1e6 / seconds;
    const serverCpu = sandboxMicros === null ? null : sandboxMicros / ids.length;
    log(
      `${what}: ${JSON.stringify(value)}; sandbox CPU per item ${serverCpu?.toFixed(0)} us; other processes ${otherCores?.toFixed(2)} cores`,
    );
    return { value, serverCpu, otherCores };
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  /** The median of each figure over the rounds. */
  const medianOf = (results) => ({
    value: {
      rate: median(results.map((r) => r.value.rate)),
      cpuPerItem: median(results.map((r) => r.value.cpuPerItem ?? 0)),
    },
    serverCpu: results.some((r) => r.serverCpu === null) ? null : median(results.map((r) => r.serverCpu)),
    otherCores: results.some((r) => r.otherCores === null) ? null : median(results.map((r) => r.otherCores)),
  });
  const kinds = [
    ['autocannon', async (ids) => ({ rate: await saturate(url, token, ids) })],
    [
      `bare node:http client, concurrency ${DEFAULT_CONCURRENCY}`,
      (ids) => bareRun(url, token, ids, DEFAULT_CONCURRENCY),
    ],
    [`CLI, concurrency ${DEFAULT_CONCURRENCY}`, (ids) => cliRun(ids, DEFAULT_CONCURRENCY)],
    [`CLI, concurrency ${MORE_CONCURRENCY}`, (ids) => cliRun(ids, MORE_CONCURRENCY)],
    [`curated CLI, concurrency ${DEFAULT_CONCURRENCY}`, (ids) => cliRun(ids, DEFAULT_CONCURRENCY, 'curated')],
  ];
  const seen = new Map(kinds.map(([what]) => [what, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [what, run] of kinds) seen.get(what).push(await measure(`round ${round}: ${what}`, run));
  }
  const [cannon, bare, cli4, cli16, curated] = kinds.map(([what]) => medianOf(seen.get(what)));
  const rate = cannon.value.rate;
  out({
    name: `autocannon saturation, ${CONNECTIONS} connections, POST superuser/invoices/{id}/paid (median of ${ROUNDS})`,
    value: rate.toFixed(0),
    unit: 'req/s',
  });
  const report = (who, c, result, extra = {}) => {
    out({
      name: `${who} ${ITEMS} items, concurrency ${c} (median of ${ROUNDS})`,
      value: result.value.rate.toFixed(0),
      unit: 'items/s',
    });
    out({
      name: `  ${who} CPU per item / sandbox CPU per item (c=${c})`,
      value: `${result.value.cpuPerItem.toFixed(0)} / ${result.serverCpu?.toFixed(0)}`,
      unit: 'us',
    });
    out({
      name: `  other processes on the machine meanwhile (${who}, c=${c})`,
      value: result.otherCores?.toFixed(2),
      unit: 'cores',
    });
    out({ name: `${who} / autocannon (c=${c})`, value: (result.value.rate / rate).toFixed(2), unit: 'x', ...extra });
  };
  // The floor: a bare node:http client at the CLI's default concurrency (no checks, journal or audit).
  report('bare node:http client', DEFAULT_CONCURRENCY, bare);
  for (const [concurrency, cli] of [
    [DEFAULT_CONCURRENCY, cli4],
    [MORE_CONCURRENCY, cli16],
  ]) {
    const ratio = cli.value.rate / rate;
    const isTarget = concurrency === DEFAULT_CONCURRENCY;
    report(
      `CLI from a CSV${isTarget ? ' (default concurrency)' : ''}`,
      concurrency,
      cli,
      isTarget ? { target: `>= ${TARGET}`, ok: ratio >= TARGET } : {},
    );
    if (isTarget && ratio < TARGET) {
      log(
        `below target: CLI ${cli.value.cpuPerItem.toFixed(0)} us CPU per item (the bare node:http client ${bare.value.cpuPerItem.toFixed(0)}, ratio ${(bare.value.rate / rate).toFixed(2)}) against the sandbox's ${cli.serverCpu?.toFixed(0)} us; on 2 cores the client and the sandbox share the CPU, which autocannon's cheap requests hardly do`,
      );
    }
  }
  report('curated CLI (invoices mark paid) from a CSV', DEFAULT_CONCURRENCY, curated);
  const cpuRatio = curated.value.cpuPerItem / cli4.value.cpuPerItem;
  out({
    name: `curated CLI CPU per item / table CLI CPU per item (c=${DEFAULT_CONCURRENCY})`,
    value: cpuRatio.toFixed(2),
    unit: 'x',
    target: `<= ${CURATED_CPU_TARGET}`,
    ok: cpuRatio <= CURATED_CPU_TARGET,
  });
  log(`autocannon: sandbox CPU per request ${cannon.serverCpu?.toFixed(0)} us`);
  await requestsPerItem(url, token, subscription);
} finally {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
