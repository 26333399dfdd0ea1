// Reconcile's cost as a user runs it. The rows with targets time the command itself, `edshed invoices
// reconcile FILE --plan PLAN` (bin/edshed.cjs, a temporary config and state directory), against synthetic
// books served on the API's routes by bench/book-server.mjs (through bench/reconcile-cli-runs.mjs): a table
// of statements of 500 / 5,000 / 20,000 lines against books whose payers have 100 or 10,000 open invoices
// each (at least 20,000 open invoices, twice the lines; book seed 7, statement seed 77), the CLI's CPU from
// a preloaded exit hook (bench/cpu-hook.mjs, all threads and the main thread's), medians of ROUNDS
// interleaved rounds. Per line less a run of the same book with a 20-line statement (the start-up, the book
// read and the index cancel), and the marginal CPU per line between line counts: flat in lines (the last
// step's marginal CPU on the main thread at most 1.3x the first's: growth fails, a fall as V8 finishes
// compiling does not) and in pool size (per line less the 20-line run, within 1.5x either way). Each
// served book is checked to pass the CLI's book checks, and each plan to hold the in-process match's
// verdicts (0 lines differ). Information rows, as before this table: the matcher alone (index + match,
// `process.cpuUsage` in a fresh bench process per cell, cold; then the same plan again in it, warm) over
// the same books and statements, which is about 0.6x of the command per line (the CLI also reads the
// statement, writes the plan and collects more garbage: bench/README.md), and the large plan of
// bench/reconcile (5,000 lines against 20,000 open invoices), its target cold under 2 s of CPU.
//   BENCH_SCALING_LINES=500,5000   fewer sizes (default 500,5000,20000)
//   BENCH_SCALING_POOLS=100        fewer pool sizes (default 100,10000)
//   BENCH_SCALING_ROUNDS=3         rounds of the CLI table (default 3)
//   BENCH_SCALING_MATCHER=0        leave out the matcher's information rows
//   node bench/reconcile-scaling.bench.mjs --child BUNDLE SPEC   one matcher cell alone (SPEC as JSON;
//                                  "match": false makes the book and statement only), for timing from outside
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './direct-runs.mjs';
import { bundleBookChecks, bundleReconcile, runCell } from './reconcile-cells.mjs';
import { planAgainstMatch, serveBook } from './reconcile-cli-runs.mjs';

const out = (row) => console.log(JSON.stringify(row));
const log = (text) => process.stderr.write(`${text}\n`);

/** One plan, in this process: book and statement made first, then index + match timed, twice. */
async function child(file, spec) {
  const r = await import(pathToFileURL(file).href);
  const book = r.syntheticBook(spec.book);
  const statement = r.generateStatement(book, spec.statement);
  const lines = r.readStatement(
    new TextEncoder().encode(r.renderStatement(statement.lines, 'csv', { account: '12345678' })),
    { file: 'a.csv' },
  ).lines;
  const ms = (used) => (used.user + used.system) / 1000;
  const timed = () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const index = r.indexBook(book);
    const indexed = process.cpuUsage(cpu);
    const verdicts = r.matchLines(lines, index);
    const used = process.cpuUsage(cpu);
    return {
      wall: performance.now() - started,
      cpu: ms(used),
      index: ms(indexed),
      match: ms(used) - ms(indexed),
      confident: verdicts.filter((v) => v.class === 'confident').length,
    };
  };
  const cold = spec.match === false ? undefined : timed();
  const warm = spec.warm && cold !== undefined ? timed() : undefined;
  console.log(
    JSON.stringify({
      lines: lines.length,
      invoices: book.invoices.length,
      open: book.invoices.filter((i) => r.OPEN_STATES.has(i.state)).length,
      cold,
      warm,
      process_cpu: ms(process.cpuUsage()),
    }),
  );
}

const ROUNDS = Number(process.env.BENCH_SCALING_ROUNDS ?? 3);
/** The statement seed of every cell, and the lines of the small statement each book's runs subtract. */
const STATEMENT_SEED = 77;
const SMALL = 20;
/** Flat in lines: the last step's marginal CPU per line at most this factor of the first's; in pool size, within this factor. */
const LINES_TARGET = 1.3;
const POOL_TARGET = 1.5;

/**
 * The CLI's table: each cell's book served (one server per book, the cells of 500 and 5,000 lines share
 * theirs), a 20-line statement of it and the cells' statements, ROUNDS rounds of every run, interleaved.
 */
