// Peak memory of a bulk dry run: `edshed invoices mark-paid --from FILE --dry-run` over a CSV of
// ROWS rows, as the whole CLI process's peak resident set (maxRSS, read by a preloaded exit hook), for
// CSV and NDJSON, signed in against a sandbox whose book holds an invoice for every row (the large seed,
// and open card invoices raised up to ROWS), so the run reads every target's state as a user's would.
// The dry run reads and checks every row as a real run's first pass does, keeping only a fingerprint per
// row (duplicates) and each target's state, so the figure should stay flat as the file grows.
// Also the curated `invoices mark paid --from` dry run's time over the table command's on the same CSV
// (a ratio of one run): its per-row checks (the route-clash check among them) must cost about what
// buildRequest does for the table command, not a walk of the 777-entry table per row.
// And the oldest ids of the book against the newest: the requests (counted by a proxy, bench/counting-proxy.mjs)
// and the time of a dry run naming the oldest SPAN invoices over one naming the newest SPAN.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { peakRssMib, rssHook } from './bulk-runs.mjs';
import { countingProxy } from './counting-proxy.mjs';
import { call, signIn, startSandbox } from './servers.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SPAN = Math.min(10_000, Math.floor(ROWS / 4));
const TARGET_MIB = 150;
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-bench-'));
const env = {
  ...process.env,
  EDSHED_CONFIG_DIR: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  NO_COLOR: '1',
};
const out = (row) => console.log(JSON.stringify(row));
const log = (line) => process.stderr.write(`${line}\n`);

/** The CLI with the exit hook, run without blocking this process (the proxy runs in it). */
const cli = (args, input) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = execFile(
      process.execPath,
      ['--import', rssHook, bin, ...args],
      { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr, ms: performance.now() - started }),
    );
    child.stdin.end(input ?? '');
  });

/** Raises open card invoices on `subscription` until the book holds `rows`, a few requests at a time. */
async function fillBook(url, token, subscription, rows) {
  const { total } = await call(url, 'GET', 'subscriptions/invoices?take=1', token);
  let left = rows - total;
  log(`raising ${Math.max(0, left)} invoices (the book holds ${total})`);
  const raise = async () => {
    while (left > 0) {
      left -= 1;
      await call(url, 'POST', `subscriptions/${subscription}/stripe/invoices`, token, {
        amount: 1200,
        description: 'bench',
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, raise));
}

/** Every invoice id, newest first. */
async function invoiceIds(url, token) {
  const ids = [];
  for (let skip = 0; ; skip += 1000) {
    const page = (await call(url, 'GET', `subscriptions/invoices?skip=${skip}&take=1000`, token)).invoices.map(
      (i) => i.id,
    );
    ids.push(...page);
    if (page.length < 1000) return ids;
  }
}

const sandbox = await startSandbox({ seed: 'large' });
const proxy = await countingProxy(sandbox.url);
try {
  const { url } = sandbox;
  const token = await signIn(url, 'superuser');
  const login = await cli(
    ['auth', 'login', '--api-url', proxy.url, '-u', 'superuser', '--password-stdin'],
    'sandbox\n',
  );
  if (login.status !== 0) throw new Error(`CLI sign-in failed: ${login.stderr}`);
  const card = (await call(url, 'GET', 'subscriptions/invoices?school_id=2&take=500', token)).invoices.find(
    (i) => i.billing === 'card',
  );
  if (card === undefined) throw new Error('the seed has no card-billed invoice at school 2');
  await fillBook(url, token, card.subscription_id, ROWS);
  const ids = await invoiceIds(url, token);
  const file = (name, lines) => {
    writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
    return join(dir, name);
  };
  // Paid today, as a run recording the day's payments would be: no invoice was issued after it.
  const today = new Date().toISOString().slice(0, 10);
  const csvOf = (name, rows) => file(name, ['id,method,date', ...rows.map((id) => `${id},bacs,${today}`)]);
  const named = ids.slice(0, ROWS);
  const csv = csvOf('rows.csv', named);
  const ndjson = file(
    'rows.ndjson',
    named.map((id) => JSON.stringify({ id, method: 'bacs', date: today })),
  );
  const dryRun = async (command, path) => {
    proxy.reset();
    const result = await cli([...command, '--from', path, '--dry-run', '--json']);
    if (result.status !== 0)
      throw new Error(`dry run of ${path} exited ${result.status}: ${result.stderr.slice(-2000)}`);
    const found = Object.values(JSON.parse(result.stdout).targets?.states ?? {}).reduce((a, b) => a + b, 0);
    return { ...result, found, reads: proxy.counts().get('GET /subscriptions/invoices') ?? 0 };
  };
  const table = await dryRun(['invoices', 'mark-paid'], csv);
  if (table.found !== named.length) throw new Error(`the dry run read ${table.found} of ${named.length} targets`);
  const curated = await dryRun(['invoices', 'mark', 'paid'], csv);
  const ratio = curated.ms / table.ms;
  out({
    name: `${ROWS}-row dry run time, invoices mark paid over invoices mark-paid, signed in (${(curated.ms / 1000).toFixed(1)} s / ${(table.ms / 1000).toFixed(1)} s)`,
    value: ratio.toFixed(2),
    unit: 'x',
    target: '<= 2',
    ok: ratio <= 2,
  });
  const peakMib = (result) => peakRssMib(result.stderr);
  for (const [kind, result] of [
    ['csv', table],
    ['ndjson', await dryRun(['invoices', 'mark-paid'], ndjson)],
  ]) {
    const mib = peakMib(result);
    out({
      name: `peak RSS of a ${ROWS}-row signed-in dry run (${kind}; ${result.found} targets read in ${result.reads} list reads)`,
      value: mib.toFixed(0),
      unit: 'MiB',
      target: `<= ${TARGET_MIB}`,
      ok: mib <= TARGET_MIB,
    });
  }
  // The oldest and newest SPAN of the book, each run twice, interleaved; the faster of each kept.
  const ends = { oldest: csvOf('oldest.csv', ids.slice(-SPAN)), newest: csvOf('newest.csv', ids.slice(0, SPAN)) };
  const best = {};
  for (let round = 0; round < 2; round += 1) {
    for (const end of ['oldest', 'newest']) {
      const run = await dryRun(['invoices', 'mark-paid'], ends[end]);
      if (best[end] === undefined || run.ms < best[end].ms) best[end] = run;
    }
  }
  const reads = best.oldest.reads / best.newest.reads;
  out({
    name: `list reads of the oldest ${SPAN} ids over the newest ${SPAN} (book of ${ids.length}; ${best.oldest.reads} / ${best.newest.reads})`,
    value: reads.toFixed(2),
    unit: 'x',
    target: '<= 1.15',
    ok: reads <= 1.15,
  });
  const time = best.oldest.ms / best.newest.ms;
  out({
    name: `dry run time, the oldest ${SPAN} ids over the newest ${SPAN} (${(best.oldest.ms / 1000).toFixed(2)} s / ${(best.newest.ms / 1000).toFixed(2)} s)`,
    value: time.toFixed(2),
    unit: 'x',
    target: '<= 1.15',
    ok: time <= 1.15,
  });
} finally {
  await proxy.close();
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
