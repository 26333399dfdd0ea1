import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfProduction, startProduction, stopProduction, writes, type Rehearsal } from '../helpers/rehearse.js';
import type { SandboxProcess } from '../helpers/sandbox-process.js';

// A moves plan and a reconcile plan rehearsed on a copy of production's whole database (the large seed):
// the report says what production would do, and production's write counter stays where it was.

describe('bulk rehearse: a moves plan and a reconcile plan, on the large seed', () => {
  let production: SandboxProcess;
  let dir: string;
  let db: string;
  // The large seed takes a while to build on a busy machine.
  beforeAll(async () => {
    ({ production, dir, db } = await startProduction('large'));
  }, 120_000);
  afterAll(() => stopProduction(production));

  it('reports the drift and the moves by school, and moves nothing in production', async () => {
    const listed = JSON.parse(
      String((await production.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout),
    ) as Record<string, unknown>;
    const to = 2;
    const subs = (Object.values(listed).find(Array.isArray) as { id: number; school_id: number; state: string }[])
      .filter((s) => s.state === 'active' && s.school_id !== to)
      .slice(0, 3);
    expect(subs).toHaveLength(3);
    const csv = join(dir, 'moves.csv');
    const plan = join(dir, 'moves-plan.json');
    writeFileSync(csv, `id\n${subs.map((s) => s.id).join('\n')}\n`);
    expect(
      (
        await production.edshed([
          'subscriptions',
          'move',
          '--from',
          csv,
          '--to',
          String(to),
          '--dry-run',
          '--plan',
          plan,
        ])
      ).exitCode,
    ).toBe(0);
    const [changed, ...moved] = subs;
    expect(
      (await production.edshed(['subscriptions', 'cancel-at-expiry', String(changed?.id), '--yes'])).exitCode,
    ).toBe(0);
    const file = await copyOfProduction(db, join(dir, 'copy.db'));
    const before = await writes(production);
    const rehearsal = await production.edshed(['bulk', 'rehearse', plan, '--db', file, '--json']);
    expect(rehearsal.exitCode).toBe(3);
    const report = JSON.parse(String(rehearsal.stdout)) as Rehearsal;
    expect(report.items.map((item) => [item.target_id, item.outcome])).toEqual(
      subs.map((s) => [s.id, s === changed ? 'drift' : 'done']),
    );
    expect(report.items[0]?.message).toMatch(/^drift: was active, now \w+/);
    expect(report.totals).toMatchObject({ done: 2, drift: 1 });
    expect(
      report.changes.subscriptions.map((change) => [change.id, change.before?.school_id, change.after?.school_id]),
    ).toEqual(moved.map((s) => [s.id, s.school_id, to]));
    const text = await production.edshed(['bulk', 'rehearse', plan, '--db', file]);
    expect(text.exitCode).toBe(3);
    expect(text.stdout).toMatch(/line 2: .*: drift \(was active, now \w+\)/);
    expect(text.stdout).toContain('Subscriptions changed: 2');
    for (const s of moved)
      expect(text.stdout).toContain(`    subscription ${s.id}: school ${s.school_id} → school ${to}`);
    expect(await writes(production)).toEqual(before);
  });
  it("a reconcile plan: marks the confident lines' invoices paid on the copy, and nothing in production", async () => {
    const statement = join(dir, 'statement.csv');
    expect(
      (await production.edshed(['sandbox', 'statement', '--seed', '3', '--lines', '12', '--out', statement])).exitCode,
    ).toBe(0);
    const planFile = join(dir, 'reconcile-plan.json');
    const planned = await production.edshed(['invoices', 'reconcile', statement, '--plan', planFile, '--json']);
    expect(planned.exitCode, String(planned.stderr)).toBe(0);
    const ids = (JSON.parse(String(planned.stdout)) as { items: { target_id: number }[] }).items.map(
      (item) => item.target_id,
    );
    expect(ids.length).toBeGreaterThan(0);
    const file = await copyOfProduction(db, join(dir, 'reconcile-copy.db'));
    const before = await writes(production);
    const rehearsal = await production.edshed(['bulk', 'rehearse', planFile, '--db', file, '--json']);
    expect(rehearsal.exitCode, String(rehearsal.stderr)).toBe(0);
    const report = JSON.parse(String(rehearsal.stdout)) as Rehearsal;
    expect(report.command).toBe('invoices mark paid');
    expect(report.totals).toMatchObject({ done: ids.length, refused: 0, drift: 0, failed: 0 });
    expect(report.changes.invoices.map((change) => [change.id, change.after?.state])).toEqual(
      [...new Set(ids)].sort((a, b) => a - b).map((id) => [id, 'paid']),
    );
    expect(await writes(production)).toEqual(before);
  });
});
