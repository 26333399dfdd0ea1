import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';
import { privateTmux } from '../helpers/tmux.js';

// The billing dashboard drawn by the built binary in a tmux pane (a real pseudo-terminal)
// against a started sandbox; what it does is checked through the API.

const tmux = privateTmux();

async function setFaults(sandbox: SandboxProcess, faults: string): Promise<void> {
  const response = await fetch(`${sandbox.url}__sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  expect(response.status).toBe(200);
}

describe('edshed dash billing in a terminal', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--rate-limit', '100000']);
  });
  afterAll(async () => {
    await tmux.close();
    await sandbox?.stop();
  });

  it('marks an invoice promised from the invoices list, confirmed first, and the API has it promised', async () => {
    const session = await tmux.open(sandbox, ['dash', 'billing'], { columns: 80, rows: 24 });
    const first = await tmux.waitFor(session, /▶ Invoices by state \(11\)/);
    // Overdue as a part of open and promised, not a state beside them.
    expect(first).toMatch(
      /open +3 \(overdue 3\) +A\$940\.50 · £540\.00 · US\$585\.00\n +overdue: A\$940\.50 · £540\.00 · US\$585\.00\n +promised +1 \(overdue 1\) +£480\.00/,
    );
    await tmux.keys(session, 'Enter');
    await tmux.waitFor(session, /Invoices by state {2}1\/11/);
    // In one write, so the view reads `/` and the text as one chunk, as it does keys typed fast or pasted.
    await tmux.type(session, '/INV-000004');
    await tmux.waitFor(session, /1\/1 of 11/);
    await tmux.keys(session, 'Enter');
    await tmux.waitFor(session, /filter: INV-000004/);
    await tmux.keys(session, 'p');
    await tmux.waitFor(session, /Mark INV-000004 promised: reference: █/);
    await tmux.type(session, 'PO 4471');
    await tmux.waitFor(session, /reference: PO 4471█/);
    await tmux.keys(session, 'Enter');
    await tmux.waitFor(session, /Mark INV-000004 promised \(reference "PO 4471"\)\? y\/n/);
    // Nothing is sent before the confirmation.
    const before = await sandbox.edshed(['api', 'GET', 'subscriptions/invoices?state=promised', '--json']);
    expect((JSON.parse(String(before.stdout)) as { invoices: { id: number }[] }).invoices.map((i) => i.id)).toEqual([
      2,
    ]);
    await tmux.keys(session, 'y');
    const after = await tmux.waitFor(session, /INV-000004 open -> promised/);
    expect(after).toMatch(/INV-000004 +school 1 +promised +£540\.00/);

    const promised = await sandbox.edshed(['api', 'GET', 'subscriptions/invoices?state=promised', '--json']);
    const invoices = (
      JSON.parse(String(promised.stdout)) as { invoices: { id: number; promised_reference: string | null }[] }
    ).invoices;
    expect(invoices.find((i) => i.id === 4)?.promised_reference).toBe('PO 4471');
    // Through invoices mark's run function: the write is in the audit log like the command's.
    const audit = await sandbox.edshed(['audit', '--json']);
    expect(String(audit.stdout)).toMatch(/superuser\/invoices\/4\/promised/);

    await tmux.keys(session, 'q');
    expect(await tmux.waitFor(session, /EXIT=\d+/)).toContain('EXIT=0');
  }, 90_000);

  it('keeps the data under a banner while the server fails, recovers by itself, and adapts to a wider terminal', async () => {
    const session = await tmux.open(sandbox, ['dash', 'billing', '--interval', '2'], { columns: 80, rows: 24 });
    await tmux.waitFor(session, /▶ Invoices by state/);
    await setFaults(sandbox, '500=1');
    try {
      const failing = await tmux.waitFor(
        session,
        /⚠ retrying at \d\d:\d\d:\d\d, showing the last data: Internal server error/,
      );
      expect(failing).toMatch(/▶ Invoices by state/);
    } finally {
      await setFaults(sandbox, 'none');
    }
    const mended = await tmux.waitFor(session, /^(?![\s\S]*⚠)[\s\S]*▶ Invoices by state/);
    expect(mended).not.toContain('⚠');
    await tmux.resize(session, 140, 30);
    await tmux.waitFor(session, /▶ Invoices by state \(\d+\) +• Subscriptions expiring/);
    await tmux.keys(session, 'q');
    expect(await tmux.waitFor(session, /EXIT=\d+/)).toContain('EXIT=0');
  }, 90_000);

  it('says how to sign in and exits 4 when the token is refused', async () => {
    const session = await tmux.open(sandbox, ['dash', 'billing', '--token', 'not-a-token'], { columns: 80, rows: 24 });
    const end = await tmux.waitFor(session, /EXIT=\d+/);
    expect(end).toContain('EXIT=4');
    expect(end).toMatch(/Sign in with `edshed login`/);
  }, 90_000);
});
