// What bench/reconcile-scaling and bench/direct-check share: core/domain/reconcile bundled by esbuild
// for a plain Node process, and one cell of the scaling table run in a fresh process
// (`node bench/reconcile-scaling.bench.mjs --child BUNDLE SPEC`). Not a bench itself (no .bench.mjs suffix).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scaling = fileURLToPath(new URL('./reconcile-scaling.bench.mjs', import.meta.url));

/** Bundles core/domain/reconcile into `dir`/reconcile.mjs; its path. */
export async function bundleReconcile(dir) {
  const file = join(dir, 'reconcile.mjs');
  await build({
    entryPoints: [join(root, 'core/domain/reconcile/index.ts')],
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
