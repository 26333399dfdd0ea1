import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writes } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Plan then apply: a dry run saves a plan of invoice payments with each invoice's state and the
// totals per currency; `bulk apply` runs it once, skips an invoice whose state changed since (drift),
// and refuses a tampered plan with nothing sent. The curated invoice and subscription commands plan and
// apply the same way (their rows pinned by hash, their targets' states checked for drift). What a dry run
// foresees of each row (no change, would be refused) is in bulk-dry-run.test.ts.

const PAID = 'POST superuser/invoices/{id}/paid';

describe('bulk plan, then apply, against a demo sandbox', () => {
  let sandbox: SandboxProcess;
  let open: { id: number; currency: string; total: number }[];
  let csv: string;
  let plan: string;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser');
    const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--json']);
    open = (JSON.parse(String(listed.stdout)) as { invoices: { id: number; currency: string; total: number }[] })
      .invoices;
    csv = join(sandbox.dir, 'payments.csv');
    plan = join(sandbox.dir, 'plan.json');
    writeFileSync(csv, `id,date\n${open.map((i) => `${i.id},2026-11-02`).join('\n')}\n`);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('prints the counts, the totals per currency and each state, saves the plan, and sends nothing', async () => {
    expect(open.length).toBeGreaterThanOrEqual(3);
    const dry = await sandbox.edshed([
      'invoices',
      'mark-paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--dry-run',
      '--plan',
      plan,
    ]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`${open.length} × invoices mark-paid`);
    expect(dry.stdout).toContain(`Invoices now: ${open.length} open`);
    for (const invoice of open) expect(dry.stdout).toContain(`invoice ${invoice.id}: open`);
    expect(dry.stdout).toMatch(/Totals: .*£540\.00 \(GBP\)/);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as { items: { target_id: number; state: string }[] };
    expect(saved.items.map((i) => [i.target_id, i.state])).toEqual(open.map((i) => [i.id, 'open']));
    expect(await writes(sandbox, PAID)).toEqual(new Map());
  });

  it('refuses a tampered plan with exit 2, nothing sent', async () => {
    const tampered = join(sandbox.dir, 'tampered.json');
    writeFileSync(
      tampered,
      readFileSync(plan, 'utf8').replace(`superuser/invoices/${open[0]?.id}/paid`, 'superuser/invoices/99999/paid'),
    );
    const run = await sandbox.edshed(['bulk', 'apply', tampered, '--yes']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('is not the one planned');
    // Its target edited alone: apply would read another invoice's state for drift than the row pays.
    const retargeted = join(sandbox.dir, 'retargeted.json');
    const edited = JSON.parse(readFileSync(plan, 'utf8')) as { items: { target_id: number }[] };
    (edited.items[0] as { target_id: number }).target_id = open[1]?.id ?? 0;
    writeFileSync(retargeted, JSON.stringify(edited));
    const moved = await sandbox.edshed(['bulk', 'apply', retargeted, '--yes']);
    expect([moved.exitCode, String(moved.stderr)]).toEqual([2, expect.stringContaining('is not the one planned')]);
    const broken = join(sandbox.dir, 'broken.json');
    writeFileSync(broken, readFileSync(plan, 'utf8').replace('"version": 1', '"version": "one"'));
    const bad = await sandbox.edshed(['bulk', 'apply', broken]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/not a valid plan \(version/);
    expect(await writes(sandbox, PAID)).toEqual(new Map());
  });

  it('refuses a plan whose input file changed, with exit 2, nothing sent', async () => {
    const other = join(sandbox.dir, 'other.csv');
    const otherPlan = join(sandbox.dir, 'other-plan.json');
    writeFileSync(other, `id,date\n${open[0]?.id},2026-11-02\n`);
    expect(
      (
        await sandbox.edshed([
          'invoices',
          'mark-paid',
          '--from',
          other,
          '--method',
          'bacs',
          '--dry-run',
          '--plan',
          otherPlan,
        ])
      ).exitCode,
    ).toBe(0);
    writeFileSync(other, `id,date\n${open[0]?.id},2026-11-03\n`);
    const run = await sandbox.edshed(['bulk', 'apply', otherPlan, '--yes']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('changed since the plan');
    expect(await writes(sandbox, PAID)).toEqual(new Map());
  });

  it('applies each item once, skipping (exit 3) the invoice voided since the plan', async () => {
    const [voided, ...others] = open;
    if (!voided) throw new Error('no open invoice');
    expect((await sandbox.edshed(['invoices', 'void', String(voided.id), '--yes'])).exitCode).toBe(0);
    const run = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain('skipped (drift: was open, now void)');
    expect(run.stderr).toContain(`${others.length} done, 0 failed, 1 skipped (drift), 0 unknown`);
    expect(run.stderr).toMatch(/Invoices done in this session: /);
    const counts = await writes(sandbox, PAID);
    expect(counts.get(`superuser/invoices/${voided.id}/paid`)).toBeUndefined();
    for (const invoice of others) expect(counts.get(`superuser/invoices/${invoice.id}/paid`)).toBe(1);
    // Applying the plan again changes nothing: every invoice changed since the plan is skipped for drift,
    // the ones it paid too (README: "skipped (drift: was open, now paid)"), never reported done.
    const again = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(again.exitCode).toBe(3);
    expect(again.stderr).toContain(`skipped (drift: was open, now paid; it already shows this item's change)`);
    expect(again.stderr).toContain(`0 done, 0 failed, ${open.length} skipped (drift), 0 unknown`);
    expect(await writes(sandbox, PAID)).toEqual(counts);

    // An item whose outcome was unknown (the connection dropped after sending) is read back on resume.
    const runId = /Run (\S+) \(/.exec(String(run.stderr))?.[1] ?? '';
    const journal = join(sandbox.env.XDG_STATE_HOME ?? '', 'edshed', 'runs', `${runId}.jsonl`);
    const index = open.indexOf(others[0] ?? voided);
    appendFileSync(
      journal,
      `${JSON.stringify({ type: 'item', index, line: index + 2, status: 'unknown', http_status: null, message: 'connection dropped', request_id: null })}\n`,
    );
    const resumed = await sandbox.edshed(['runs', 'resume', runId]);
    expect(resumed.stderr).toContain('1 item of unknown outcome already applied (read back); not sent again.');
    expect(resumed.stderr).toContain('sending 0 items');
    expect(await writes(sandbox, PAID)).toEqual(counts);
  });
});

describe('plans of curated commands (invoices mark, subscriptions move), then apply', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('invoices mark paid: plans with states, applies each once, skips (exit 3) the invoice voided since; applying again writes nothing', async () => {
    const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--take', '4', '--json']);
    const open = (JSON.parse(String(listed.stdout)) as { invoices: { id: number }[] }).invoices;
    const csv = join(sandbox.dir, 'curated-payments.csv');
    const plan = join(sandbox.dir, 'curated-plan.json');
    writeFileSync(csv, `id,date\n${open.map((i) => `${i.id},2026-11-02`).join('\n')}\n`);
    const dry = await sandbox.edshed([
      'invoices',
      'mark',
      'paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--dry-run',
      '--plan',
      plan,
    ]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`${open.length} × invoices mark paid (POST superuser/invoices/{id}/paid)`);
    expect(dry.stdout).toContain(`Invoices now: ${open.length} open`);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as {
      command: string;
      bulk: unknown;
      items: { target_id: number; state: string }[];
    };
    expect(saved).toMatchObject({
      command: 'invoices mark paid',
      bulk: { kind: 'invoices mark', args: { action: 'paid' } },
    });
    expect(saved.items.map((i) => [i.target_id, i.state])).toEqual(open.map((i) => [i.id, 'open']));
    expect(await writes(sandbox, PAID)).toEqual(new Map());

    const [voided, ...others] = open;
    expect((await sandbox.edshed(['invoices', 'void', String(voided?.id), '--yes'])).exitCode).toBe(0);
    const run = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain('skipped (drift: was open, now void)');
    expect(run.stderr).toContain(`${others.length} done, 0 failed, 1 skipped (drift), 0 unknown`);
    expect(run.stderr).toMatch(/Invoices done in this session: .*\d\.\d\d \([A-Z]{3}\)/);
    const counts = await writes(sandbox, PAID);
    expect(counts.get(`superuser/invoices/${voided?.id}/paid`)).toBeUndefined();
    for (const invoice of others) expect(counts.get(`superuser/invoices/${invoice.id}/paid`)).toBe(1);
    const again = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(again.exitCode).toBe(3);
    expect(await writes(sandbox, PAID)).toEqual(counts);
  });

  it('subscriptions move: plans with states, applies each once, skips (exit 3) the subscription changed since', async () => {
    const listed = JSON.parse(
      String((await sandbox.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout),
    ) as Record<string, unknown>;
    const to = 2;
    const subs = (Object.values(listed).find(Array.isArray) as { id: number; school_id: number; state: string }[])
      .filter((s) => s.state === 'active' && s.school_id !== to)
      .slice(0, 3);
    expect(subs).toHaveLength(3);
    const csv = join(sandbox.dir, 'moves.csv');
    const plan = join(sandbox.dir, 'moves-plan.json');
    writeFileSync(csv, `id\n${subs.map((s) => s.id).join('\n')}\n`);
    const dry = await sandbox.edshed([
      'subscriptions',
      'move',
      '--from',
      csv,
      '--to',
      String(to),
      '--dry-run',
      '--plan',
      plan,
    ]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('3 × subscriptions move');
    expect(dry.stdout).toContain('Subscriptions now: 3 active');
    expect((JSON.parse(readFileSync(plan, 'utf8')) as { bulk: unknown }).bulk).toEqual({
      kind: 'subscriptions move',
      args: {},
    });

    const [changed, ...others] = subs;
    expect((await sandbox.edshed(['subscriptions', 'cancel-at-expiry', String(changed?.id), '--yes'])).exitCode).toBe(
      0,
    );
    const run = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toMatch(/skipped \(drift: was active, now \w+\)/);
    expect(run.stderr).toContain('2 done, 0 failed, 1 skipped (drift), 0 unknown');
    const moves = await writes(sandbox, 'POST subscriptions/{id}/move');
    expect(moves.get(`subscriptions/${changed?.id}/move`)).toBeUndefined();
    for (const s of others) expect(moves.get(`subscriptions/${s.id}/move`)).toBe(1);
  });
});
