// Peak memory of a bulk dry run: `edshed invoices mark-paid --from FILE --dry-run` over a CSV of
// ROWS rows, as the whole CLI process's peak resident set (maxRSS, read by a preloaded exit hook), for
// CSV and NDJSON. The dry run reads and checks every row as a real run's first pass does, keeping only a
// fingerprint per row (duplicates), so the figure should stay flat as the file grows.
// Also the curated `invoices mark paid --from` dry run's time over the table command's on the same CSV
// (a ratio of one run): its per-row checks (the route-clash check among them) must cost about what
// buildRequest does for the table command, not a walk of the 777-entry table per row.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_MIB = 150;
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-bench-'));
const hook = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss='+process.resourceUsage().maxRSS+'\\n'))`;
const env = { ...process.env, EDSHED_CONFIG_DIR: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), EDSHED_API_URL: 'http://127.0.0.1:9/', NO_COLOR: '1' };
const out = (row) => console.log(JSON.stringify(row));

try {
  const csv = ['id,method,date'];
  const ndjson = [];
  for (let i = 1; i <= ROWS; i += 1) {
    csv.push(`${i},bacs,2026-09-01`);
    ndjson.push(JSON.stringify({ id: i, method: 'bacs', date: '2026-09-01' }));
  }
  writeFileSync(join(dir, 'rows.csv'), `${csv.join('\n')}\n`);
  writeFileSync(join(dir, 'rows.ndjson'), `${ndjson.join('\n')}\n`);
  const dryRun = (command, file) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', hook, bin, ...command, '--from', join(dir, file), '--dry-run'], { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`dry run of ${file} exited ${result.status}: ${result.stderr}`);
    return { result, ms: performance.now() - started };
  };
  const table = dryRun(['invoices', 'mark-paid'], 'rows.csv');
  const curated = dryRun(['invoices', 'mark', 'paid'], 'rows.csv');
  const ratio = curated.ms / table.ms;
  out({ name: `${ROWS}-row dry run time, invoices mark paid over invoices mark-paid (${(curated.ms / 1000).toFixed(1)} s / ${(table.ms / 1000).toFixed(1)} s)`, value: ratio.toFixed(2), unit: 'x', target: '<= 2', ok: ratio <= 2 });
  for (const file of ['rows.csv', 'rows.ndjson']) {
    const { result } = file === 'rows.csv' ? table : dryRun(['invoices', 'mark-paid'], file);
    const kib = Number(/maxrss=(\d+)/.exec(result.stderr)?.[1]);
    const mib = kib / 1024;
    out({ name: `peak RSS of a ${ROWS}-row dry run (${file.split('.')[1]})`, value: mib.toFixed(0), unit: 'MiB', target: `<= ${TARGET_MIB}`, ok: mib <= TARGET_MIB });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
