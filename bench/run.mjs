// Runs every bench/*.bench.mjs in turn and prints one table. Each script prints JSON lines
// { name, value, unit, target?, ok? } on stdout; anything else it prints goes to stderr.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
/**
 * Benches that run only when named (`npm run bench -- test-time`): test-time runs the whole test suite,
 * direct-check the other benches' commands again, each beside a direct measurement of it.
 */
const ON_REQUEST = ['test-time.bench.mjs', 'direct-check.bench.mjs'];
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => (only.length === 0 ? !ON_REQUEST.includes(f) : only.some((o) => f.includes(o))))
  .sort();
const rows = [];
let failed = false;
for (const script of scripts) {
  process.stderr.write(`running ${script}...\n`);
  const result = spawnSync(process.execPath, [`${dir}${script}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    failed = true;
    rows.push({ bench: script, name: '(failed)', value: `exit ${result.status}`, unit: '', target: '', ok: false });
    continue;
  }
  for (const line of result.stdout.split('\n').filter((l) => l.startsWith('{')))
    rows.push({ bench: script.replace('.bench.mjs', ''), ...JSON.parse(line) });
}
const cols = ['bench', 'name', 'value', 'unit', 'target', 'ok'];
const text = (row, c) => (c === 'ok' ? (row.ok === undefined ? '' : row.ok ? 'yes' : 'NO') : String(row[c] ?? ''));
const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r, c).length)));
const line = (cells) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(line(cols));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(cols.map((c) => text(row, c))));
process.exitCode = failed ? 1 : 0;
