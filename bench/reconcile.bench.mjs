// Reconciling bank statements, measured in-process on the matcher and readers of
// core/domain/reconcile (bundled here with esbuild, as the CLI bundles them): RUNS generated statements
// of 500 lines, each against a synthetic book of its own seed (schools named as English schools are,
// districts, PO numbers), read back from its CSV rendering. Printed per run and in total:
//   wrong      invoices a confident line would mark paid that the truth does not (must be 0)
//   single     single-invoice lines that can be matched (reference, cut reference, PO, name, fee) made confident
//   multi      multi-invoice payments that exactly one set of the payer's invoices fits, made confident
//   ambiguous  ambiguous lines whose right invoice is among the 3 shown
//   rerun      writes planned when the same statement, and one overlapping it, are reconciled after applying
//   formats    lines whose class and invoices differ between the CSV, OFX 1.x/2.x and CAMT.053 renderings
//   large      5,000 lines against 20,000 open invoices (and 20,000 paid): index + match, ms (wall and CPU),
//              after the 20 statements (warm: V8 has optimised the matcher) and in a fresh process (cold:
//              as `edshed invoices reconcile` runs it once)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The large plan, read from its CSV rendering, then indexed and matched: CPU and wall ms of the second part. */
function large(r) {
  const big = r.syntheticBook({ seed: 99, schools: 2500, invoices: 20_000 });
  const statement = r.generateStatement(big, { seed: 4242, count: 5000 });
  const lines = r.readStatement(
    new TextEncoder().encode(r.renderStatement(statement.lines, 'csv', { account: '12345678' })),
    { file: 'big.csv' },
  ).lines;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const verdicts = r.matchLines(lines, r.indexBook(big));
  const wall = Math.round(performance.now() - started);
  // CPU time too: on a machine others share, the wall time counts their work as well.
  const used = process.cpuUsage(cpu);
  return { big, statement, lines, verdicts, wall, cpu: Math.round((used.user + used.system) / 1000) };
}

