import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { auditLines, leaks, SLOW, storedTokens, transcript, type Transcript } from '../helpers/transcript.js';

// Audit log and secrets: every write sent is one line of audit.jsonl in the state
// directory, readable with `edshed audit`; no output, --verbose included, and no audit line ever shows a
// session token or a password.
let sandbox: SandboxProcess;
let t: Transcript;
let invoice: number;
const PASSWORD = 'E2e-Secret-Pass-4417';
const stateHome = () => sandbox.env.XDG_STATE_HOME as string;
const auditFile = () => join(stateHome(), 'edshed', 'audit.jsonl');
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  t = transcript(sandbox);
  t.addSecret(PASSWORD);
  expect(
    (await t.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], { input: 'sandbox\n' }))
      .exitCode,
  ).toBe(0);
  const listed = JSON.parse((await t.edshed(['invoices', 'list', '--state', 'open', '--json'])).stdout) as {
    invoices: { id: number }[];
  };
  invoice = listed.invoices[0]?.id as number;
});
afterAll(async () => {
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('the audit log', { timeout: SLOW }, () => {
  it('records one line per write sent (one ok, one 409) with who, where, what and how it ended, in a 0600 file', async () => {
    const path = `superuser/invoices/${invoice}/paid`;
    expect(
      (
        await t.edshed([
          'invoices',
          'mark-paid',
          String(invoice),
          '--method',
          'bacs',
          '--date',
          '2026-09-01',
          '--idempotency-key',
          'e2e-audit-ok',
        ])
      ).exitCode,
    ).toBe(0);
    expect(
      (
        await t.edshed([
          'invoices',
          'mark-paid',
          String(invoice),
          '--method',
          'card',
          '--date',
          '2026-09-02',
          '--idempotency-key',
          'e2e-audit-409',
        ])
      ).exitCode,
    ).toBe(1);
    const lines = auditLines(stateHome());
    const who = { profile: 'default', environment: 'custom', user: 'superuser', method: 'POST', path };
    expect(lines).toEqual([
      {
        ...who,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        api: sandbox.url,
        status: 200,
        request_id: expect.stringMatching(/^req_/),
        idempotency_key: 'e2e-audit-ok',
        outcome: 'ok',
      },
      {
        ...who,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        api: sandbox.url,
        status: 409,
        request_id: expect.stringMatching(/^req_/),
        idempotency_key: 'e2e-audit-409',
        outcome: 'failed',
      },
    ]);
    expect(mode(auditFile())).toBe('600');
    expect(mode(join(stateHome(), 'edshed'))).toBe('700');
  });

  it('shows the log with `edshed audit --json`, filtered by --since; --since garbage exits 2', async () => {
    const lines = auditLines(stateHome());
    const all = await t.edshed(['audit', '--json']);
    expect(all.exitCode).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual(lines);
    expect(JSON.parse((await t.edshed(['audit', '--json', '--since', '2000-01-01'])).stdout)).toHaveLength(2);
    const second = lines[1] as { time: string };
    const after = new Date(Date.parse((lines[0] as { time: string }).time) + 1).toISOString();
    expect(JSON.parse((await t.edshed(['audit', '--json', '--since', after])).stdout)).toEqual([second]);
    const future = await t.edshed(['audit', '--json', '--since', '2999-01-01']);
    expect(JSON.parse(future.stdout)).toEqual([]);
    expect(future.stderr).toMatch(/No writes recorded since then/);
    const garbage = await t.edshed(['audit', '--since', 'garbage']);
    expect(garbage.exitCode).toBe(2);
    expect(garbage.stderr).toMatch(/--since: "garbage": not written YYYY-MM-DD/);
    // Checked as the table checks a day: Date.parse would roll 30 February over into March.
    for (const [since, problem] of [
      ['2026-02-30', '2026-02-30 is not a day of the calendar'],
      ['2026-11-02T24:30', '24:30 is not a time of day'],
    ]) {
      const impossible = await t.edshed(['audit', '--since', String(since)]);
      expect(impossible.exitCode, since).toBe(2);
      expect(impossible.stderr, since).toContain(`edshed: --since: "${since}": ${problem}`);
      expect(impossible.stdout, since).toBe('');
    }
  });

  it('writes to EDSHED_STATE_DIR when it is set, instead of $XDG_STATE_HOME/edshed', async () => {
    const other = join(mkdtempSync(join(tmpdir(), 'edshed-state-')), 'state');
    const env = { EDSHED_STATE_DIR: other };
    expect(
      (
        await t.edshed(
          ['api', 'POST', `superuser/invoices/${invoice}/paid`, '-F', 'method=bacs', '-F', 'date=2026-09-01'],
          { env },
        )
      ).exitCode,
    ).toBe(0);
    const there = JSON.parse((await t.edshed(['audit', '--json'], { env })).stdout) as { outcome: string }[];
    expect(there).toEqual([
      expect.objectContaining({ path: `superuser/invoices/${invoice}/paid`, outcome: 'unchanged', status: 200 }),
    ]);
    expect(mode(join(other, 'audit.jsonl'))).toBe('600');
    expect(auditLines(stateHome())).toHaveLength(2);
  });
});

describe('no secret anywhere', { timeout: SLOW }, () => {
  const secret = ['--profile', 'secret'];

  it('signs in a new teacher whose password is only in this test', async () => {
    const admin = ['--profile', 'admin'];
    expect(
      (
        await t.edshed([...admin, 'login', '--api-url', sandbox.url, '-u', 'admin', '--password-stdin', '--verbose'], {
          input: 'sandbox\n',
        })
      ).exitCode,
    ).toBe(0);
    const create = [
      'teachers',
      'create',
      '--field',
      'email=e2e.secret@example.com',
      '--field',
      'username=e2e-secret',
      '--field',
      `password=${PASSWORD}`,
    ];
    expect((await t.edshed([...admin, ...create, '--verbose'])).exitCode).toBe(0);
    const login = await t.edshed(
      [...secret, 'login', '--api-url', sandbox.url, '-u', 'e2e-secret', '--password-stdin', '--verbose'],
      { input: `${PASSWORD}\n` },
    );
    expect(login.exitCode).toBe(0);
  });

  it(
    'runs reads and writes with --verbose as that teacher and as the superuser, then logs the teacher out',
    { timeout: 2 * SLOW },
    async () => {
      for (const args of [
        ['whoami', '--verbose'],
        ['me', 'show', '--verbose', '--json'],
        ['api', 'GET', 'users/me', '--verbose'],
        ['auth', 'status', '--verbose'],
        ['invoices', 'list', '--verbose'],
      ]) {
        await t.edshed([...secret, ...args]);
        await t.edshed(args);
      }
      await t.edshed([
        'invoices',
        'mark-paid',
        String(invoice),
        '--method',
        'bacs',
        '--date',
        '2026-09-01',
        '--verbose',
        '--dry-run',
      ]);
      await t.edshed([
        'invoices',
        'mark-paid',
        String(invoice),
        '--method',
        'cash',
        '--date',
        '2026-09-01',
        '--verbose',
      ]);
      expect((await t.edshed([...secret, 'logout', '--verbose'])).exitCode).toBe(0);
      expect(t.outputs.some((o) => o.text.includes('x-token: ***'))).toBe(true);
    },
  );

  it('never showed a session token or the password in any output, nor in the audit log', () => {
    expect(Object.keys(storedTokens(sandbox.env.EDSHED_CONFIG_DIR as string)).sort()).toEqual(['admin', 'default']);
    // Three sessions were stored (superuser, admin, the new teacher) and the password is on the list.
    expect(t.secrets.size).toBeGreaterThanOrEqual(4);
    expect(leaks(t, [auditFile()])).toEqual([]);
  });
});
