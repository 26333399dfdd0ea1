// Sandbox throughput as a ratio to a bare Fastify route returning constant JSON, all measured in this one
// run with autocannon on loopback, with the same connections and duration for every case. Both servers
// run in child processes for the whole bench (an idle one costs nothing); the sandbox on :memory: with
// the large seed and a rate limit far above what the run sends, so the limiter counts but never refuses.
// Every case gets a one-second warm-up, then the cases are measured in ROUNDS interleaved rounds of
// DURATION seconds (bare, reads, write, bare, reads, write...): a slow spell of the machine then hits all
// of them alike instead of one case. A case's rate is its 2xx answers over its measured seconds.
//
// Cases:
// - the bare route: GET /bare of bench/bare-server.mjs;
// - list reads: the school admin's pupil list (GET users/me/school/pupils as `admin`: every pupil of the
//   school, 30 in the large seed, with their group ids) and the superuser's invoice list
//   (GET subscriptions/invoices?take=25, the first page of 25 of the 10,000 invoices, newest first, and the total);
// - a write: POST superuser/invoices/{id}/paid {method: 'card', date: today} as `superuser`, every request
//   on a different open invoice, so each one is a real open -> paid transition (a repeat on a paid invoice
//   would be an idempotent no-op answering `changed: false`). The large seed has only about a thousand
//   open invoices, several issued in the future (a payment date before the issue date is refused), so the
//   bench raises a pool of open invoices through the API (POST subscriptions/{id}/stripe/invoices on a
//   card-billed subscription), topped up before each write round from the fastest write rate seen (so
//   the invoice list's later rounds count a larger table: its total is a count of all invoices). The share of measured requests that changed an
//   invoice's state (the count of paid invoices before and after) is reported too and must be 100%.
import autocannon from 'autocannon';
import { call, signIn, startBare, startSandbox } from './servers.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = 1;
const TARGET = 0.4;

const log = (text) => process.stderr.write(`${text}\n`);
const out = (row) => console.log(JSON.stringify(row));

/** Runs autocannon; returns 2xx answers per second and the raw result. Any non-2xx answer fails the bench. */
async function load(name, options) {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rate: result['2xx'] / result.duration, result };
}

async function paidCount(url, token) {
  return (await call(url, 'GET', 'subscriptions/invoices?state=paid&take=1', token)).total;
}

/** A card-billed subscription of the seed: card invoices can be raised on it at will. */
async function cardSubscription(url, token) {
  const { invoices } = await call(url, 'GET', 'subscriptions/invoices?school_id=2&take=500', token);
  const invoice = invoices.find((i) => i.billing === 'card');
  if (!invoice) throw new Error('the seed has no card-billed invoice at school 2');
  return invoice.subscription_id;
}

/** Raises open invoices through the API; `{ duration }` or `{ amount }`. Resolves to their ids. */
async function raiseInvoices(url, token, subscriptionId, limit) {
  const ids = [];
  await load('raise open invoices', {
    url,
    ...limit,
    headers: { 'x-token': token, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: `/subscriptions/${subscriptionId}/stripe/invoices`,
        body: JSON.stringify({ amount: 1200, description: 'bench' }),
        onResponse: (status, body) => {
          if (status === 201) ids.push(JSON.parse(body).invoice.id);
        },
      },
    ],
  });
  return ids;
}

/** Mark-paid requests over `pool.ids`, one invoice per request, in order from `pool.next`. */
function markPaidOptions(url, token, pool) {
  const body = JSON.stringify({ method: 'card', date: new Date().toISOString().slice(0, 10) });
  return {
    url,
    headers: { 'x-token': token, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        body,
        setupRequest: (request) => ({ ...request, path: `/superuser/invoices/${pool.ids[pool.next++ % pool.ids.length]}/paid` }),
      },
    ],
  };
}

/**
 * The write case: a warm-up, then a pool of open invoices topped up before each measured round to twice
 * what the fastest rate seen so far would use, so no round runs out even if the machine speeds up.
 */