async function cliRows(bundle, checksFile, sizes, pools) {
  const r = await import(pathToFileURL(bundle).href);
  const checks = await import(pathToFileURL(checksFile).href);
  const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
  const books = new Map();
  const cells = [];
  try {
    for (const pool of pools)
      for (const count of sizes) {
        const spec = bookOf(count, pool);
        const key = JSON.stringify(spec);
        if (!books.has(key)) {
          const served = await serveBook({ bundle, r, checks, spec, bin });
          books.set(key, { served, small: served.statement(SMALL, STATEMENT_SEED), runs: [] });
        }
        const book = books.get(key);
        cells.push({ count, pool, book, statement: book.served.statement(count, STATEMENT_SEED), runs: [] });
      }
    const first = books.values().next().value;
    first.served.run(first.small.file, 'hook'); // the compile cache of the hooked runs
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const book of books.values()) {
        book.runs.push(book.served.run(book.small.file, 'hook'));
        for (const cell of cells.filter((c) => c.book === book))
          cell.runs.push(book.served.run(cell.statement.file, 'hook'));
      }
      log(
        `CLI round ${round + 1}: ${cells.map((c) => `${c.count} lines pool ${c.pool} ${(c.runs.at(-1).cpuMicros / 1000).toFixed(0)} ms`).join(', ')}`,
      );
    }
    for (const cell of cells) {
      const { file } = cell.statement;
      out(planAgainstMatch(r, cell.book.served.book, file, cell.book.served.plan(file), `CLI, pool ${cell.pool}`).row);
    }
    for (const book of books.values()) {
      const cpu = await book.served.server.cpu();
      const runs = book.runs.length + cells.filter((c) => c.book === book).length * ROUNDS + (book === first ? 1 : 0);
      out({
        name: `book server of ${book.served.book.invoices.length} invoices: its CPU per CLI run (the book served whole each run; ${runs} runs, making the book included)`,
        value: (cpu / runs).toFixed(0),
        unit: 'ms',
      });
    }
    cliSummary(cells, sizes, pools);
  } finally {
    for (const book of books.values()) await book.served.stop();
  }
}

/** The CLI table's rows: each cell's CPU per line less its book's 20-line run, the marginal steps, the targets. */
function cliSummary(cells, sizes, pools) {
  const med = (runs, key) => median(runs.map((run) => run[key]));
  // CPU of the cell's lines beyond the 20-line run's: all threads (cpu) and the main thread's (main), ms.
  const net = (cell) => ({
    cpu: (med(cell.runs, 'cpuMicros') - med(cell.book.runs, 'cpuMicros')) / 1000,
    main: (med(cell.runs, 'mainThreadMicros') - med(cell.book.runs, 'mainThreadMicros')) / 1000,
    lines: cell.statement.lines - cell.book.small.lines,
  });
  const at = (count, pool) => cells.find((c) => c.count === count && c.pool === pool);
  const perLine = (cell) => net(cell).cpu / net(cell).lines;
  for (const cell of cells)
    out({
      name: `CLI, ${cell.statement.lines} lines, pool ${cell.pool}: CPU per line less a ${cell.book.small.lines}-line run's (${(med(cell.runs, 'cpuMicros') / 1000).toFixed(0)} / ${(med(cell.book.runs, 'cpuMicros') / 1000).toFixed(0)} ms, exit hook, median of ${ROUNDS}; main thread ${(net(cell).main / net(cell).lines).toFixed(3)})`,
      value: perLine(cell).toFixed(3),
      unit: 'ms',
    });
  for (const pool of pools) {
    const steps = sizes.slice(1).map((count, k) => {
      const [a, b] = [net(at(sizes[k], pool)), net(at(count, pool))];
      return {
        from: sizes[k],
        to: count,
        cpu: (b.cpu - a.cpu) / (b.lines - a.lines),
        main: (b.main - a.main) / (b.lines - a.lines),
      };
    });
    for (const step of steps)
      out({
        name: `CLI, pool ${pool}, ${step.from} -> ${step.to} lines: marginal CPU per line, all threads (main thread's)`,
        value: `${step.cpu.toFixed(3)} (${Number.isNaN(step.main) ? '-' : step.main.toFixed(3)})`,
        unit: 'ms',
      });
    if (steps.length < 2) continue;
    const [a, b] = [steps[0], steps.at(-1)];
    const onMain = !Number.isNaN(a.main) && !Number.isNaN(b.main);
    const ratio = onMain ? b.main / a.main : b.cpu / a.cpu;
    out({
      name: `CLI, pool ${pool}: marginal CPU per line${onMain ? ', main thread' : ''}, ${b.from} -> ${b.to} over ${a.from} -> ${a.to} lines (all threads ${(b.cpu / a.cpu).toFixed(2)}x)`,
      value: ratio.toFixed(2),
      unit: 'x',
      target: `<= ${LINES_TARGET}`,
      ok: ratio <= LINES_TARGET,
    });
  }
  if (pools.length < 2) return;
  for (const count of sizes) {
    const [a, b] = [at(count, pools[0]), at(count, pools.at(-1))];
    const ratio = perLine(b) / perLine(a);
    out({
      name: `CLI, ${count} lines: CPU per line less the 20-line run's, pool ${pools.at(-1)} over pool ${pools[0]} (${perLine(b).toFixed(3)} / ${perLine(a).toFixed(3)} ms)`,
      value: ratio.toFixed(2),
      unit: 'x',
      target: `within ${POOL_TARGET}x`,
      ok: ratio <= POOL_TARGET && ratio >= 1 / POOL_TARGET,
    });
  }
}

