// Do the benches measure what they say? For the benches whose figures are absolute times or memory of a
// command users run, the same command run the bench's way (its own measuring path, reused from its
// helpers) and run directly (spawned plainly, nothing preloaded, timed by the kernel's rusage of the
// child through GNU time, `/usr/bin/time -f`, or by a plain spawn loop), in interleaved rounds; each
// row is the bench's figure over the direct one, to agree within 0.85-1.15 (medians of ROUNDS rounds):
//   bulk-memory: peak RSS of a dry run of ROWS rows, its exit hook against GNU time's maxRSS;
//   bulk-scaling: CPU of that dry run and of an apply of APPLY_ROWS rows, and each per row less a
//     1-row run's, its exit hook against GNU time's user + system;
//   one-off: `edshed schools show 1` and `node -e 0`, its harness against a bash loop timing each spawn
//     ($EPOCHREALTIME), and the ratio of the two, the bench's figure;
//   reconcile: reconcile-scaling's matcher cell (its information rows), a cold plan of 5,000 lines against
//     payers of 100, the CPU the cell process times around index and match against GNU time's CPU of that
//     process less the same process making only the book and statement ("match": false), and the
//     process's whole CPU;
//   reconcile-cli (bench/reconcile-cli.mjs): reconcile-scaling's own figure, the CPU of `edshed invoices
//     reconcile FILE --plan PLAN` by its exit hook (bench/cpu-hook.mjs), against GNU time's of the same
//     command, reading the book of the cells of payers of 100 from bench/book-server.mjs: CPU per line at
//     5,000 lines less a 20-line run's, and the marginal between 500 and 5,000 lines; the plans checked
//     against the in-process match's verdicts, and the CLI's CPU per line split into its parts by a
//     `--cpu-prof` of each size (the match, reading the statement, writing the plan);
//   statement-memory: peak RSS of `edshed invoices reconcile FILE --plan` on a statement of the line
//     limit, its exit hook against GNU time; and that command's CPU per line measured directly (the
//     limit's statement less one of 500 lines), printed for scale (no bench figure of it to agree with);
//   dash-first-frame: `edshed dash billing`'s first complete frame, from Node's start (its pty harness)
//     against the same from the spawn of `script` less what `script` and its shell take (the first
//     output of a `node -e` through `script` less the same spawned plainly).
// It runs the others' commands again, so it runs only when named: `npm run bench -- direct-check`.
//   BENCH_DIRECT_ROWS=20000 BENCH_DIRECT_APPLY_ROWS=2000 BENCH_DIRECT_ROUNDS=3 (the defaults)
//   BENCH_DIRECT_ONLY=bulk,one-off,reconcile,reconcile-cli,statement,dash   fewer parts
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bulkEnv,
  cpuHook,
  markPaidArgs,
  paymentsFile,
  peakRssMib,
  raiseInvoices,
  rssHook,
  signInForBulk,
  timedNode,
} from './bulk-runs.mjs';
import { agreement, hasGnuTime, median, timeDirect } from './direct-runs.mjs';
import { startSignedInSandbox, timeCases } from './one-off-runs.mjs';
import { DASH_COMPLETE, cliEnv, firstFrame, inPty } from './pty.mjs';
import { reconcileCli } from './reconcile-cli.mjs';
import { bundleReconcile, cellArgs, runCell } from './reconcile-cells.mjs';
import { signIn, startSandbox } from './servers.mjs';
import { STATEMENT_LIMIT, reconcileArgs, sandboxStatementRows, writeStatement } from './statements.mjs';

const ROWS = Number(process.env.BENCH_DIRECT_ROWS ?? 20_000);
const APPLY_ROWS = Number(process.env.BENCH_DIRECT_APPLY_ROWS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_DIRECT_ROUNDS ?? 3);
const ONLY = (process.env.BENCH_DIRECT_ONLY ?? 'bulk,one-off,reconcile,reconcile-cli,statement,dash').split(',');
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const out = (row) => console.log(JSON.stringify(row));
const log = (text) => process.stderr.write(`${text}\n`);
const ms = (n) => n.toFixed(1);
if (!hasGnuTime) log('no /usr/bin/time: CPU and memory rows are n/a, times are wall clock');

