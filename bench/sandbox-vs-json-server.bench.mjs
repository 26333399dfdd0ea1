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
// The sandbox runs twice side by side: on an in-memory database and on a database file, what `edshed
// sandbox start` uses by default (json-server too writes its file on every write), each judged against
// json-server. Five rounds by default, the order of the servers rotating from round to round, and for
// each the CPU per request and the bytes per answer (json-server pretty-prints its JSON, so its bodies are
// larger for the same records: part of its cost, and said beside the ratio).
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
  const child = spawn(process.execPath, [JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', '--quiet', file], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`json-server exited (${child.exitCode})`);
    const ok = await fetch(`${url}invoices/1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok)
      return {
        url,
        child,
        stop: () =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
          ),
      };
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
  if (bad > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

/** The sandboxes measured: an in-memory database, and a database file (`sandbox start`'s default). */
const SANDBOXES = { sandbox: () => ':memory:', 'sandbox (file)': (dir, seed) => join(dir, `${seed}.db`) };

/** The cases against every server, for one seed: rates and each server's CPU per request. */
async function measureSeed(seed, dir) {
  const sandboxes = {};
  let jsonServer;
  try {
    for (const [side, db] of Object.entries(SANDBOXES))
      sandboxes[side] = await startSandbox({ seed, db: db(dir, seed) });
    /** Each sandbox's token, invoices and sales people (the same seed, read from each). */
    const seen = {};
    for (const [side, sandbox] of Object.entries(sandboxes)) {
      const token = await signIn(sandbox.url, 'superuser');
      const invoices = await allInvoices(sandbox.url, token);
      const people = (await call(sandbox.url, 'GET', 'superuser/salespeople', token)).salespeople;
      if (people.length < 2) throw new Error('the seed needs two sales people');
      seen[side] = { token, invoices, people, invoice: invoices[Math.floor(invoices.length / 2)] };
    }
    const { invoices, people, invoice } = seen.sandbox;
    const file = join(dir, `${seed}.json`);
    writeFileSync(file, JSON.stringify({ invoices }));
    jsonServer = await startJsonServer(file);
    log(`${seed}: ${invoices.length} invoices; reading and updating invoice ${invoice.id}`);
    const patch = (path, key, token) => ({
      method: 'PATCH',
      headers: { ...(token ? { 'x-token': token } : {}), 'content-type': 'application/json' },
      requests: people.slice(0, 2).map((p) => ({ method: 'PATCH', path, body: JSON.stringify({ [key]: p.id }) })),
    });
    /** A sandbox's case of each kind. */
    const sandboxCases = (url, { token, invoice: one }) => ({
      list: { url: `${url}subscriptions/invoices?take=25`, headers: { 'x-token': token } },
      [FULL_PAGE_CASE]: { url: `${url}subscriptions/invoices?take=${FULL_PAGE}`, headers: { 'x-token': token } },
      read: { url: `${url}subscriptions/invoices/${one.shareable_id}` },
      write: { url, ...patch(`/subscriptions/invoices/${one.id}/source_person`, 'source_person_id', token) },
    });
    const jsonCases = {
      list: { url: `${jsonServer.url}invoices?_sort=id&_order=desc&_page=1&_limit=25` },
      [FULL_PAGE_CASE]: { url: `${jsonServer.url}invoices?_sort=id&_order=desc&_page=1&_limit=${FULL_PAGE}` },
      read: { url: `${jsonServer.url}invoices/${invoice.id}` },
      write: { url: jsonServer.url, ...patch(`/invoices/${invoice.id}`, 'source_person_id') },
    };
    /** Each server: its pid and its case of each kind. */
    const servers = [
      ...Object.entries(sandboxes).map(([side, sandbox]) => [
        side,
        sandbox.child.pid,
        sandboxCases(sandbox.url, seen[side]),
      ]),
      ['json', jsonServer.child.pid, jsonCases],
    ];
    const totals = {};
    for (const name of Object.keys(jsonCases)) {
      for (const [side, , cases] of servers)
        await load(`${seed} ${name} ${side} warm-up`, { ...cases[name], duration: 1 });
      totals[name] = Object.fromEntries(servers.map(([side]) => [side, { answered: 0, seconds: 0, cpu: 0, bytes: 0 }]));
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Rotate which server goes first, so none always follows another's garbage or cache.
      const order = servers.map((_, i) => servers[(i + round) % servers.length]);
      for (const name of Object.keys(jsonCases)) {
        const rates = [];
        for (const [side, pid, cases] of order) {
          const before = cpuMicros(pid);
          const result = await load(`${seed} ${name} ${side}`, cases[name]);
          const cpu = before === null ? null : cpuMicros(pid) - before;
          const t = totals[name][side];
          t.answered += result['2xx'];
          t.seconds += result.duration;
          t.bytes += result.throughput.total;
          t.cpu = cpu === null || t.cpu === null ? null : t.cpu + cpu;
          rates.push(`${side} ${(result['2xx'] / result.duration).toFixed(0)} req/s`);
        }
        log(`${seed} round ${round}: ${name}: ${rates.join(', ')}`);
      }
    }
    return totals;
  } finally {
    await Promise.all([...Object.values(sandboxes).map((sandbox) => sandbox.stop()), jsonServer?.stop()]);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'edshed-json-server-'));
try {
  const results = {};
  for (const seed of ['demo', 'large']) results[seed] = await measureSeed(seed, dir);
  for (const [seed, totals] of Object.entries(results)) {
    for (const [name, t] of Object.entries(totals)) {
      const rate = (side) => t[side].answered / t[side].seconds;
      const perRequest = (side) => (t[side].cpu === null ? 'n/a' : `${(t[side].cpu / t[side].answered).toFixed(0)} us`);
      const bytes = (side) => (t[side].bytes / Math.max(1, t[side].answered)).toFixed(0);
      for (const side of Object.keys(SANDBOXES)) {
        const ratio = rate(side) / rate('json');
        const target = TARGETS[seed][name];
        out({
          name: `${seed} ${name}: ${side} ${rate(side).toFixed(0)} req/s, json-server ${rate('json').toFixed(0)} req/s`,
          value: ratio.toFixed(1),
          unit: 'x',
          ...(target === undefined ? {} : { target: `>= ${target}`, ok: ratio >= target }),
        });
        out({
          name: `  ${seed} ${name}: CPU per request, ${side} / json-server (bytes an answer: ${bytes(side)} / ${bytes('json')}, json-server's pretty-printed)`,
          value: `${perRequest(side)} / ${perRequest('json')}`,
          unit: '',
        });
      }
    }
  }
  for (const side of Object.keys(SANDBOXES)) {
    for (const name of Object.keys(results.demo)) {
      const perRequest = (seed) => {
        const t = results[seed][name][side];
        return t.cpu === null ? null : t.cpu / t.answered;
      };
      const demo = perRequest('demo');
      const large = perRequest('large');
      if (demo === null || large === null) continue;
      const growth = large / demo;
      const judged = name !== 'list';
      const label = judged ? name : `list of 25 (demo answers its 11 invoices, large 25)`;
      out({
        name: `${label}: ${side} CPU per request, large over demo seed (${large.toFixed(0)} / ${demo.toFixed(0)} us)`,
        value: growth.toFixed(2),
        unit: 'x',
        ...(judged ? { target: `<= ${CPU_GROWTH_TARGET}`, ok: growth <= CPU_GROWTH_TARGET } : {}),
      });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
