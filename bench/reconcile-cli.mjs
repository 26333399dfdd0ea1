// bench/direct-check's `reconcile-cli` part: reconcile-scaling's figure (the match CPU per line of a cold
// cell, between its cells of 500 and 5,000 lines against payers of 100) against what a user runs,
// `edshed invoices reconcile FILE --plan PLAN`, spawned plainly under GNU time against the same book served
// on the API's routes by bench/book-server.mjs: the CLI's CPU at 5,000 lines less at 500, per line. The
// plans are checked to hold the in-process match's verdicts (the same work), and a CPU profile of each CLI
// run says what the CLI does per line beyond the match (reading the statement, writing the plan). Not a
// bench itself (no .bench.mjs suffix).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BOOK_TOKEN, bookAsRead, startBookServer } from './book-server.mjs';
import { bulkEnv } from './bulk-runs.mjs';
import { agreement, median, timeDirect } from './direct-runs.mjs';
import { bundleBookChecks, bundleReconcile, runCell } from './reconcile-cells.mjs';
import { reconcileArgs } from './statements.mjs';

/** The book and statements of direct-check's reconcile-scaling cell: 200 payers of 100 open invoices. */
const BOOK = { seed: 7, schools: 200, invoices: 20_000 };
const STATEMENT_SEED = 77;
const SIZES = [500, 5000];

/** Throws unless the CLI's book checks (cli/commands/invoices/reconcile-book.ts) keep every item of `book`. */
function checkBook(checks, book) {
  const served = JSON.parse(JSON.stringify(book));
  const fits = (schema) => (item) => schema.safeParse(item).success;
  const skipped = [
    ...served.invoices.filter((i) => checks.replyProblems(checks.BOOK_INVOICE, i).length > 0),
    ...served.schools.filter((s) => !fits(checks.bookSchoolSchema)(s)),
    ...served.districts.filter((d) => !fits(checks.bookDistrictSchema)(d)),
    ...served.subscriptions.filter((s) => !fits(checks.bookSubscriptionSchema)(s)),
  ];
  if (skipped.length > 0)
    throw new Error(`the CLI would skip ${skipped.length} items of the book, such as ${JSON.stringify(skipped[0])}`);
}

function classCounts(verdicts) {
  const counts = new Map();
  for (const v of verdicts) counts.set(v.class, (counts.get(v.class) ?? 0) + 1);
  return [...counts].map(([cls, n]) => `${cls} ${n}`).join(', ');
}
const differing = (a, b) =>
  a.filter((v, k) => v.class !== b[k]?.class || v.invoices.join() !== b[k].invoices.join()).length +
  Math.abs(a.length - b.length);

/** Rows: the plan's verdicts against the in-process match over the book as the CLI read it, and as the cell has it. */
function sameVerdicts(r, book, file, planFile, today) {
  const planned = JSON.parse(readFileSync(planFile, 'utf8')).lines;
  const lines = r.readStatement(readFileSync(file), { file }).lines;
  const asRead = r.matchLines(lines, r.indexBook(bookAsRead(book)), new Map(), { today });
  const cells = r.matchLines(lines, r.indexBook(book));
  const off = differing(planned, asRead);
  return [
    {
      name: `reconcile-cli: ${lines.length} lines, lines whose class or invoices differ between the CLI's plan (${classCounts(planned)}) and the in-process match over the book in the order the CLI reads it`,
      value: off,
      unit: 'lines',
      target: 0,
      ok: off === 0,
    },
    {
      name: `reconcile-cli: ${lines.length} lines, the same against the in-process match over the book in the cell's order (${classCounts(cells)}; the matcher's verdicts depend on the book's order)`,
      value: differing(planned, cells),
      unit: 'lines',
    },
  ];
}

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
 * `direct` figure (ms a line). And `cell` against the direct figure less the parts the cell does not time.
 */