/** bulk-memory's peak RSS and bulk-scaling's CPU, the bench's exit hooks against GNU time. */
async function bulk() {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-direct-bulk-'));
  const env = bulkEnv(dir);
  const sandbox = await startSandbox({ seed: 'large' });
  try {
    const { url } = sandbox;
    const { token, subscription } = await signInForBulk(url, bin, env);
    const fresh = async (amount, name) =>
      paymentsFile(dir, await raiseInvoices(url, token, subscription, amount), name);
    const ok = (what) => (result) => {
      if (result.status !== 0) throw new Error(`${what} exited ${result.status}: ${result.stderr.slice(-2000)}`);
    };
    const dryFile = await fresh(ROWS, 'dry');
    const oneFile = await fresh(1, 'one');
    const cli = (file, mode) => [bin, ...markPaidArgs(file, mode)];
    // The bench's ways: bulk-scaling's (timedNode with the CPU hook), bulk-memory's (the RSS hook).
    const hooked = (file, mode) => timedNode(['--import', cpuHook, ...cli(file, mode)], env, ok(mode));
    const rss = (file) => {
      const result = spawnSync(process.execPath, ['--import', rssHook, ...cli(file, 'dry run')], {
        env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      ok('dry run')(result);
      return peakRssMib(result.stderr);
    };
    const plain = (file, mode) => timeDirect(cli(file, mode), env, ok(mode));
    // The CLI keeps a compile cache per set of node options: a run with the hook preloaded and a plain
    // one each fill their own, so both ways of each mode run once first (a miss costs 70-100 ms more).
    for (const mode of ['dry run', 'apply']) {
      hooked(await fresh(1, `warm-hooked-${mode}`), mode);
      plain(await fresh(1, `warm-plain-${mode}`), mode);
    }
    rss(oneFile);
    const got = { bench: [], direct: [], benchOne: [], directOne: [], benchRss: [], directRss: [] };
    const apply = { bench: [], direct: [], benchOne: [], directOne: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      got.bench.push(hooked(dryFile, 'dry run').cpuMicros);
      const d = plain(dryFile, 'dry run');
      got.direct.push(d.cpuMicros);
      got.directRss.push(d.peakMib);
      got.benchRss.push(rss(dryFile));
      got.benchOne.push(hooked(oneFile, 'dry run').cpuMicros);
      got.directOne.push(plain(oneFile, 'dry run').cpuMicros);
      // Applies mark their rows paid: each run its own fresh invoices.
      apply.bench.push(hooked(await fresh(APPLY_ROWS, `ab-${round}`), 'apply').cpuMicros);
      apply.direct.push(plain(await fresh(APPLY_ROWS, `ad-${round}`), 'apply').cpuMicros);
      apply.benchOne.push(hooked(await fresh(1, `ab1-${round}`), 'apply').cpuMicros);
      apply.directOne.push(plain(await fresh(1, `ad1-${round}`), 'apply').cpuMicros);
      log(
        `bulk round ${round + 1}: dry run ${got.bench.at(-1)} / ${got.direct.at(-1)} us, apply ${apply.bench.at(-1)} / ${apply.direct.at(-1)} us`,
      );
    }
    const mib = (n) => `${n.toFixed(0)} MiB`;
    out(
      agreement(
        `bulk-memory: peak RSS of a ${ROWS}-row dry run (exit hook / GNU time)`,
        median(got.benchRss),
        median(got.directRss),
        mib,
      ),
    );
    const cpuMs = (n) => `${(n / 1000).toFixed(0)} ms`;
    const perRow = (n) => `${n.toFixed(0)} us`;
    for (const [mode, rows, m] of [
      ['dry run', ROWS, got],
      ['apply', APPLY_ROWS, apply],
    ]) {
      out(
        agreement(
          `bulk-scaling: CPU of a ${rows}-row ${mode} (exit hook / GNU time)`,
          median(m.bench),
          median(m.direct),
          cpuMs,
        ),
      );
      out(
        agreement(
          `bulk-scaling: ${mode} CPU per row less a 1-row run's, ${rows} rows`,
          (median(m.bench) - median(m.benchOne)) / (rows - 1),
          (median(m.direct) - median(m.directOne)) / (rows - 1),
          perRow,
        ),
      );
    }
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** bench/one-off's harness against a bash loop timing each spawn. */
async function oneOff() {
  const runs = Number(process.env.BENCH_RUNS ?? 15);
  const sandbox = await startSignedInSandbox();
  try {
    const cases = { 'node -e 0': ['-e', '0'], 'edshed schools show 1': [bin, 'schools', 'show', '1'] };
    const names = Object.keys(cases);
    const quote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;
    const command = (args) => [process.execPath, ...args].map(quote).join(' ');
    // One line per run: case, round, start and end (seconds, microsecond precision), no fork to read the clock.
    const loop = `for i in $(seq ${runs + 2}); do ${names
      .map(
        (name, k) =>
          `s=$EPOCHREALTIME; ${command(cases[name])} >/dev/null 2>&1 </dev/null || exit 1; e=$EPOCHREALTIME; echo "${k} $i $s $e"`,
      )
      .join('; ')}; done`;
    const harness = Object.fromEntries(names.map((n) => [n, []]));
    const plain = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const times = timeCases(cases, sandbox.env, runs);
      for (const n of names) harness[n].push(...times[n]);
      const result = spawnSync('bash', ['-c', loop], { env: { ...sandbox.env, LC_ALL: 'C' }, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`the bash loop exited ${result.status}: ${result.stderr}`);
      for (const line of result.stdout.trim().split('\n')) {
        const [k, i, start, end] = line.split(' ').map(Number);
        if (i > 2) plain[names[k]].push((end - start) * 1000); // the first two warm the file cache, as the harness's
      }
    }
    const msOf = (n) => `${ms(n)} ms`;
    for (const n of names)
      out(agreement(`one-off: ${n}, median (harness / bash loop)`, median(harness[n]), median(plain[n]), msOf));
    const ratio = (t) => median(t['edshed schools show 1']) / median(t['node -e 0']);
    out(
      agreement(
        'one-off: edshed schools show 1 / node -e 0, the bench figure',
        ratio(harness),
        ratio(plain),
        (n) => `${n.toFixed(2)}x`,
      ),
    );
  } finally {
    sandbox.stop();
  }
}

/** A reconcile-scaling cell: the CPU it times around the plan against GNU time's of its process less a book-only one. */
async function reconcile() {
  const dir = fileURLToPath(new URL('../node_modules/.cache/edshed-direct-check/', import.meta.url));
  try {
    const file = await bundleReconcile(dir);
    const spec = { book: { seed: 7, schools: 200, invoices: 20_000 }, statement: { seed: 77, count: 5000 } };
    const ok = (result) => {
      if (result.status !== 0) throw new Error(`the cell exited ${result.status}: ${result.stderr.slice(-2000)}`);
    };
    const got = { cold: [], process: [], full: [], bookOnly: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const cell = runCell(file, spec);
      got.cold.push(cell.cold.cpu);
      got.process.push(cell.process_cpu);
      got.full.push(timeDirect(cellArgs(file, spec), process.env, ok).cpuMicros / 1000);
      got.bookOnly.push(timeDirect(cellArgs(file, { ...spec, match: false }), process.env, ok).cpuMicros / 1000);
      log(
        `reconcile round ${round + 1}: cold ${cell.cold.cpu.toFixed(0)} ms; direct ${got.full.at(-1)} - ${got.bookOnly.at(-1)} ms`,
      );
    }
    const msOf = (n) => `${n.toFixed(0)} ms`;
    const direct = median(got.full.map((full, k) => full - got.bookOnly[k]));
    out(
      agreement(
        'reconcile-scaling: cold plan CPU, 5,000 lines, pool 100 (in-process / GNU time less a book-only run)',
        median(got.cold),
        direct,
        msOf,
      ),
    );
    out(
      agreement(
        "reconcile-scaling: the cell process's CPU (its own count / GNU time)",
        median(got.process),
        median(got.full),
        msOf,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * statement-memory's peak RSS of `edshed invoices reconcile FILE --plan` on a statement of the line limit
 * (its exit hook against GNU time), and that command's CPU per line measured directly: the limit's
 * statement less one of 500 lines (both against the large seed's book), for scale.
 */
async function statement() {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-direct-statement-'));
  const env = bulkEnv(dir);
  const sandbox = await startSandbox({ seed: 'large' });
  try {
    const edshed = (args, input) =>
      spawnSync(process.execPath, [bin, ...args], { env, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const login = edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], 'sandbox\n');
    if (login.status !== 0) throw new Error(`login: ${login.stderr}`);
    const { header, rows } = sandboxStatementRows(edshed, dir);
    const files = {};
    for (const lines of [500, STATEMENT_LIMIT - 1]) {
      files[lines] = join(dir, `statement-${lines}.csv`);
      await writeStatement(files[lines], header, rows, { lines });
    }
    const plan = join(dir, 'plan.json');
    const ok = (result) => {
      if (result.status !== 0) throw new Error(`reconcile exited ${result.status}: ${result.stderr.slice(-2000)}`);
    };
    const hooked = (file) => {
      const result = spawnSync(process.execPath, ['--import', rssHook, bin, ...reconcileArgs(file, plan)], {
        env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      ok(result);
      return peakRssMib(result.stderr);
    };
    const plain = (file) => timeDirect([bin, ...reconcileArgs(file, plan)], env, ok);
    const limit = files[STATEMENT_LIMIT - 1];
    hooked(files[500]); // each way's compile cache, as in bulk()
    plain(files[500]);
    const got = { bench: [], direct: [], cpu: [], cpuSmall: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      got.bench.push(hooked(limit));
      const d = plain(limit);
      got.direct.push(d.peakMib);
      got.cpu.push(d.cpuMicros);
      got.cpuSmall.push(plain(files[500]).cpuMicros);
      log(
        `statement round ${round + 1}: ${got.bench.at(-1).toFixed(0)} / ${d.peakMib.toFixed(0)} MiB; ${d.cpuMicros} us CPU`,
      );
    }
    out(
      agreement(
        `statement-memory: peak RSS of edshed invoices reconcile --plan, ${STATEMENT_LIMIT - 1} lines (exit hook / GNU time)`,
        median(got.bench),
        median(got.direct),
        (n) => `${n.toFixed(0)} MiB`,
      ),
    );
    const perLine = (median(got.cpu) - median(got.cpuSmall)) / (STATEMENT_LIMIT - 1 - 500);
    out({
      name: `edshed invoices reconcile --plan, measured directly: CPU per line between 500 and ${STATEMENT_LIMIT - 1} lines of the large seed's statement repeated (${(median(got.cpu) / 1000).toFixed(0)} ms at the limit)`,
      value: (perLine / 1000).toFixed(3),
      unit: 'ms',
    });
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ms from the spawn of `node -e` printing a word (plainly, a pipe for its output) to the word read. */
async function plainFirstOutput(env) {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', "process.stdout.write('ready')"], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ms = await new Promise((resolve) => child.stdout.once('data', () => resolve(performance.now() - started)));
  await new Promise((resolve) => child.once('exit', resolve));
  return ms;
}

/**
 * dash-first-frame's harness (from Node's start) against the frame timed from the spawn of `script`,
 * less what `script` and its shell take before Node: the spawn to a word `node -e` prints, through
 * `script`, less the same spawned plainly.
 */
async function dash() {
  const runs = Number(process.env.BENCH_RUNS ?? 11);
  const sandbox = await startSandbox({ seed: 'demo' });
  const env = cliEnv(sandbox.url, await signIn(sandbox.url, 'superuser'));
  const args = [bin, 'dash', 'billing'];
  const t = { harness: [], spawned: [], ptyWord: [], plainWord: [] };
  try {
    for (let i = 0; i < runs + 2; i += 1) {
      const harness = await firstFrame(args, env, DASH_COMPLETE);
      const spawned = await firstFrame(args, env, DASH_COMPLETE, { fromStart: false });
      const word = inPty(['-e', "process.stdout.write('ready')"], env, { fromStart: false });
      const ptyWord = await word.waitFor(/ready/);
      await word.exited;
      const plainWord = await plainFirstOutput(env);
      if (i < 2) continue; // the first two warm the file cache, as the bench's
      t.harness.push(harness);
      t.spawned.push(spawned);
      t.ptyWord.push(ptyWord);
      t.plainWord.push(plainWord);
    }
  } finally {
    await sandbox.stop();
  }
  const shell = median(t.ptyWord) - median(t.plainWord);
  out({
    name: "dash-first-frame: what script and its shell take before Node (node -e's first output through script less spawned plainly)",
    value: ms(shell),
    unit: 'ms',
  });
  out(
    agreement(
      "dash-first-frame: first complete frame (from Node's start / from the spawn less script's start)",
      median(t.harness),
      median(t.spawned) - shell,
      (n) => `${ms(n)} ms`,
    ),
  );
}

for (const [part, run] of [
  ['bulk', bulk],
  ['one-off', oneOff],
  ['reconcile', reconcile],
  ['reconcile-cli', () => reconcileCli({ bin, rounds: ROUNDS, out, log })],
  ['statement', statement],
  ['dash', dash],
])
  if (ONLY.includes(part)) {
    log(`direct-check: ${part}`);
    await run();
  }
