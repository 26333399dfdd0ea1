// What bench/reconcile-scaling and bench/direct-check's `reconcile-cli` part share: `edshed invoices
// reconcile FILE --plan PLAN` run against a synthetic book (core/domain/reconcile/synthetic-book.ts)
// served on the API's routes by bench/book-server.mjs, with the checks that it does the matcher's work:
// every item served passes the CLI's own book checks, and a plan's verdicts are the in-process match's
// over the book in the order the CLI reads it. Not a bench itself (no .bench.mjs suffix).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOK_TOKEN, bookAsRead, startBookServer } from './book-server.mjs';
import { bulkEnv, cpuHook, timedNode } from './bulk-runs.mjs';
import { timeDirect } from './direct-runs.mjs';
import { reconcileArgs } from './statements.mjs';

/** Throws unless the CLI's book checks (cli/commands/invoices/reconcile-book.ts) keep every item of `book`. */
export function checkBook(checks, book) {
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

/** "confident 2272, ambiguous 1622, ..." of a list of verdicts. */
export function classCounts(verdicts) {
  const counts = new Map();
  for (const v of verdicts) counts.set(v.class, (counts.get(v.class) ?? 0) + 1);
  return [...counts].map(([cls, n]) => `${cls} ${n}`).join(', ');
}

/** Lines whose class or invoices differ between two lists of verdicts (and the lines one has beyond the other). */
export const differing = (a, b) =>
  a.filter((v, k) => v.class !== b[k]?.class || v.invoices.join() !== b[k].invoices.join()).length +
  Math.abs(a.length - b.length);

/**
 * The plan at `planFile` against the in-process match (the bundle `r`) of the statement `file` over `book`
 * in the order the CLI reads it: the row (target 0 lines differ, named after `what`), the plan's verdicts
 * and the statement's lines.
 */
export function planAgainstMatch(r, book, file, planFile, what) {
  const today = new Date().toISOString().slice(0, 10);
  const planned = JSON.parse(readFileSync(planFile, 'utf8')).lines;
  const lines = r.readStatement(readFileSync(file), { file }).lines;
  const asRead = r.matchLines(lines, r.indexBook(bookAsRead(book)), new Map(), { today });
  const off = differing(planned, asRead);
  const row = {
    name: `${what}: ${lines.length} lines, lines whose class or invoices differ between the CLI's plan (${classCounts(planned)}) and the in-process match over the book in the order the CLI reads it`,
    value: off,
    unit: 'lines',
    target: 0,
    ok: off === 0,
  };
  return { row, planned, lines };
}

/**
 * A synthetic book of `spec` (from the bundle at `bundle`, imported as `r`) checked against the CLI's book
 * checks (`checks`, bundleBookChecks' module) and served by a book server, with a temporary config and
 * state directory for the CLI (bulkEnv) pointed at it. `statement(count, seed)` writes a statement of
 * `count` lines of the book (CSV, as the cells render it) and answers `{ file, lines }`; `run(file, way, nodeArgs)`
 * runs `edshed invoices reconcile FILE --plan PLAN` (the plan beside the file) to its end, `way` 'hook'
 * (timedNode with bench/cpu-hook.mjs preloaded: cpuMicros, mainThreadMicros) or 'direct' (timeDirect:
 * GNU time's cpuMicros); `plan(file)` the plan's path; `stop()` ends the server and removes the directory.
 *
 * @example
 * const served = await serveBook({ bundle, r, checks, spec: { seed: 7, schools: 200, invoices: 20_000 }, bin });
 */
export async function serveBook({ bundle, r, checks, spec, bin }) {
  const book = r.syntheticBook(spec);
  checkBook(checks, book);
  const dir = mkdtempSync(join(tmpdir(), 'edshed-reconcile-cli-'));
  let server;
  try {
    server = await startBookServer(bundle, spec);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const env = { ...bulkEnv(dir), EDSHED_API_URL: server.url, EDSHED_TOKEN: BOOK_TOKEN };
  const plan = (file) => file.replace(/\.csv$/, '.plan.json');
  const ok = (result) => {
    if (result.status !== 0) throw new Error(`reconcile exited ${result.status}: ${result.stderr.slice(-2000)}`);
  };
  return {
    book,
    env,
    server,
    plan,
    statement(count, seed) {
      const { lines } = r.generateStatement(book, { seed, count });
      const file = join(dir, `statement-${seed}-${count}.csv`);
      writeFileSync(file, r.renderStatement(lines, 'csv', { account: '12345678' }));
      return { file, lines: lines.length };
    },
    run(file, way, nodeArgs = []) {
      const args = [...nodeArgs, bin, ...reconcileArgs(file, plan(file))];
      return way === 'hook' ? timedNode(['--import', cpuHook, ...args], env, ok) : timeDirect(args, env, ok);
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
