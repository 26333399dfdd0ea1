// The sandbox's SQLite driver (better-sqlite3: 13 on Node 22+, 12 on Node 20) against Node's built-in
// `node:sqlite` (Node 22.13+ and 24), on the sandbox's own database: a file made by `edshed sandbox start
// --seed large` (200+ schools, 20,000 pupils, 10,000 invoices), each driver on its own copy. The
// operations behind the peer benchmark's cases (bench/sandbox-vs-json-server): one invoice by id (a
// read), a page of 25 invoices (a list), a school's pupils, and an invoice marked paid in a transaction
// (a write). Microseconds per operation, medians of interleaved rounds, and node:sqlite / better-sqlite3
// for each (above 1: the built-in is slower). On Node 20 (no node:sqlite) it says so and measures nothing.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from './servers.mjs';

const out = (row) => console.log(JSON.stringify(row));
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  out({ name: `node:sqlite on Node ${process.version}`, value: 'not available (Node 22.13+)', unit: '' });
  process.exit(0);
}
process.removeAllListeners('warning'); // node:sqlite's ExperimentalWarning on Node 22
const { DatabaseSync } = await import('node:sqlite');
const require = createRequire(import.meta.url);
const driverName = 'better-sqlite3-13'; // what sandbox/db/driver.ts loads from Node 22
const Database = require(driverName);
const driverVersion = require(`${driverName}/package.json`).version;

const ROUNDS = Number(process.env.BENCH_RUNS ?? 7);
const dir = mkdtempSync(join(tmpdir(), 'edshed-sqlite-bench-'));

/** Seeds the large sandbox into `file` through the built binary, and stops it once it answers. */
async function seedLarge(file) {
  const sandbox = await startSandbox({ db: file });
  const res = await fetch(`${sandbox.url}__sandbox/status`);
  await res.arrayBuffer();
  await sandbox.stop();
}

/** The operations, written once against the small API both drivers share (prepare, get, all, run, exec). */
function operations(db) {
  const ids = db
    .prepare('SELECT id FROM invoices ORDER BY id')
    .all()
    .map((row) => row.id);
  const schools = db
    .prepare("SELECT DISTINCT school_id AS id FROM users WHERE kind = 'pupil' AND school_id IS NOT NULL")
    .all()
    .map((row) => row.id);
  const byId = db.prepare('SELECT * FROM invoices WHERE id = ?');
  const page = db.prepare('SELECT * FROM invoices ORDER BY id LIMIT 25 OFFSET ?');
  const pupils = db.prepare("SELECT * FROM users WHERE school_id = ? AND kind = 'pupil' ORDER BY id");
  const pay = db.prepare("UPDATE invoices SET paid_method = ?, paid_date = ?, state = 'paid' WHERE id = ?");
  const pick = (list, i) => list[(i * 7919) % list.length];
  return {
    'invoice by id': (i) => byId.get(pick(ids, i)),
    'page of 25 invoices': (i) => page.all((i * 25) % 500), // the first pages, as `take=25` lists ask
    "a school's pupils": (i) => pupils.all(pick(schools, i)),
    'invoice marked paid (transaction)': (i) => {
      db.exec('BEGIN IMMEDIATE');
      pay.run('bacs', '2026-11-02', pick(ids, i));
      db.exec('COMMIT');
    },
  };
}

const COUNTS = {
  'invoice by id': 20_000,
  'page of 25 invoices': 4_000,
  "a school's pupils": 2_000,
  'invoice marked paid (transaction)': 2_000,
};

try {
  const seeded = join(dir, 'seed.db');
  await seedLarge(seeded);
  const drivers = {};
  for (const name of ['better-sqlite3', 'node:sqlite']) {
    const file = join(dir, `${name.replace(':', '-')}.db`);
    copyFileSync(seeded, file);
    const db = name === 'node:sqlite' ? new DatabaseSync(file) : new Database(file);
    // synchronous = NORMAL for both: with the default (FULL) each commit waits for an fsync of the WAL,
    // about 5 ms here with either driver, which would measure the disk rather than the driver.
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    drivers[name] = operations(db);
  }
  const times = {};
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const [op, count] of Object.entries(COUNTS)) {
      for (const [name, ops] of round % 2 ? Object.entries(drivers).reverse() : Object.entries(drivers)) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < count; i += 1) ops[op](i + round * count);
        const us = Number(process.hrtime.bigint() - start) / 1e3 / count;
        if (round > 0) (times[`${op}|${name}`] ??= []).push(us); // round 0 warms up
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  out({ name: 'drivers', value: `better-sqlite3 ${driverVersion}, node:sqlite of Node ${process.version}`, unit: '' });
  for (const op of Object.keys(COUNTS)) {
    const better = median(times[`${op}|better-sqlite3`]);
    const builtIn = median(times[`${op}|node:sqlite`]);
    out({ name: `${op}: better-sqlite3`, value: better.toFixed(2), unit: 'us' });
    out({ name: `${op}: node:sqlite`, value: builtIn.toFixed(2), unit: 'us' });
    out({ name: `${op}: node:sqlite / better-sqlite3`, value: (builtIn / better).toFixed(2), unit: 'x' });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
