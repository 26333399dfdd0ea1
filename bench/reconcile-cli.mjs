// bench/direct-check's `reconcile-cli` part: reconcile-scaling's own figure, the CPU of `edshed invoices
// reconcile FILE --plan PLAN` by the exit hook preloaded (bench/cpu-hook.mjs, as reconcile-scaling times
// it), against the same command spawned plainly under GNU time, both against the book of reconcile-scaling's
// cell of payers of 100 (seed 7, 200 schools, 20,000 open invoices) served by bench/book-server.mjs: the CPU
// per line at 5,000 lines less a 20-line run's, and the marginal CPU per line between 500 and 5,000 lines,
// in interleaved rounds. The plans are checked to hold the in-process match's verdicts, and a CPU profile of
// each size says where the CLI's CPU per line goes (the match, reading the statement, writing the plan).
// Not a bench itself (no .bench.mjs suffix).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { agreement, median } from './direct-runs.mjs';
import { bundleBookChecks, bundleReconcile } from './reconcile-cells.mjs';
import { classCounts, differing, planAgainstMatch, serveBook } from './reconcile-cli-runs.mjs';

/** The book and statements of reconcile-scaling's cells of payers of 100 at 500 and 5,000 lines. */
const BOOK = { seed: 7, schools: 200, invoices: 20_000 };
const STATEMENT_SEED = 77;
/** The small statement reconcile-scaling subtracts, and the sizes profiled. */
const SMALL = 20;
const SIZES = [500, 5000];

/**
 * Parts of a CLI run, by the nearest frame of the stack named here (cli/commands/invoices/reconcile-*.ts,
 * core/domain/reconcile) or in the CSV parser (its stream's callbacks run outside readStatements's stack).
 */
const PARTS = {
  'statement: csv-parse': [],
  'statement: the rest': [
    'readStatements',
    'scanned',
    'readStatementStream',
    'textOf',
    'csvRecords',
    'mergeStatements',
    'withIds',
    'lineHash',
  ],
  'book read': ['readBook', 'pages', 'listInvoices', 'listPage'],
  index: ['indexBook'],
  match: ['matchLines'],
  plan: ['savePlan', 'writeFileAtomic', 'writePieces', 'jsonPieces', 'hashFile', 'linkIntoPlace'],
  summary: ['summaryText'],
  gc: ['(garbage collector)'],
};
const PART_OF = new Map(Object.entries(PARTS).flatMap(([part, names]) => names.map((n) => [n, part])));
const partOfFrame = ({ functionName, url }) =>
  url.includes('/node_modules/csv-parse/') ? 'statement: csv-parse' : PART_OF.get(functionName);

