// The sandbox against the tool a user would otherwise rehearse against: json-server 0.17 serving the
// same invoices from a JSON file. Both run in child processes; autocannon (in this process)
// loads each with the same connections and duration, in interleaved rounds so a slow spell of the
// machine hits both alike. For the demo and the large seed:
// - list: the first page of 25 invoices, newest first (sandbox GET subscriptions/invoices?take=25;
//   json-server GET /invoices?_sort=id&_order=desc&_page=1&_limit=25);
// - read: one invoice by id (sandbox GET subscriptions/invoices/{shareableId}; json-server GET /invoices/{id});
// - write: an invoice update, credited alternately to two sales people so every request changes the row
//   (sandbox PATCH subscriptions/invoices/{id}/source_person; json-server PATCH /invoices/{id}).
// json-server gets the sandbox's own invoices, read through the API before its start. Targets are the
// sandbox's rate over json-server's: lists and reads >= 5x and writes >= 2x on the demo seed, writes >=
// 100x on the large seed; and the sandbox's CPU per request on the large seed at most 1.3x the demo's
// (on Linux, from /proc): its cost per request stays flat as data grows, json-server's does not.
// Five rounds by default, the order of the two servers alternating from round to round, and for both the
// CPU per request and the bytes per answer (json-server pretty-prints its JSON, so its bodies are larger
// for the same records: part of its cost, and said beside the ratio).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { call, cpuMicros, signIn, startSandbox } from './servers.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGETS = { demo: { list: 5, read: 5, write: 2 }, large: { write: 100 } };
const CPU_GROWTH_TARGET = 1.3;
// The demo seed has 11 invoices, so its "page of 25" answers 11 and the large seed's 25: not the same
// request. The CPU growth of lists is judged on a page both seeds fill; the page of 25's is shown too.
const FULL_PAGE = 10;
const FULL_PAGE_CASE = `list of ${FULL_PAGE}`;
const JSON_SERVER = fileURLToPath(new URL('../node_modules/json-server/lib/cli/bin.js', import.meta.url));