// In a fresh process: `node bench/reconcile.bench.mjs --cold BUNDLE` prints the large plan's figures alone.
if (process.argv[2] === '--cold') {
  const { wall, cpu } = large(await import(pathToFileURL(process.argv[3]).href));
  console.log(JSON.stringify({ wall, cpu }));
  process.exit(0);
}

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LINES = 500;
// In node_modules/.cache, so the bundle's imports (zod, csv-parse, saxes) resolve.
const dir = fileURLToPath(new URL('../node_modules/.cache/edshed-reconcile-bench/', import.meta.url));
const out = (row) => console.log(JSON.stringify(row));
try {
  const file = join(dir, 'reconcile.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../core/domain/reconcile/index.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: file,
    logLevel: 'warning',
    packages: 'external',
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  });
  const r = await import(pathToFileURL(file).href);
  const enc = new TextEncoder();
  const read = (text, name) => r.readStatement(enc.encode(text), { file: name }).lines;
  const SINGLE = new Set(['reference', 'reference-cut', 'po', 'name', 'fee']);
  const total = {
    wrong: 0,
    single: 0,
    singleOf: 0,
    multi: 0,
    multiOf: 0,
    ambiguousRight: 0,
    ambiguous: 0,
    rerunWrites: 0,
    overlapWrites: 0,
    formatDiffs: 0,
    lines: 0,
    lost: 0,
  };
  for (let run = 1; run <= RUNS; run += 1) {
    const book = r.syntheticBook({ seed: run, schools: 300, invoices: 1600 });
    const statement = r.generateStatement(book, { seed: 1000 + run, count: LINES });
    const csv = r.renderStatement(statement.lines, 'csv', { account: '12345678' });
    const lines = read(csv, 'a.csv');
    const index = r.indexBook(book);
    const verdicts = r.matchLines(lines, index);
    const t = { wrong: 0, single: 0, singleOf: 0, multi: 0, multiOf: 0, ambiguousRight: 0, ambiguous: 0 };
    const byId = new Map(book.invoices.map((i) => [i.id, i]));
    verdicts.forEach((v, k) => {
      const truth = statement.truth[k];
      if (v.class === 'confident')
        for (const id of v.invoices) if (!truth.settles || !truth.invoices.includes(id)) t.wrong += 1;
      if (SINGLE.has(truth.kind)) {
        t.singleOf += 1;
        if (v.class === 'confident') t.single += 1;
      }
      if (truth.kind === 'multi') {
        const first = byId.get(truth.invoices[0]);
        const pool = book.invoices.filter(
          (i) => i.school_id === first.school_id && i.currency === first.currency && r.OPEN_STATES.has(i.state),
        );
        if (r.setsSumming(pool, lines[k].amount, 2).length === 1 && !pool.some((i) => i.total === lines[k].amount)) {
          t.multiOf += 1;
          if (v.class === 'confident') t.multi += 1;
        }
      }
      if (v.class === 'ambiguous' && truth.invoices.length > 0) {
        t.ambiguous += 1;
        if (v.candidates.some((c) => truth.invoices.every((id) => c.invoices.includes(id)))) t.ambiguousRight += 1;
      }
    });
    // Other renderings: the same verdicts line by line.
    let formatDiffs = 0;
    for (const format of ['ofx', 'ofx2', 'camt']) {
      const other = r.matchLines(
        read(r.renderStatement(statement.lines, format, { account: '12345678' }), `a.${format}`),
        index,
      );
      other.forEach((v, k) => {
        if (v.class !== verdicts[k].class || v.invoices.join() !== verdicts[k].invoices.join()) formatDiffs += 1;
      });
    }
    // Apply: every confident line's invoices paid on the line's date; then the same statement again, and
    // one overlapping it (its second half and 100 new lines).
    const paid = new Map();
    verdicts.forEach((v, k) => v.invoices.forEach((id) => paid.set(id, lines[k].date)));
    const after = {
      ...book,
      invoices: book.invoices.map((i) =>
        paid.has(i.id) ? { ...i, state: 'paid', paid_date: paid.get(i.id), paid_method: 'bacs' } : i,
      ),
    };
    const afterIndex = r.indexBook(after);
    const rerun = r.matchLines(lines, afterIndex).filter((v) => v.class === 'confident').length;
    const half = statement.lines.filter((l) => l.date >= statement.lines[LINES / 2].date);
    const overlapText = r.renderStatement(half, 'csv', { account: '12345678' });
    const merged = r.mergeStatements([lines, read(overlapText, 'b.csv')]);
    const overlap = r.matchLines(merged.lines, afterIndex).filter((v) => v.class === 'confident').length;
    const lost = lines.length - merged.lines.length;
    out({
      run,
      lines: lines.length,
      wrong: t.wrong,
      single: `${t.single}/${t.singleOf}`,
      multi: `${t.multi}/${t.multiOf}`,
      ambiguous_right: `${t.ambiguousRight}/${t.ambiguous}`,
      rerun_writes: rerun,
      overlap_writes: overlap,
      overlap_repeated: merged.repeated,
      format_diffs: formatDiffs,
    });
    total.wrong += t.wrong;
    total.single += t.single;
    total.singleOf += t.singleOf;
    total.multi += t.multi;
    total.multiOf += t.multiOf;
    total.ambiguousRight += t.ambiguousRight;
    total.ambiguous += t.ambiguous;
    total.rerunWrites += rerun;
    total.overlapWrites += overlap;
    total.formatDiffs += formatDiffs;
    total.lines += lines.length;
    total.lost += lost;
  }
  const ratio = (a, b) => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);
  // Large: 5,000 lines against 20,000 open invoices, here after the runs above (warm), then in a fresh process (cold).
  const { big, statement: bigStatement, lines: bigLines, verdicts: bigVerdicts, wall: ms, cpu: cpuMs } = large(r);
  const cold = JSON.parse(
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--cold', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1),
  );
  const bigWrong = bigVerdicts.reduce(
    (n, v, k) =>
      n +
      v.invoices.filter((id) => !bigStatement.truth[k].settles || !bigStatement.truth[k].invoices.includes(id)).length,
    0,
  );
  const open = big.invoices.filter((i) => r.OPEN_STATES.has(i.state)).length;
  out({
    summary: `${RUNS} statements, ${total.lines} lines`,
    wrong_invoices_marked_paid: total.wrong,
    single_confident: ratio(total.single, total.singleOf),
    single_target: 0.85,
    multi_confident: ratio(total.multi, total.multiOf),
    multi_target: 0.7,
    ambiguous_right_in_3: ratio(total.ambiguousRight, total.ambiguous),
    ambiguous_target: 0.98,
    rerun_writes: total.rerunWrites,
    overlap_writes: total.overlapWrites,
    identical_lines_lost: total.lost,
    format_differences: total.formatDiffs,
    large: `${bigLines.length} lines x ${open} open invoices: warm ${ms} ms (index + match; ${cpuMs} ms of CPU), cold (a fresh process) ${cold.wall} ms (${cold.cpu} ms of CPU), ${bigWrong} wrong`,
    large_ratio_of_2s: ratio(ms, 2000),
    large_cold_cpu_ratio_of_2s: ratio(cold.cpu, 2000),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