/** ms of a `--cpu-prof` profile by part (the rest: start-up, module loading, the HTTP client, idle). */
function profileParts(file) {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map(nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
  const partOf = new Map();
  const part = (id) => {
    if (!partOf.has(id)) {
      const own = partOfFrame(byId.get(id).callFrame);
      partOf.set(id, own ?? (parent.has(id) ? part(parent.get(id)) : 'rest'));
    }
    return partOf.get(id);
  };
  const ms = {};
  samples.forEach((id, k) => {
    const p = part(id);
    ms[p] = (ms[p] ?? 0) + (timeDeltas[k + 1] ?? 0) / 1000;
  });
  return ms;
}

/**
 * Where the CLI's CPU per line goes: a `--cpu-prof` of a run of each size (`cli(count, nodeArgs)`) in each
 * of `rounds` rounds, each part's median. The samples are of wall-clock time on the main thread, so a
 * part's share counts, not its time: each part's share of the difference between the sizes applied to the
 * `direct` figure (ms a line).
 */
function profileRows(cli, profiles, rounds, direct) {
  const args = ['--cpu-prof', '--cpu-prof-dir', profiles];
  cli(SIZES[0], args); // this way's compile cache
  const profiled = (count) => {
    const before = new Set(readdirSync(profiles));
    cli(count, args);
    const written = readdirSync(profiles).find((f) => !before.has(f));
    return profileParts(join(profiles, written));
  };
  const runs = Array.from({ length: rounds }, () => SIZES.map(profiled));
  // Each part's median over the rounds, at each size.
  const parts = [...Object.keys(PARTS), 'rest'];
  const [small, large] = SIZES.map((_, k) =>
    Object.fromEntries(parts.map((part) => [part, median(runs.map((run) => run[k][part] ?? 0))])),
  );
  const total = (ms) => Object.values(ms).reduce((a, b) => a + b, 0);
  const shareOf = (part) => (large[part] - small[part]) / (total(large) - total(small));
  return parts.map((part) => ({
    name: `reconcile-cli: the CLI's CPU per line, ${part} (profiled ${small[part].toFixed(0)} / ${large[part].toFixed(0)} ms at ${SIZES.join(' / ')} lines: ${(shareOf(part) * 100).toFixed(0)}% of the difference, applied to the direct figure)`,
    value: (shareOf(part) * direct).toFixed(3),
    unit: 'ms',
  }));
}

/**
 * direct-check's `reconcile-cli` part: prints its rows with `out`, progress with `log`.
 *
 * @example
 * await reconcileCli({ bin, rounds: 3, out, log });
 */
export async function reconcileCli({ bin, rounds, out, log }) {
  const cache = fileURLToPath(new URL('../node_modules/.cache/edshed-direct-cli/', import.meta.url));
  let served;
  try {
    const bundle = await bundleReconcile(cache);
    const r = await import(pathToFileURL(bundle).href);
    const checks = await import(pathToFileURL(await bundleBookChecks(cache)).href);
    served = await serveBook({ bundle, r, checks, spec: BOOK, bin });
    const counts = [SMALL, ...SIZES];
    const files = Object.fromEntries(counts.map((count) => [count, served.statement(count, STATEMENT_SEED)]));
    const ways = ['hook', 'direct'];
    // Each way's compile cache (the CLI keeps one per set of Node options), as direct-check's bulk part.
    for (const way of ways) served.run(files[SMALL].file, way);
    const got = Object.fromEntries(ways.map((way) => [way, Object.fromEntries(counts.map((c) => [c, []]))]));
    for (let round = 0; round < rounds; round += 1) {
      for (const count of counts)
        for (const way of ways) got[way][count].push(Math.round(served.run(files[count].file, way).cpuMicros / 1000));
      log(
        `reconcile-cli round ${round + 1}: CLI CPU at ${counts.join(' / ')} lines, exit hook ${counts.map((c) => got.hook[c].at(-1)).join(' / ')} ms, GNU time ${counts.map((c) => got.direct[c].at(-1)).join(' / ')} ms`,
      );
    }
    for (const count of SIZES) {
      const file = files[count].file;
      const { row, planned, lines } = planAgainstMatch(r, served.book, file, served.plan(file), 'reconcile-cli');
      out(row);
      const cells = r.matchLines(lines, r.indexBook(served.book));
      out({
        name: `reconcile-cli: ${lines.length} lines, the same against the in-process match over the book in the cell's order (${classCounts(cells)}; 0 since the matcher breaks ties of totals by id)`,
        value: differing(planned, cells),
        unit: 'lines',
      });
    }
    log(`book server requests: ${JSON.stringify(await served.server.counts())}`);
    const lines = (count) => files[count].lines;
    const cpu = (way, count) => median(got[way][count]);
    const perLine = (n) => `${n.toFixed(3)} ms`;
    const net = (way, count) => (cpu(way, count) - cpu(way, SMALL)) / (lines(count) - lines(SMALL));
    const [small, large] = SIZES;
    const marginal = (way) => (cpu(way, large) - cpu(way, small)) / (lines(large) - lines(small));
    const both = (count) => ways.map((way) => cpu(way, count).toFixed(0)).join(' / ');
    out(
      agreement(
        `reconcile-cli: edshed invoices reconcile --plan, CPU per line at ${large} lines less a ${SMALL}-line run's, pool 100 (reconcile-scaling's exit hook / GNU time: ${both(large)} ms and ${both(SMALL)} ms)`,
        net('hook', large),
        net('direct', large),
        perLine,
      ),
    );
    out(
      agreement(
        `reconcile-cli: the same, marginal CPU per line between ${small} and ${large} lines (${both(small)} ms at ${small})`,
        marginal('hook'),
        marginal('direct'),
        perLine,
      ),
    );
    const cli = (count, nodeArgs) => served.run(files[count].file, 'direct', nodeArgs);
    for (const row of profileRows(cli, join(cache, 'profiles'), rounds, marginal('direct'))) out(row);
  } finally {
    await served?.stop();
    rmSync(cache, { recursive: true, force: true });
  }
}