function profileRows(cli, profiles, rounds, cell, direct) {
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
  const rows = parts.map((part) => ({
    name: `reconcile-cli: the CLI's CPU per line, ${part} (profiled ${small[part].toFixed(0)} / ${large[part].toFixed(0)} ms at ${SIZES.join(' / ')} lines: ${(shareOf(part) * 100).toFixed(0)}% of the difference, applied to the direct figure)`,
    value: (shareOf(part) * direct).toFixed(3),
    unit: 'ms',
  }));
  // What the cell does not time: the statement read (before its clock starts), the plan written, the summary.
  const untimed = ['statement: csv-parse', 'statement: the rest', 'plan', 'summary'];
  const share = untimed.reduce((n, part) => n + shareOf(part), 0);
  rows.push(
    agreement(
      `reconcile-cli: the same less what the cell does not time (the statement read, the plan written, the summary: ${(share * 100).toFixed(0)}% of the CLI's by the profile)`,
      cell,
      direct * (1 - share),
      (n) => `${n.toFixed(3)} ms`,
    ),
  );
  return rows;
}

/**
 * direct-check's `reconcile-cli` part: prints its rows with `out`, progress with `log`.
 *
 * @example
 * await reconcileCli({ bin, rounds: 3, out, log });
 */
export async function reconcileCli({ bin, rounds, out, log }) {
  const cache = fileURLToPath(new URL('../node_modules/.cache/edshed-direct-cli/', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'edshed-direct-cli-'));
  let server;
  try {
    const bundle = await bundleReconcile(cache);
    const r = await import(pathToFileURL(bundle).href);
    const book = r.syntheticBook(BOOK);
    checkBook(await import(pathToFileURL(await bundleBookChecks(cache)).href), book);
    const files = {};
    for (const count of SIZES) {
      const { lines } = r.generateStatement(book, { seed: STATEMENT_SEED, count });
      files[count] = join(dir, `statement-${count}.csv`);
      writeFileSync(files[count], r.renderStatement(lines, 'csv', { account: '12345678' }));
    }
    server = await startBookServer(bundle, BOOK);
    const env = { ...bulkEnv(dir), EDSHED_API_URL: server.url, EDSHED_TOKEN: BOOK_TOKEN };
    const plan = (count) => join(dir, `plan-${count}.json`);
    const ok = (result) => {
      if (result.status !== 0) throw new Error(`reconcile exited ${result.status}: ${result.stderr.slice(-2000)}`);
    };
    const cli = (count, node = []) => timeDirect([...node, bin, ...reconcileArgs(files[count], plan(count))], env, ok);
    cli(500); // the compile cache, as direct-check's statement part
    const got = { cell: [], direct: [], cells: {}, cpu: {} };
    for (const count of SIZES) [got.cells[count], got.cpu[count]] = [[], []];
    for (let round = 0; round < rounds; round += 1) {
      for (const count of SIZES) {
        got.cells[count].push(runCell(bundle, { book: BOOK, statement: { seed: STATEMENT_SEED, count } }));
        got.cpu[count].push(cli(count).cpuMicros / 1000);
      }
      const [small, large] = SIZES.map((count) => got.cells[count].at(-1));
      const lines = large.lines - small.lines;
      got.cell.push((large.cold.match - small.cold.match) / lines);
      got.direct.push((got.cpu[SIZES[1]].at(-1) - got.cpu[SIZES[0]].at(-1)) / lines);
      log(
        `reconcile-cli round ${round + 1}: cell match ${small.cold.match.toFixed(0)} / ${large.cold.match.toFixed(0)} ms, CLI ${got.cpu[SIZES[0]].at(-1)} / ${got.cpu[SIZES[1]].at(-1)} ms (${SIZES.join(' / ')} lines)`,
      );
    }
    const today = new Date().toISOString().slice(0, 10);
    for (const count of SIZES) for (const row of sameVerdicts(r, book, files[count], plan(count), today)) out(row);
    log(`book server requests: ${JSON.stringify(await server.counts())}`);
    const perLine = (n) => `${n.toFixed(3)} ms`;
    const cellMs = (count) => median(got.cells[count].map((c) => c.cold.match)).toFixed(0);
    const cliMs = (count) => median(got.cpu[count]).toFixed(0);
    out(
      agreement(
        `reconcile-cli: CPU per line between ${SIZES.join(' and ')} lines, pool 100 (the cell's cold match, ${cellMs(SIZES[0])} / ${cellMs(SIZES[1])} ms / edshed invoices reconcile --plan under GNU time, ${cliMs(SIZES[0])} / ${cliMs(SIZES[1])} ms)`,
        median(got.cell),
        median(got.direct),
        perLine,
      ),
    );
    for (const row of profileRows(cli, join(dir, 'profiles'), rounds, median(got.cell), median(got.direct))) out(row);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}