/** A cell's book: enough open invoices for every line to pay its own (at least 20,000, twice the lines), `pool` a payer. */
const bookOf = (count, pool) => {
  const open = Math.max(20_000, 2 * count);
  return { seed: 7, schools: Math.max(1, Math.round(open / pool)), invoices: open };
};

/** The matcher alone, in a fresh bench process per cell (information rows; the large plan's target). */
function matcherRows(file, sizes, pools) {
  const fresh = (spec) => runCell(file, spec);
  const ms = (n) => Math.round(n);
  // The large plan of bench/reconcile: 5,000 lines against 20,000 open invoices, cold and warm.
  const large = fresh({
    book: { seed: 99, schools: 2500, invoices: 20_000 },
    statement: { seed: 4242, count: 5000 },
    warm: true,
  });
  out({
    name: `the large plan of bench/reconcile, ${large.lines} lines x ${large.open} open invoices: index and match in process, cold (warm; cold wall)`,
    value: `${ms(large.cold.cpu)} (${ms(large.warm.cpu)}; ${ms(large.cold.wall)})`,
    unit: 'ms of CPU',
    target: '< 2000',
    ok: large.cold.cpu < 2000,
  });
  const table = [];
  const per = (n) => (Math.round(n * 1000) / 1000).toFixed(3);
  for (const count of sizes) {
    for (const pool of pools) {
      const cell = fresh({ book: bookOf(count, pool), statement: { seed: 77, count }, warm: true });
      const row = {
        count,
        pool,
        index: cell.cold.index / (cell.invoices / 1000),
        cold: cell.cold.match / cell.lines,
        warm: cell.warm.match / cell.lines,
      };
      table.push(row);
      out({
        name: `matcher in process (information), ${cell.lines} lines x ${cell.open} open, pool ${pool}: match ms per line cold / warm; index ms per 1,000 invoices; cold plan CPU / process CPU`,
        value: `${per(row.cold)} / ${per(row.warm)}; ${per(row.index)}; ${ms(cell.cold.cpu)} / ${ms(cell.process_cpu)}`,
        unit: 'ms',
      });
    }
  }
  // Per unit against the smallest plan of the same pool (lines), and against the smallest pool at the same lines (pool).
  const at = (count, pool, what) => table.find((c) => c.count === count && c.pool === pool)?.[what] ?? Number.NaN;
  for (const what of ['cold', 'warm', 'index']) {
    const lines = pools.map(
      (pool) =>
        `pool ${pool}: ${sizes.map((n) => (at(n, pool, what) / at(sizes[0], pool, what)).toFixed(2)).join(' / ')}`,
    );
    const byPool = sizes.map(
      (n) => `${n} lines: ${pools.map((p) => (at(n, p, what) / at(n, pools[0], what)).toFixed(2)).join(' / ')}`,
    );
    out({
      name: `matcher in process (information): ${what === 'index' ? 'index CPU per 1,000 invoices' : `match CPU per line, ${what}`}, as a ratio to the smallest size, by lines | by pool`,
      value: `${lines.join('; ')} | ${byPool.join('; ')}`,
      unit: 'x',
    });
  }
  // The marginal match CPU per line between successive line counts (the match CPU of the larger plan less
  // the smaller's, over the lines between them): what V8's compiling costs a cold plan once (the per-line
  // figure of 500 lines is its share) cancels out; flat down a column means each line costs the same.
  for (const what of ['cold', 'warm']) {
    const byLines = pools.map((pool) => {
      const steps = sizes
        .slice(1)
        .map((n, k) => (at(n, pool, what) * n - at(sizes[k], pool, what) * sizes[k]) / (n - sizes[k]));
      const ratio = steps.length > 1 ? ` (${(steps.at(-1) / steps[0]).toFixed(2)}x)` : '';
      return `pool ${pool}: ${steps.map((m, k) => `${sizes[k]}->${sizes[k + 1]} ${m.toFixed(3)}`).join(', ')}${ratio}`;
    });
    out({
      name: `matcher in process (information): match CPU per line, ${what}, marginal between line counts (the last step over the first)`,
      value: byLines.join('; '),
      unit: 'ms',
    });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], JSON.parse(process.argv[4]));
} else {
  const dir = fileURLToPath(new URL('../node_modules/.cache/edshed-reconcile-scaling/', import.meta.url));
  try {
    const file = await bundleReconcile(dir);
    const sizes = (process.env.BENCH_SCALING_LINES ?? '500,5000,20000').split(',').map(Number);
    const pools = (process.env.BENCH_SCALING_POOLS ?? '100,10000').split(',').map(Number);
    await cliRows(file, await bundleBookChecks(dir), sizes, pools);
    if (process.env.BENCH_SCALING_MATCHER !== '0') matcherRows(file, sizes, pools);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
