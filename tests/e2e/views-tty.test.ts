import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';
import { privateTmux } from '../helpers/tmux.js';

// Records read at a glance: each view of the built binary in a real pseudo-terminal, at 80 and 120 columns.

const tmux = privateTmux();
let sandbox: SandboxProcess;
let runId = '';

/** The screen of `edshed args` once it exited, without the EXIT line and the blank rows under it. */
async function screen(args: readonly string[], columns: number): Promise<string[]> {
  const session = await tmux.open(sandbox, args, { columns, rows: 120 });
  const text = await tmux.waitFor(session, /EXIT=\d+/);
  expect(text, args.join(' ')).toContain('EXIT=0');
  return text.slice(0, text.indexOf('EXIT=')).replace(/\n+$/, '').split('\n');
}

const fits = (lines: readonly string[], columns: number) =>
  expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
  // Ten writes for the audit log: a bulk run of two (invoice 5 is paid already: a failed item) and eight single writes.
  const file = join(sandbox.dir, 'payments.csv');
  writeFileSync(file, 'id,method,date\n6,bacs,2026-09-01\n5,bacs,2026-09-01\n');
  const bulk = await sandbox.edshed(['invoices', 'mark-paid', '--from', file, '--yes']);
  runId = /Run (\d{8}-\d{6}-[0-9a-f]+)/.exec(String(bulk.stderr))?.[1] ?? '';
  expect(runId, String(bulk.stderr)).not.toBe('');
  for (let i = 1; i <= 8; i += 1)
    expect((await sandbox.edshed(['invoices', 'mark-promised', '8', '--reference', 'PO 1'])).exitCode, String(i)).toBe(
      0,
    );
});
afterAll(async () => {
  await tmux.close();
  await sandbox?.stop();
});

describe.each([80, 120])('at %i columns', (columns) => {
  it('lists invoices with the school names, no id or amount cut, no line wider', async () => {
    const lines = await screen(['invoices', 'list'], columns);
    fits(lines, columns);
    for (const n of [2, 4, 6, 8, 10]) expect(lines.join('\n')).toContain(`INV-0000${String(n).padStart(2, '0')}`);
    expect(lines.join('\n')).toMatch(/Oakfield Pr/);
    expect(lines.join('\n')).toContain('US$1,560.00');
  });

  it('shows an invoice in at most 30 lines, no raw JSON, no empty fact', async () => {
    const lines = await screen(['invoices', 'show', '4'], columns);
    fits(lines, columns);
    expect(lines.length).toBeLessThanOrEqual(30);
    expect(lines[0]).toMatch(/^INV-000004 · invoice 4 · open · £540\.00 due 2026-09-24/);
    expect(lines.join('\n')).toContain('Oakfield Primary School (school 1, GB)');
    expect(lines.join('\n')).not.toMatch(/[{}[\]]/);
    expect(lines.some((line) => /^ {2}\S+ *$/.test(line))).toBe(false);
  });

  it('shows a subscription in at most 30 lines, its invoices a line each', async () => {
    const lines = await screen(['subscriptions', 'show', '5'], columns);
    fits(lines, columns);
    expect(lines.length).toBeLessThanOrEqual(30);
    expect(lines[0]).toBe('Subscription 5 · Spelling Shed · active');
    expect(lines.join('\n')).toMatch(/Invoices \(1\)\n {2}INV-000004 +open +£540\.00/);
    expect(lines.join('\n')).not.toMatch(/[{}[\]]/);
  });

  it('shows a school in at most 60 lines: subscriptions, unpaid invoices and admins a line each', async () => {
    const lines = await screen(['schools', 'show', '1'], columns);
    fits(lines, columns);
    expect(lines.length).toBeLessThanOrEqual(60);
    const text = lines.join('\n');
    expect(text).toMatch(/Subscriptions \(6\)\n {2}#1 /);
    expect(text).toMatch(/Unpaid invoices \(2\)\n {2}INV-000002 /);
    expect(text).toMatch(/Admins \(1\)\n {2}Alex Admin/);
  });

  it('lists and shows runs with the run id whole, the reason whole under its item', async () => {
    const list = await screen(['runs', 'list'], columns);
    fits(list, columns);
    expect(list.join('\n')).toContain(runId);
    const show = await screen(['runs', 'show', runId], columns);
    fits(show, columns);
    expect(show.length).toBeLessThanOrEqual(30);
    expect(show[0]).toContain(`Run ${runId}`);
    expect(show.join(' ').replace(/\s+/g, ' ')).toMatch(
      /Invoice 5 is paid \(card, 2026-01-10\); change the payment details with PUT/,
    );
    expect(show.join('\n')).toContain(`edshed runs resume ${runId} --retry-failed`);
  });

  it('shows the audit log a write a line', async () => {
    const lines = await screen(['audit'], columns);
    fits(lines, columns);
    // Ten writes, the header and rules, and the note of the columns left out.
    expect(lines.length).toBeLessThanOrEqual(20);
    expect(lines.filter((line) => /superuser\/invoices\/\d+\/(paid|promised)/.test(line))).toHaveLength(10);
  });

  it('leads edshed help with the workflows, short, no line wider', async () => {
    const lines = await screen(['help'], columns);
    fits(lines, columns);
    expect(lines.length).toBeLessThanOrEqual(100);
    expect(lines.join('\n')).toMatch(/Daily workflows:\n {2}Find a school\n {6}edshed schools find oakfield/);
  });
});

describe('a write of money on a terminal and in a pipe', () => {
  it('asks first on a terminal, and --no there sends nothing', async () => {
    const session = await tmux.open(
      sandbox,
      ['invoices', 'mark', '4', 'paid', '--method', 'bacs', '--date', '2026-09-01'],
      { columns: 80, rows: 30 },
    );
    await tmux.waitFor(session, /Paid 1 invoice \(INV-000004; £540\.00\)\?/);
    await tmux.type(session, 'n');
    await tmux.keys(session, 'Enter');
    const end = await tmux.waitFor(session, /EXIT=\d+/);
    expect(end).toContain('Cancelled; nothing was sent');
    expect(end).toContain('EXIT=2');
  });

  it('is sent as before in a pipe, and --yes skips the question on a terminal', async () => {
    const piped = await sandbox.edshed(['invoices', 'mark', '4', 'promised', '--reference', 'PO 77']);
    expect(piped.exitCode, String(piped.stderr)).toBe(0);
    const lines = await screen(
      ['invoices', 'mark', '4', 'paid', '--method', 'bacs', '--date', '2026-09-01', '--yes'],
      80,
    );
    expect(lines.join('\n')).toMatch(/INV-000004 .*promised -> paid/);
  });

  it('names the ways back when a paid invoice is refused a void', async () => {
    const session = await tmux.open(sandbox, ['invoices', 'mark', '6', 'void', '--yes'], { columns: 80, rows: 40 });
    const end = await tmux.waitFor(session, /EXIT=\d+/);
    const text = end.replace(/\s+/g, ' ');
    // Refused as read, before anything is sent (exit 2).
    expect(text).toContain(
      'Invoice 6 (INV-000006) is paid; only an open, promised or uncollectable invoice can be voided',
    );
    expect(text).toContain('edshed: nothing was sent: the API would refuse it, as read:');
    expect(text).toContain('EXIT=2');
    expect(text).toContain('edshed invoices update-paid 6 --method METHOD --date DATE');
    expect(text).toContain('edshed subscriptions cancel-and-refund 8');
    fits(end.split('\n'), 80);
  });
});
