import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

// A billing rehearsal: the built CLI, signed in as superuser against a started sandbox, lists invoices,
// marks one paid and reads it back paid; the sandbox applied the write exactly once.
interface Invoice {
  id: number;
  state: string;
  paid_method: string | null;
  paid_date: string | null;
}

let sandbox: SandboxProcess;
const json = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  const login = await sandbox.edshed(
    ['auth', 'login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'],
    'sandbox\n',
  );
  expect(login.exitCode).toBe(0);
});
afterAll(async () => {
  const result = await sandbox.stop();
  expect(result.exitCode).toBe(0);
});

describe('a billing rehearsal through the built CLI', () => {
  it('lists invoices, marks an open one paid with edshed api, and reads it back paid', async () => {
    const listed = await sandbox.edshed(['api', 'GET', 'subscriptions/invoices', '--field', 'take=100']);
    expect(listed.exitCode).toBe(0);
    const invoices = json(listed.stdout).invoices as Invoice[];
    const open = invoices.find((i) => i.state === 'open');
    expect(open).toBeDefined();
    const id = (open as Invoice).id;

    const paid = await sandbox.edshed([
      'api',
      'POST',
      `superuser/invoices/${id}/paid`,
      '-F',
      'method=bacs',
      '-F',
      'date=2026-09-01',
    ]);
    expect(paid.exitCode).toBe(0);
    expect((json(paid.stdout).invoice as Invoice).state).toBe('paid');

    const reread = await sandbox.edshed(['invoices', 'list', '--take', '100', '--json']);
    const after = (json(reread.stdout).invoices as Invoice[]).find((i) => i.id === id);
    expect(after).toMatchObject({ state: 'paid', paid_method: 'bacs', paid_date: '2026-09-01' });

    const writes = json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).writes as {
      route: string;
      target: string;
      count: number;
    }[];
    expect(writes.find((w) => w.target === `superuser/invoices/${id}/paid`)?.count).toBe(1);
  });

  it('refuses a transition the invoice state does not allow, naming the state, with exit 1', async () => {
    const listed = json((await sandbox.edshed(['invoices', 'list', '--take', '100', '--json'])).stdout)
      .invoices as Invoice[];
    const paid = listed.find((i) => i.state === 'paid') as Invoice;
    const voided = await sandbox.edshed(['invoices', 'void', String(paid.id), '--yes']);
    expect(voided.exitCode).toBe(1);
    expect(voided.stderr).toMatch(new RegExp(`Invoice ${paid.id} is paid`));
  });

  it('refuses a payment method the table does not allow before sending anything (exit 2)', async () => {
    const listed = json((await sandbox.edshed(['invoices', 'list', '--state', 'open', '--json'])).stdout)
      .invoices as Invoice[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((i) => i.state === 'open')).toBe(true);
    const open = listed[0] as Invoice;
    const result = await sandbox.edshed([
      'invoices',
      'mark-paid',
      String(open.id),
      '--method',
      'bitcoin',
      '--date',
      '2026-09-01',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/nothing was sent/);
    expect(result.stderr).toMatch(/--method: expected one of bacs, .* \(got "/);
    const writes = json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).writes as {
      target: string;
    }[];
    expect(writes.some((w) => w.target === `superuser/invoices/${open.id}/paid`)).toBe(false);
  });
});
