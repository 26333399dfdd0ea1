import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsDir, writes } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Ctrl-C while `bulk apply` (or a `--from FILE` run) still reads (the targets' states, then the invoices
// before the first row), before anything is sent: it says so, and leaves no file of the run behind, so
// there is nothing to resume.
let sandbox: SandboxProcess;
let plan: string;
let csv: string;

const runFiles = () => (existsSync(runsDir(sandbox)) ? readdirSync(runsDir(sandbox)) : []);

/** Every request the sandbox answers waits `ms` (0: none). */
async function latency(ms: number): Promise<void> {
  const faults = ms > 0 ? `latency=${ms}` : 'none';
  const answer = await sandbox.edshed(['api', 'PUT', '__sandbox/faults', '--field', `faults=${faults}`]);
  expect(answer.exitCode, String(answer.stderr)).toBe(0);
}

/** Starts the apply, sends it Ctrl-C once a file of the run matching `shows` is there, and waits for its end. */
async function interruptWhen(args: readonly string[], shows: RegExp) {
  const child = sandbox.edshed(args);
  const deadline = Date.now() + 20_000;
  while (!runFiles().some((name) => shows.test(name)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(
    runFiles().some((name) => shows.test(name)),
    runFiles().join(', '),
  ).toBe(true);
  child.kill('SIGINT');
  return child;
}

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
  csv = join(sandbox.dir, 'accounting.csv');
  writeFileSync(csv, 'id\n4\n6\n8\n');
  plan = join(sandbox.dir, 'plan.json');
  const planned = await sandbox.edshed([
    'invoices',
    'mark',
    'accounting',
    '--system',
    'xero',
    '--from',
    csv,
    '--dry-run',
    '--plan',
    plan,
  ]);
  expect(planned.exitCode, String(planned.stderr)).toBe(0);
});
afterAll(async () => sandbox.stop());

const JOURNAL = /^\d{8}-\d{6}-[0-9a-f]+\.jsonl$/;

describe('a bulk run stopped before it sends anything', { timeout: 60_000 }, () => {
  it.each([
    ['bulk apply reading the targets, its items file still being made', 'apply', /\.items\.jsonl\.partial$/],
    ['bulk apply reading the invoices before the first row, its journal made', 'apply', JOURNAL],
    ['a --from run reading the invoices before the first row, its journal made', 'from', JOURNAL],
  ])('says so when %s, and leaves no file of the run', async (_, how, shows) => {
    const args =
      how === 'apply'
        ? ['bulk', 'apply', plan, '--yes']
        : ['invoices', 'mark', 'accounting', '--system', 'xero', '--from', csv, '--yes'];
    await latency(1500);
    const stopped = await interruptWhen(args, shows);
    await latency(0);
    expect(stopped.exitCode).toBe(130);
    expect(stopped.stderr).toMatch(/before sending anything: nothing was sent, and no run was started/);
    expect(runFiles()).toEqual([]);
    expect((await sandbox.edshed(['runs', 'list'])).stderr).toMatch(/No bulk runs yet/);
    expect([...(await writes(sandbox, 'POST superuser/invoices/{id}/{accounting}')).values()]).toEqual([]);
  });
});