const log = (text) => process.stderr.write(`${text}\n`);
const out = (row) => console.log(JSON.stringify(row));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** json-server on `file`, resolved once it answers. */
async function startJsonServer(file) {
  const port = await freePort();
  const child = spawn(process.execPath, [JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', '--quiet', file], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`json-server exited (${child.exitCode})`);
    const ok = await fetch(`${url}invoices/1`).then((r) => r.ok, () => false);
    if (ok) return { url, child, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('json-server did not answer within 60 s');
}

/** Every invoice of the sandbox, through its list call, pages of 1000. */
async function allInvoices(url, token) {
  const invoices = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await call(url, 'GET', `subscriptions/invoices?take=1000&skip=${skip}`, token);
    invoices.push(...page.invoices);
    if (page.invoices.length < 1000) return invoices;
  }
}

async function load(name, options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

/** The three cases against both servers, for one seed: rates and the sandbox's CPU per request. */
async function measureSeed(seed, dir) {
  const sandbox = await startSandbox({ seed });
  let jsonServer;
  try {
    const token = await signIn(sandbox.url, 'superuser');
    const invoices = await allInvoices(sandbox.url, token);
    const people = (await call(sandbox.url, 'GET', 'superuser/salespeople', token)).salespeople;
    if (people.length < 2) throw new Error('the seed needs two sales people');
    const file = join(dir, `${seed}.json`);
    writeFileSync(file, JSON.stringify({ invoices }));
    jsonServer = await startJsonServer(file);
    const invoice = invoices[Math.floor(invoices.length / 2)];
    log(`${seed}: ${invoices.length} invoices; reading and updating invoice ${invoice.id}`);
    const patch = (path, key) => ({
      method: 'PATCH',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      requests: people.slice(0, 2).map((p) => ({ method: 'PATCH', path, body: JSON.stringify({ [key]: p.id }) })),
    });
    const list = (take) => [
      { url: `${sandbox.url}subscriptions/invoices?take=${take}`, headers: { 'x-token': token } },
      { url: `${jsonServer.url}invoices?_sort=id&_order=desc&_page=1&_limit=${take}` },
    ];
    const cases = {
      list: list(25),
      [FULL_PAGE_CASE]: list(FULL_PAGE),
      read: [{ url: `${sandbox.url}subscriptions/invoices/${invoice.shareable_id}` }, { url: `${jsonServer.url}invoices/${invoice.id}` }],
      write: [
        { url: sandbox.url, ...patch(`/subscriptions/invoices/${invoice.id}/source_person`, 'source_person_id') },
        { url: jsonServer.url, ...patch(`/invoices/${invoice.id}`, 'source_person_id') },
      ],
    };
    const totals = {};
    for (const [name, [sandboxCase, jsonCase]] of Object.entries(cases)) {
      await load(`${seed} ${name} warm-up`, { ...sandboxCase, duration: 1 });
      await load(`${seed} ${name} warm-up`, { ...jsonCase, duration: 1 });
      totals[name] = { sandbox: { answered: 0, seconds: 0, cpu: 0, bytes: 0 }, json: { answered: 0, seconds: 0, cpu: 0, bytes: 0 } };
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, [sandboxCase, jsonCase]] of Object.entries(cases)) {
        /** One server's load, with the CPU its process used meanwhile (null off Linux). */
        const measure = async (who, pid, options) => {
          const before = cpuMicros(pid);
          const result = await load(`${seed} ${name} ${who}`, options);
          return { result, cpu: before === null ? null : cpuMicros(pid) - before };
        };
        const runSandbox = () => measure('sandbox', sandbox.child.pid, sandboxCase);
        const runJson = () => measure('json-server', jsonServer.child.pid, jsonCase);
        // Alternate which server goes first, so neither always follows the other's garbage or cache.
        const [first, second] = round % 2 === 1 ? [await runSandbox(), await runJson()] : [await runJson(), await runSandbox()].reverse();
        const t = totals[name];
        for (const [side, { result, cpu }] of [['sandbox', first], ['json', second]]) {
          t[side].answered += result['2xx'];
          t[side].seconds += result.duration;
          t[side].bytes += result.throughput.total;
          t[side].cpu = cpu === null || t[side].cpu === null ? null : t[side].cpu + cpu;
        }
        const [s, j] = [first.result, second.result];
        log(`${seed} round ${round}: ${name}: sandbox ${(s['2xx'] / s.duration).toFixed(0)} req/s, json-server ${(j['2xx'] / j.duration).toFixed(0)} req/s`);
      }
    }
    return totals;
  } finally {
    await Promise.all([sandbox.stop(), jsonServer?.stop()]);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'edshed-json-server-'));
try {
  const results = {};
  for (const seed of ['demo', 'large']) results[seed] = await measureSeed(seed, dir);
  for (const [seed, totals] of Object.entries(results)) {
    for (const [name, t] of Object.entries(totals)) {
      const sandboxRate = t.sandbox.answered / t.sandbox.seconds;
      const jsonRate = t.json.answered / t.json.seconds;
      const ratio = sandboxRate / jsonRate;
      const target = TARGETS[seed][name];
      out({ name: `${seed} ${name}: sandbox ${sandboxRate.toFixed(0)} req/s, json-server ${jsonRate.toFixed(0)} req/s`, value: ratio.toFixed(1), unit: 'x', ...(target === undefined ? {} : { target: `>= ${target}`, ok: ratio >= target }) });
      const perRequest = (side) => (t[side].cpu === null ? 'n/a' : `${(t[side].cpu / t[side].answered).toFixed(0)} us`);
      const bytes = (side) => (t[side].bytes / Math.max(1, t[side].answered)).toFixed(0);
      out({ name: `  ${seed} ${name}: CPU per request, sandbox / json-server (bytes an answer: ${bytes('sandbox')} / ${bytes('json')}, json-server's pretty-printed)`, value: `${perRequest('sandbox')} / ${perRequest('json')}`, unit: '' });
    }
  }
  for (const name of Object.keys(results.demo)) {
    const perRequest = (seed) => {
      const t = results[seed][name].sandbox;
      return t.cpu === null ? null : t.cpu / t.answered;
    };
    const demo = perRequest('demo');
    const large = perRequest('large');
    if (demo === null || large === null) continue;
    const growth = large / demo;
    const judged = name !== 'list';
    const label = judged ? name : `list of 25 (demo answers its 11 invoices, large 25)`;
    out({ name: `${label}: sandbox CPU per request, large over demo seed (${large.toFixed(0)} / ${demo.toFixed(0)} us)`, value: growth.toFixed(2), unit: 'x', ...(judged ? { target: `<= ${CPU_GROWTH_TARGET}`, ok: growth <= CPU_GROWTH_TARGET } : {}) });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