async function writeCase(url, token) {
  const subscription = await cardSubscription(url, token);
  const warm = { ids: await raiseInvoices(url, token, subscription, { duration: WARMUP }), next: 0 };
  // One request per warm-up invoice, so no idempotent repeats inflate the rate. With `amount`,
  // autocannon ends on its next one-second tick, so the rate is timed to the last answer.
  const warmOptions = markPaidOptions(url, token, warm);
  const started = performance.now();
  let last = started;
  warmOptions.requests[0].onResponse = () => {
    last = performance.now();
  };
  await load('mark paid (warm-up)', { ...warmOptions, amount: warm.ids.length });
  let fastest = warm.ids.length / ((last - started) / 1000);
  const pool = { ids: [], next: 0 };
  return {
    options: markPaidOptions(url, token, pool),
    async beforeRound() {
      const needed = Math.max(2000, Math.ceil(fastest * DURATION * 2)) - (pool.ids.length - pool.next);
      if (needed > 0) pool.ids.push(...(await raiseInvoices(url, token, subscription, { amount: needed })));
    },
    afterRound(rate) {
      fastest = Math.max(fastest, rate);
      if (pool.next > pool.ids.length) log(`the pool ran out: ${pool.next - pool.ids.length} requests repeated an invoice`);
    },
  };
}

const WRITE = 'POST superuser/invoices/{id}/paid (open -> paid)';
const rows = [];
const bare = await startBare();
const sandbox = await startSandbox({ seed: 'large' });
try {
  const { url } = sandbox;
  const admin = await signIn(url, 'admin');
  const superuser = await signIn(url, 'superuser');
  const cases = [
    ['bare Fastify route, constant JSON', { url: `${bare.url}bare` }],
    ['GET users/me/school/pupils (admin, whole school)', { url: `${url}users/me/school/pupils`, headers: { 'x-token': admin } }],
    ['GET subscriptions/invoices (superuser, first 25)', { url: `${url}subscriptions/invoices?take=25`, headers: { 'x-token': superuser } }],
  ];
  for (const [name, options] of cases) await load(`${name} (warm-up)`, { ...options, duration: WARMUP });
  const write = await writeCase(url, superuser);
  cases.push([WRITE, write.options]);
  const totals = new Map(cases.map(([name]) => [name, { answered: 0, seconds: 0 }]));
  const paidBefore = await paidCount(url, superuser);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, options] of cases) {
      if (name === WRITE) await write.beforeRound();
      const { rate, result } = await load(name, { ...options, duration: DURATION });
      if (name === WRITE) write.afterRound(rate);
      const total = totals.get(name);
      total.answered += result['2xx'];
      total.seconds += result.duration;
      log(`round ${round}: ${name}: ${rate.toFixed(0)} req/s`);
    }
  }
  const changed = (await paidCount(url, superuser)) - paidBefore;
  const rate = (name) => totals.get(name).answered / totals.get(name).seconds;
  const [bareName] = cases[0];
  rows.push({ name: bareName, value: rate(bareName).toFixed(0), unit: 'req/s' });
  for (const [name] of cases.slice(1)) {
    const ratio = rate(name) / rate(bareName);
    rows.push({ name, value: rate(name).toFixed(0), unit: 'req/s' });
    rows.push({ name: `${name} / bare`, value: ratio.toFixed(2), unit: 'x', target: `>= ${TARGET}`, ok: ratio >= TARGET });
  }
  // Requests still in flight when a round ends are applied but not counted as answered (at most
  // CONNECTIONS a round), hence at most 100%.
  const share = Math.min(1, changed / totals.get(WRITE).answered);
  log(`mark paid: ${changed} invoices changed state for ${totals.get(WRITE).answered} answered requests`);
  rows.push({ name: 'mark-paid requests that changed state', value: (share * 100).toFixed(1), unit: '%', target: '100', ok: share === 1 });
} finally {
  await Promise.all([sandbox.stop(), bare.stop()]);
}
for (const row of rows) out(row);
