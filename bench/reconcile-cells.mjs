// What bench/reconcile-scaling and bench/direct-check share: core/domain/reconcile bundled by esbuild
// for a plain Node process, and one cell of the scaling table run in a fresh process
// (`node bench/reconcile-scaling.bench.mjs --child BUNDLE SPEC`). Not a bench itself (no .bench.mjs suffix).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scaling = fileURLToPath(new URL('./reconcile-scaling.bench.mjs', import.meta.url));

/** Bundles `input` (esbuild's entryPoints or stdin) for a plain Node process as `file`; its path. */
async function bundleTo(file, input) {
  await build({
    ...input,
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: file,
    logLevel: 'warning',
    packages: 'external',
    absWorkingDir: root,
  });
  return file;
}

/** Bundles core/domain/reconcile into `dir`/reconcile.mjs; its path. */
export const bundleReconcile = (dir) =>
  bundleTo(join(dir, 'reconcile.mjs'), { entryPoints: [join(root, 'core/domain/reconcile/index.ts')] });

/**
 * Bundles the checks `edshed invoices reconcile` reads its book with (cli/commands/invoices/reconcile-book.ts:
 * the invoice's shape through `replyProblems`, the others' zod schemas) into `dir`/book-checks.mjs; its path.
 */
export const bundleBookChecks = (dir) =>
  bundleTo(join(dir, 'book-checks.mjs'), {
    stdin: {
      contents: [
        "export { replyProblems } from './core/shapes/schema.ts';",
        "export * from './core/domain/reconcile/book.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
  });

/** Node's arguments for one cell of `spec` in a fresh process (the bundle at `file`). */
export const cellArgs = (file, spec) => [scaling, '--child', file, JSON.stringify(spec)];

/** One cell in a fresh process: what it prints (lines, invoices, open, cold, warm, process_cpu). */
export const runCell = (file, spec) =>
  JSON.parse(
    execFileSync(process.execPath, cellArgs(file, spec), { encoding: 'utf8', maxBuffer: 1 << 20 })
      .trim()
      .split('\n')
      .at(-1),
  );
