// The plans the matcher makes for a few seeds, as one hash each: run it before and after a change to the
// matcher that must keep every verdict (class, invoices, candidates with their scores and signals, note).
//   node bench/reconcile-plans.mjs              hashes of seeds 1-6 (500 lines, the bench's book) and the large run
//   node bench/reconcile-plans.mjs --out DIR    also writes each plan as JSON lines to DIR, to diff
//   node bench/reconcile-plans.mjs --verdicts   hashes of class and invoices only (for a change to what is shown)
//   node bench/reconcile-plans.mjs --pools      also bench/reconcile-scaling's plans of 500 and 5,000 lines against
//                                               payers of 100 and 10,000 open invoices, and 500 lines against one
//                                               school of 20,000 (its PO over all of them; about 40 s more)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const verdictsOnly = args.includes('--verdicts');
const pools = args.includes('--pools');
const dir = fileURLToPath(new URL('../node_modules/.cache/edshed-reconcile-plans/', import.meta.url));
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
  const runs = [1, 2, 3, 4, 5, 6].map((seed) => ({
    name: `seed-${seed}`,
    book: { seed, schools: 300, invoices: 1600 },
    statement: { seed: 1000 + seed, count: 500 },
  }));
  runs.push({
    name: 'large',
    book: { seed: 99, schools: 2500, invoices: 20_000 },
    statement: { seed: 4242, count: 5000 },
  });
  // The scaling bench's books: 20,000 open invoices, payers of `pool` each.
  if (pools)
    for (const [count, pool] of [
      [500, 100],
      [500, 10_000],
      [5000, 100],
      [5000, 10_000],
      [500, 20_000],
    ])
      runs.push({
        name: `lines-${count}-pool-${pool}`,
        book: { seed: 7, schools: 20_000 / pool, invoices: 20_000 },
        statement: { seed: 77, count },
      });
  if (outDir !== undefined) mkdirSync(outDir, { recursive: true });
  for (const run of runs) {
    const book = r.syntheticBook(run.book);
    const statement = r.generateStatement(book, run.statement);
    const lines = r.readStatement(enc.encode(r.renderStatement(statement.lines, 'csv', { account: '12345678' })), {
      file: 'a.csv',
    }).lines;
    const verdicts = r.matchLines(lines, r.indexBook(book));
    const text = verdicts
      .map((v, k) =>
        JSON.stringify(verdictsOnly ? { line: k, class: v.class, invoices: v.invoices } : { line: k, ...v }),
      )
      .join('\n');
    if (outDir !== undefined) writeFileSync(join(outDir, `${run.name}.jsonl`), `${text}\n`);
    console.log(`${run.name} ${createHash('sha256').update(text).digest('hex').slice(0, 16)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
