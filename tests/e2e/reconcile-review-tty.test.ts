/**
 * `edshed invoices reconcile --review` through the built binary in a tmux pane at 80x24 against a sandbox
 * process (large seed): a confident line rejected and another accepted by keys, the refusal of an
 * acceptance the API would refuse, the plan written with the decisions, applied with `bulk apply`, and
 * the invoices checked through the API. Leaving the screen writes no plan.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';
import { privateTmux } from '../helpers/tmux.js';

interface PlanLine {
  readonly class: string;
  readonly invoices: number[];
  readonly candidates: { readonly invoices: number[] }[];
  readonly accepted?: boolean;
  readonly rejected?: boolean;
  readonly note: string;
}

const tmux = privateTmux();
let sandbox: SandboxProcess;
let statement: string;

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large', '--rate-limit', '100000']);
  statement = join(sandbox.dir, 'statement.csv');
  const made = await sandbox.edshed(['sandbox', 'statement', '--seed', '3', '--lines', '12', '--out', statement]);
  expect(made.exitCode, String(made.stderr)).toBe(0);
}, 120_000);
afterAll(async () => {
  await tmux.close();
  await sandbox?.stop();
});

async function invoiceState(id: number): Promise<string> {
  const read = await sandbox.edshed(['invoices', 'show', String(id), '--json']);
  expect(read.exitCode, String(read.stderr)).toBe(0);
  return (JSON.parse(String(read.stdout)) as { invoice: { state: string } }).invoice.state;
}

describe('invoices reconcile --review in a terminal', () => {
  it('rejects and accepts by keys, writes the decisions into the plan, and bulk apply pays only what was kept', async () => {
    const planFile = join(sandbox.dir, 'reviewed.json');
    const session = await tmux.open(sandbox, ['invoices', 'reconcile', statement, '--plan', planFile, '--review'], {
      columns: 80,
      rows: 24,
    });
    // The lines needing a person come first: the first is other-currency, whose acceptance the checks refuse.
    const first = await tmux.waitFor(session, /Review 1 of \d+ · accepted 0 · rejected 0/);
    expect(first).toMatch(/other-currency/);
    for (const row of first.split('\n')) expect(row.length).toBeLessThanOrEqual(80);
    await tmux.keys(session, 'a');
    await tmux.waitFor(session, /Not accepted: invoice INV-\d+ \(id \d+\) is in AUD, the line in GBP/);
    // Down to the first confident line: reject it; the next confident line: accept it.
    await tmux.keys(session, 'Down', 'Down');
    const third = await tmux.waitFor(session, /Review 3 of/);
    expect(third).toMatch(/^confident · /m);
    await tmux.keys(session, 'r');
    await tmux.waitFor(session, /rejected 1/);
    await tmux.keys(session, 'Enter');
    await tmux.waitFor(session, /accepted 1 · rejected 1/);
    await tmux.keys(session, 'w');
    const end = await tmux.waitFor(session, /EXIT=\d+/);
    expect(end).toContain('EXIT=0');
    expect(end).toMatch(/Reviewed: 1 accepted, 1 rejected/);

    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { lines: PlanLine[]; items: { target_id: number }[] };
    const rejected = plan.lines.filter((l) => l.rejected === true);
    expect(rejected).toHaveLength(1);
    const [gone] = rejected;
    expect(gone).toMatchObject({ class: 'unmatched', invoices: [] });
    const rejectedInvoice = gone?.candidates[0]?.invoices[0] as number;
    expect(plan.items.map((i) => i.target_id)).not.toContain(rejectedInvoice);
    const kept = plan.lines.find((l) => l.accepted === true);
    expect(kept?.invoices.length).toBeGreaterThan(0);
    const keptInvoice = kept?.invoices[0] as number;
    expect(plan.items.map((i) => i.target_id)).toContain(keptInvoice);

    const before = await invoiceState(rejectedInvoice);
    const applied = await sandbox.edshed(['bulk', 'apply', planFile, '--yes']);
    expect(applied.exitCode, String(applied.stderr)).toBe(0);
    expect(await invoiceState(keptInvoice)).toBe('paid');
    expect(await invoiceState(rejectedInvoice)).toBe(before);
  }, 180_000);

  it('writes no plan when left with Esc, and exits 130 so a chained bulk apply does not run', async () => {
    const planFile = join(sandbox.dir, 'left.json');
    const session = await tmux.open(sandbox, ['invoices', 'reconcile', statement, '--plan', planFile, '--review'], {
      columns: 80,
      rows: 24,
    });
    await tmux.waitFor(session, /Review 1 of/);
    await tmux.keys(session, 'r', 'Escape');
    const end = await tmux.waitFor(session, /EXIT=\d+/);
    expect(end).toContain('EXIT=130');
    expect(end).toMatch(/Left the review: no plan written \(1 decision dropped\); nothing was sent/);
    expect(existsSync(planFile)).toBe(false);
  }, 120_000);

  it('refuses --review without a terminal or without --plan, before any request', async () => {
    const piped = await sandbox.edshed([
      'invoices',
      'reconcile',
      statement,
      '--plan',
      join(sandbox.dir, 'p.json'),
      '--review',
    ]);
    expect([piped.exitCode, String(piped.stderr)]).toEqual([
      2,
      expect.stringContaining('--review draws on a terminal, and this is not one'),
    ]);
    const noPlan = await sandbox.edshed(['invoices', 'reconcile', statement, '--review']);
    expect([noPlan.exitCode, String(noPlan.stderr)]).toEqual([
      2,
      expect.stringContaining('--review writes its decisions into the plan: give --plan FILE too'),
    ]);
  });
});
