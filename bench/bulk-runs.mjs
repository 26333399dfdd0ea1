// What the bulk benches share: open invoices raised through the API to mark paid, the payments CSV of
// them, and the CLI (or any Node script) run to its end with its CPU time. Not a bench itself (no
// .bench.mjs suffix).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signIn } from './servers.mjs';

/**
 * The environment the benches run the CLI in: its config and state under `dir`, no API or token of the
 * caller's (EDSHED_API_URL and EDSHED_TOKEN empty), no colour.
 */
export const bulkEnv = (dir) => ({
  ...process.env,
  EDSHED_CONFIG_DIR: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  EDSHED_API_URL: '',
  EDSHED_TOKEN: '',
  NO_COLOR: '1',
});

/** A preloaded exit hook (bench/cpu-hook.mjs): the process prints its CPU time (user + system) as `cpu_us=`, its main thread's as `main_thread_us=`. */
export const cpuHook = fileURLToPath(new URL('./cpu-hook.mjs', import.meta.url));

/** A preloaded exit hook: the process prints its peak resident set (maxRSS, KiB) as `maxrss=`. */
export const rssHook = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss='+process.resourceUsage().maxRSS+'\\n'))`;

/** The peak resident set in MiB that `rssHook` printed in `stderr`. */
export const peakRssMib = (stderr) => Number(/maxrss=(\d+)/.exec(stderr)?.[1]) / 1024;

/** Raises `amount` open card invoices on the subscription over `connections` connections; resolves to their ids. */
export async function raiseInvoices(url, token, subscriptionId, amount, connections = 10) {
  const ids = [];
  const result = await autocannon({
    url,
    connections: Math.min(connections, amount),
    amount,
    headers: { 'x-token': token, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: `/subscriptions/${subscriptionId}/stripe/invoices`,
        body: JSON.stringify({ amount: 1200, description: 'bench' }),
        onResponse: (status, body) => status === 201 && ids.push(JSON.parse(body).invoice.id),
      },
    ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`raise invoices: ${bad} answers not 2xx (or errors, timeouts)`);
  return ids;
}

/** Writes the payments CSV of `ids` (paid by card today) as `dir/name.csv`; its path. */
export function paymentsFile(dir, ids, name) {
  const today = new Date().toISOString().slice(0, 10);
  const file = join(dir, `${name}.csv`);
  writeFileSync(file, `id,method,date\n${ids.map((id) => `${id},card,${today}`).join('\n')}\n`);
  return file;
}

/** The CLI's arguments (after bin/edshed.cjs) for the bulk benches' run: mark paid every row of `file`, as a dry run or applied. */
export const markPaidArgs = (file, mode) => [
  'invoices',
  'mark-paid',
  '--from',
  file,
  '--json',
  ...(mode === 'dry run' ? ['--dry-run'] : []),
];

/**
 * The Node that runs what the benches time (the CLI, the bare client): `BENCH_NODE` (a path to another
 * `node`, to measure the same run under another Node line), else the one running the bench. The sandbox
 * always runs on the bench's own Node (its native addon is built for it).
 */
export const benchNode = process.env.BENCH_NODE || process.execPath;

/** What a bench prints first: the Node (and its V8) of the processes it times. */
export function benchNodeRow() {
  const found = spawnSync(benchNode, ['-p', '`${process.version} (V8 ${process.versions.v8})`'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`BENCH_NODE=${benchNode} does not run: ${found.stderr || found.error}`);
  return { name: `Node of the timed processes (${benchNode})`, value: found.stdout.trim(), unit: '' };
}

/**
 * Runs `node ARGS` (`benchNode`) to its end: its wall time in seconds and its CPU time in microseconds (it
 * prints cpu_us=), and its main thread's (main_thread_us=, NaN where not printed); `check` sees the result first.
 */
export function timedNode(args, env, check) {
  const started = process.hrtime.bigint();
  const result = spawnSync(benchNode, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  check(result);
  return {
    seconds,
    cpuMicros: Number(/\bcpu_us=(\d+)/.exec(result.stderr)?.[1]),
    mainThreadMicros: Number(/\bmain_thread_us=(\d+)/.exec(result.stderr)?.[1]),
  };
}

/**
 * Signs the CLI (its config in `env`) and the bench in as the superuser; answers the bench's token and a
 * card-billed subscription of school 2 to raise invoices on.
 */
export async function signInForBulk(url, bin, env) {
  const token = await signIn(url, 'superuser');
  const login = spawnSync(
    process.execPath,
    [bin, 'auth', 'login', '--api-url', url, '-u', 'superuser', '--password-stdin'],
    { env, input: 'sandbox\n', encoding: 'utf8' },
  );
  if (login.status !== 0) throw new Error(`CLI sign-in failed: ${login.stderr}`);
  const invoices = await (
    await fetch(`${url}subscriptions/invoices?school_id=2&take=500`, { headers: { 'x-token': token } })
  ).json();
  const subscription = invoices.invoices.find((i) => i.billing === 'card')?.subscription_id;
  if (subscription === undefined) throw new Error('the seed has no card-billed invoice at school 2');
  return { token, subscription };
}
