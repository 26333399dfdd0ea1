// Peak memory of `edshed invoices reconcile` against statement size: CSV statements of 5, 50 and 200 MB,
// and one of exactly the line limit (its header and rows) (MAX_STATEMENT_LINES, core/domain/reconcile/limits.ts), as the whole
// CLI process's peak resident set (maxRSS, read by a preloaded exit hook), against the large seed.
// The statements are the sandbox's own (`edshed sandbox statement`), their rows repeated with a
// running number in the text until the file reaches its size. A statement past the limit is refused
// (exit 2) after a count that stops at the limit; one within it is read as a stream, matched and its
// plan written as a stream. Each row says the lines, the exit code and the seconds it took.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { peakRssMib, rssHook } from './bulk-runs.mjs';
import { startSandbox } from './servers.mjs';
import { STATEMENT_LIMIT, reconcileArgs, sandboxStatementRows, writeStatement } from './statements.mjs';

const TARGET_MIB = 300;
const LIMIT = STATEMENT_LIMIT;
const SIZES_MB = (process.env.BENCH_SIZES ?? '5,50,200').split(',').map(Number);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-statement-bench-'));
const env = {
  ...process.env,
  EDSHED_CONFIG_DIR: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  NO_COLOR: '1',
};
const out = (row) => console.log(JSON.stringify(row));
const edshed = (args, input) =>
  spawnSync(process.execPath, [bin, ...args], { env, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

const sandbox = await startSandbox({ seed: 'large' });
try {
  const login = edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], 'sandbox\n');
  if (login.status !== 0) throw new Error(`login: ${login.stderr}`);
  const { header, rows } = sandboxStatementRows(edshed, dir);
  const cases = [
    ...SIZES_MB.map((mb) => ({ name: `${mb} MB`, bytes: mb * 1_000_000 })),
    { name: `the limit, ${LIMIT} lines`, lines: LIMIT - 1 },
  ];
  for (const c of cases) {
    const file = join(dir, 'statement.csv');
    const lines = await writeStatement(file, header, rows, c);
    const mb = statSync(file).size / 1e6;
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      ['--import', rssHook, bin, ...reconcileArgs(file, join(dir, 'plan.json'))],
      { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const seconds = (performance.now() - started) / 1000;
    const mib = peakRssMib(result.stderr);
    if (result.status !== 0 && result.status !== 2)
      throw new Error(`reconcile of ${c.name} exited ${result.status}: ${result.stderr}`);
    const plan =
      result.status === 0 ? `, plan ${(statSync(join(dir, 'plan.json')).size / 1e6).toFixed(0)} MB` : ', refused';
    process.stderr.write(
      `${c.name}: ${result.stderr.split('\n').find((l) => l.startsWith('edshed:') || l.startsWith('Nothing')) ?? ''}\n`,
    );
    out({
      name: `peak RSS, CSV statement of ${mb.toFixed(1)} MB (${lines} lines; exit ${result.status}${plan}; ${seconds.toFixed(1)} s)`,
      value: mib.toFixed(0),
      unit: 'MiB',
      target: `<= ${TARGET_MIB}`,
      ok: mib <= TARGET_MIB,
    });
    rmSync(file, { force: true });
  }
} finally {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
