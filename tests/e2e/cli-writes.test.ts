import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { appliedWrites, auditLines, leaks, SLOW, transcript, type Transcript } from '../helpers/transcript.js';

// Writes: a generated command works, a dry run prints the exact request and
// sends nothing, a destructive call off a terminal needs --yes, and each failure has its exit code
// (3, a bulk run with failures, is covered by the workflow tests of the bulk commands).
interface Invoice {
  id: number;
  state: string;
}

let sandbox: SandboxProcess;
let t: Transcript;
let open: Invoice[];
const paidPath = (id: number) => `superuser/invoices/${id}/paid`;
const auditedPaths = () => auditLines(sandbox.env.XDG_STATE_HOME as string).map((line) => String(line.path));

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  t = transcript(sandbox);
  expect(
    (await t.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], { input: 'sandbox\n' }))
      .exitCode,
  ).toBe(0);
  expect(
    (
      await t.edshed(['--profile', 'teacher', 'login', '--api-url', sandbox.url, '-u', 'teacher', '--password-stdin'], {
        input: 'sandbox\n',
      })
    ).exitCode,
  ).toBe(0);
  const listed = await t.edshed(['invoices', 'list', '--state', 'open', '--json']);
  open = (JSON.parse(listed.stdout) as { invoices: Invoice[] }).invoices;
  expect(open.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  expect(leaks(t, [`${sandbox.env.XDG_STATE_HOME}/edshed/audit.jsonl`])).toEqual([]);
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('writes through the built CLI', { timeout: SLOW }, () => {
  it('prints the exact request on --dry-run (token as ***) and sends nothing; then the real call applies once', async () => {
    const id = (open[0] as Invoice).id;
    const dry = await t.edshed([
      'invoices',
      'mark-paid',
      String(id),
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
      '--idempotency-key',
      'e2e-dry-1',
      '--dry-run',
    ]);
    expect(dry.exitCode).toBe(0);
    const lines = dry.stdout.split('\n');
    expect(lines[0]).toBe(`POST ${sandbox.url}${paidPath(id)}`);
    expect(lines).toContain('x-token: ***');
    expect(lines).toContain('idempotency-key: e2e-dry-1');
    expect(lines).toContain('content-type: application/json');
    expect(lines).toContain('{"method":"bacs","date":"2026-09-01"}');
    expect(dry.stderr).toMatch(/Dry run: nothing was sent/);

    const raw = await t.edshed([
      'api',
      'POST',
      paidPath(id),
      '-F',
      'method=cheque',
      '-F',
      'date=2026-09-02',
      '--dry-run',
    ]);
    expect(raw.exitCode).toBe(0);
    expect(raw.stdout.split('\n')[0]).toBe(`POST ${sandbox.url}${paidPath(id)}`);
    expect(raw.stdout).toMatch(/^x-token: \*\*\*$/m);
    expect(raw.stdout).toMatch(/^idempotency-key: edshed-cli-\S+$/m);
    expect(raw.stdout).toMatch(/^\{"method":"cheque","date":"2026-09-02"\}$/m);
    expect(await appliedWrites(t, paidPath(id))).toBe(0);
    expect(auditedPaths()).not.toContain(paidPath(id));

    const real = await t.edshed([
      'invoices',
      'mark-paid',
      String(id),
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
      '--json',
    ]);
    expect(real.exitCode).toBe(0);
    expect(JSON.parse(real.stdout)).toMatchObject({
      invoice: { id, state: 'paid', paid_method: 'bacs', paid_date: '2026-09-01' },
    });
    expect(await appliedWrites(t, paidPath(id))).toBe(1);
  });

  it('refuses a destructive call off a terminal without --yes (exit 2) and sends nothing', async () => {
    const runs = [
      await t.edshed(['subscriptions', 'delete', '5']),
      await t.edshed(['api', 'DELETE', 'superuser/subscriptions/5']),
      await t.edshed(['invoices', 'void', String((open[1] as Invoice).id)]),
    ];
    for (const run of runs) {
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/pass --yes to confirm \(no terminal to ask on\); nothing was sent/);
    }
    expect(await appliedWrites(t, 'superuser/subscriptions/5')).toBe(0);
    expect(await appliedWrites(t, `subscriptions/invoices/${(open[1] as Invoice).id}/void`)).toBe(0);
    expect(auditedPaths().filter((p) => p.includes('subscriptions/'))).toEqual([]);
  });

  it('exits 1 when the request fails: a 409 with a next step, a 404', async () => {
    const id = (open[0] as Invoice).id;
    const conflict = await t.edshed(['invoices', 'mark-paid', String(id), '--method', 'card', '--date', '2026-09-03']);
    expect(conflict.exitCode).toBe(1);
    expect(conflict.stderr).toMatch(/status 409/);
    expect(conflict.stderr).toMatch(new RegExp(`edshed invoices update-paid ${id}`));
    const missing = await t.edshed(['invoices', 'mark-paid', '999999', '--method', 'bacs', '--date', '2026-09-01']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/status 404/);
  });

  it('exits 4 when not signed in or not allowed: a teacher on a superuser route gets the 403', async () => {
    const id = (open[1] as Invoice).id;
    const teacher = await t.edshed([
      '--profile',
      'teacher',
      'invoices',
      'mark-paid',
      String(id),
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
    ]);
    expect(teacher.exitCode).toBe(4);
    expect(teacher.stderr).toMatch(/Forbidden: .*only for superusers \(status 403/);
    expect(await appliedWrites(t, paidPath(id))).toBe(0);
    // Nobody signed in: a config directory of its own, without credentials (an unknown --profile is exit 2).
    const empty = mkdtempSync(join(tmpdir(), 'edshed-nobody-'));
    const anonymous = await t.edshed(['invoices', 'list', '--api-url', sandbox.url], {
      env: { EDSHED_CONFIG_DIR: empty },
    });
    expect(anonymous.exitCode).toBe(4);
    expect(anonymous.stderr).toMatch(/Sign in with `edshed login`/);
  });
});
