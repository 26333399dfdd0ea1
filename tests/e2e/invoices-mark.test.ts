import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

// `edshed invoices mark`, through the built CLI against a started sandbox. Seed: 4, 6 and 8 open,
// 2 promised, 3 paid, 7 void. The sandbox's write log proves what was applied, and how often; the audit
// log what was sent. execa strips the last newline of stdout.
let sandbox: SandboxProcess;
const PAID = ['--method', 'bacs', '--date', '2026-11-02'];

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  const login = await sandbox.edshed(
    ['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'],
    'sandbox\n',
  );
  expect(login.exitCode).toBe(0);
});
afterAll(async () => {
  expect((await sandbox.stop()).exitCode).toBe(0);
});

async function writes(target: string): Promise<number> {
  const body = JSON.parse(String((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout)) as {
    writes: { target: string; count: number }[];
  };
  return body.writes.find((w) => w.target === target)?.count ?? 0;
}

async function states(): Promise<Record<number, string>> {
  const listed = JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--take', '100', '--json'])).stdout)) as {
    invoices: { id: number; state: string }[];
  };
  return Object.fromEntries(listed.invoices.map((i) => [i.id, i.state]));
}

/** The audit log's lines: every write the CLI sent, whatever its outcome. */
function audit(): Record<string, unknown>[] {
  const text = readFileSync(join(sandbox.dir, 'state', 'edshed', 'audit.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const lines = (text: unknown) => String(text).replace(/\n$/, '').split('\n');

describe('edshed invoices mark', () => {
  it('marks two open invoices paid in one command, one write and one audit line each', async () => {
    const result = await sandbox.edshed(['invoices', 'mark', '4', '8', 'paid', ...PAID]);
    expect(result.exitCode).toBe(0);
    expect(lines(result.stdout)).toEqual([
      'invoice\tid\tchange\ttotal\tstatus\tmessage',
      'INV-000004\t4\topen -> paid\t£540.00\tdone\t',
      'INV-000008\t8\topen -> paid\tA$940.50\tdone\t',
    ]);
    expect(await states()).toMatchObject({ 4: 'paid', 8: 'paid' });
    expect(await writes('superuser/invoices/4/paid')).toBe(1);
    expect(await writes('superuser/invoices/8/paid')).toBe(1);
    const marked = audit().filter(
      (a) => a.path === 'superuser/invoices/4/paid' || a.path === 'superuser/invoices/8/paid',
    );
    expect(marked.map((a) => [a.path, a.status, a.outcome])).toEqual([
      ['superuser/invoices/4/paid', 200, 'ok'],
      ['superuser/invoices/8/paid', 200, 'ok'],
    ]);
    expect(marked[0]?.idempotency_key).toMatch(/-paid-4$/);
  });

  it('reports an invoice already paid the same way as unchanged, and applies the other once', async () => {
    const result = await sandbox.edshed(['invoices', 'mark', '4', '6', 'paid', ...PAID, '--json']);
    expect(result.exitCode).toBe(0);
    const rows = JSON.parse(String(result.stdout)) as {
      id: number;
      before: string;
      after: string;
      status: string;
      message: string;
    }[];
    expect(rows.map((r) => [r.id, r.before, r.after, r.status, r.message])).toEqual([
      [4, 'paid', 'paid', 'unchanged', 'already paid; nothing changed'],
      [6, 'open', 'paid', 'done', ''],
    ]);
    expect(await writes('superuser/invoices/4/paid')).toBe(1);
  });

  it('gives a void invoice a failed line and still marks the others, exit 3', async () => {
    const result = await sandbox.edshed(['invoices', 'mark', '7', '2', 'paid', ...PAID]);
    expect(result.exitCode).toBe(3);
    expect(lines(result.stdout)[1]).toMatch(
      /^INV-000007\t7\tvoid\tUS\$520\.00\tfailed\tnot sent: Invoice 7 \(INV-000007\) is void/,
    );
    expect(lines(result.stdout)[2]).toBe('INV-000002\t2\tpromised -> paid\t£480.00\tdone\t');
    expect(result.stderr).toMatch(/1 of 2 invoices failed/);
    expect(await writes('superuser/invoices/7/paid')).toBe(0);
  });

  it('refuses a void off a terminal without --yes (exit 2), and a dry run sends nothing', async () => {
    const refused = await sandbox.edshed(['invoices', 'mark', '3', 'void']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/Void 1 invoice \(3\): pass --yes/);
    // 9 is uncollectable, which a void takes; 3 is paid, which the API would refuse: left out, saying why.
    const dry = await sandbox.edshed(['invoices', 'mark', '9', '3', 'void', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    // The void names no payload: it is sent with no body.
    expect(String(dry.stdout)).toBe(`POST ${sandbox.url}subscriptions/invoices/9/void`);
    expect(dry.stderr).toMatch(/Invoice 3: not sent: Invoice 3 \(INV-000003\) is paid/);
    expect(await writes('subscriptions/invoices/9/void')).toBe(0);
    expect(audit().some((a) => a.path === 'subscriptions/invoices/9/void')).toBe(false);
  });

  it.each([
    [
      'a date not on the calendar',
      ['5', 'paid', '--method', 'bacs', '--date', '2026-02-30'],
      /2026-02-30 is not a day of the calendar/,
    ],
    [
      'an unknown payment method',
      ['5', 'paid', '--method', 'bitcoin', '--date', '2026-11-02'],
      /--method: expected one of bacs, card, .* \(got "bitcoin"\)/,
    ],
    ['an id that is not a number', ['5', 'abc', 'paid', ...PAID], /not "abc"/],
  ])('refuses %s with exit 2 and writes nothing', async (_, args, message) => {
    const result = await sandbox.edshed(['invoices', 'mark', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(audit().some((a) => a.path === 'superuser/invoices/5/paid')).toBe(false);
  });
});
