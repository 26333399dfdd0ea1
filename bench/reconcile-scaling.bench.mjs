// Reconcile's cost as a user runs it: each plan in a fresh process (cold: the code not yet optimised by
// V8, as `edshed invoices reconcile` runs it), then the same plan again in that process (warm), and a table
// of plans at 500 / 5,000 / 20,000 lines against books whose payers have 100 or 10,000 open invoices each,
// printing the cost per unit at each size: the index per 1,000 invoices of the book, and matching per line,
// cold and warm. Flat down a column means the plan grows linearly with its lines, flat across a row that it
// does not grow with a payer's pool; the marginal match CPU per line between line counts beside it (a cold
// plan's first lines also pay for V8 compiling the matcher, so the per-line figure falls). CPU time, as others share the machine; each cell also prints its
// process's whole CPU, to check against the same command timed from outside (`--child`, below).
//   BENCH_SCALING_LINES=500,5000   fewer sizes (default 500,5000,20000)
//   BENCH_SCALING_POOLS=100        fewer pool sizes (default 100,10000)
//   node bench/reconcile-scaling.bench.mjs --child BUNDLE SPEC   one cell alone (SPEC as JSON; "match": false
//                                  makes the book and statement only), for timing from outside
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleReconcile, runCell } from './reconcile-cells.mjs';

const out = (row) => console.log(JSON.stringify(row));

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

if (process.argv[2] === '--child') {
  await child(process.argv[3], JSON.parse(process.argv[4]));
} else {
  const dir = fileURLToPath(new URL('../node_modules/.cache/edshed-reconcile-scaling/', import.meta.url));
  try {
    const file = await bundleReconcile(dir);
    const fresh = (spec) => runCell(file, spec);
    const ms = (n) => Math.round(n);
    // The large plan of bench/reconcile: 5,000 lines against 20,000 open invoices, cold and warm.
    const large = fresh({
      book: { seed: 99, schools: 2500, invoices: 20_000 },
      statement: { seed: 4242, count: 5000 },
      warm: true,
    });
    out({
      plan: `large: ${large.lines} lines x ${large.open} open invoices`,
      cold_cpu_ms: ms(large.cold.cpu),
      cold_wall_ms: ms(large.cold.wall),
      warm_cpu_ms: ms(large.warm.cpu),
      cold_over_warm: Math.round((large.cold.cpu / large.warm.cpu) * 100) / 100,
      target_cold_cpu_ms: 2000,
      met: large.cold.cpu < 2000,
    });
    const sizes = (process.env.BENCH_SCALING_LINES ?? '500,5000,20000').split(',').map(Number);
    const pools = (process.env.BENCH_SCALING_POOLS ?? '100,10000').split(',').map(Number);
    const table = [];
    const per = (n) => Math.round(n * 1000) / 1000;
    for (const count of sizes) {
      for (const pool of pools) {
        // Enough open invoices for every line to pay its own: at least 20,000, twice the lines.
        const open = Math.max(20_000, 2 * count);
        const cell = fresh({
          book: { seed: 7, schools: Math.max(1, Math.round(open / pool)), invoices: open },
          statement: { seed: 77, count },
          warm: true,
        });
        const row = {
          count,
          pool,
          index: cell.cold.index / (cell.invoices / 1000),
          cold: cell.cold.match / cell.lines,
          warm: cell.warm.match / cell.lines,
        };
        table.push(row);
        out({
          lines: cell.lines,
          open: cell.open,
          pool_per_payer: pool,
          cold_cpu_ms: ms(cell.cold.cpu),
          index_ms_per_1000_invoices: per(row.index),
          match_ms_per_line_cold: per(row.cold),
          match_ms_per_line_warm: per(row.warm),
          process_cpu_ms: ms(cell.process_cpu),
        });
      }
    }
    // Per unit against the smallest plan of the same pool (lines), and against the smallest pool at the same lines (pool).
    const at = (count, pool, what) => table.find((c) => c.count === count && c.pool === pool)?.[what] ?? Number.NaN;
    for (const what of ['cold', 'warm', 'index']) {
      out({
        summary: `${what === 'index' ? 'index CPU per 1,000 invoices' : `match CPU per line, ${what}`}, as a ratio to the smallest size`,
        by_lines: pools
          .map(
            (pool) =>
              `pool ${pool}: ${sizes.map((n) => (at(n, pool, what) / at(sizes[0], pool, what)).toFixed(2)).join(' / ')}`,
          )
          .join('; '),
        by_pool: sizes
          .map(
            (n) => `${n} lines: ${pools.map((p) => (at(n, p, what) / at(n, pools[0], what)).toFixed(2)).join(' / ')}`,
          )
          .join('; '),
      });
    }
    // The marginal match CPU per line between successive line counts (the match CPU of the larger plan less
    // the smaller's, over the lines between them): what V8's compiling costs a cold plan once (the per-line
    // figure of 500 lines is its share) cancels out; flat down a column means each line costs the same.
    for (const what of ['cold', 'warm']) {
      out({
        summary: `match CPU per line, ${what}, marginal between line counts (ms per line; the last step over the first)`,
        by_lines: pools
          .map((pool) => {
            const steps = sizes
              .slice(1)
              .map((n, k) => (at(n, pool, what) * n - at(sizes[k], pool, what) * sizes[k]) / (n - sizes[k]));
            const ratio = steps.length > 1 ? ` (${(steps.at(-1) / steps[0]).toFixed(2)}x)` : '';
            return `pool ${pool}: ${steps.map((m, k) => `${sizes[k]}->${sizes[k + 1]} ${m.toFixed(3)}`).join(', ')}${ratio}`;
          })
          .join('; '),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
