/**
 * The files reconcile and bulk apply write (the plan, its items file, the results) are written over
 * whatever is at their path: never over a statement or a plan's input, however the path is spelt.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../../cli/bulk/apply.js';
import { runReconcile } from '../../../cli/commands/invoices/reconcile-run.js';
import { setup } from './mark-sandbox.js';

/** A folder holding a statement of one line paying INV-000004 (open, £540.00), named `name`. */
function statementIn(name = 's.csv'): { dir: string; file: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-reconcile-own-'));
  mkdirSync(join(dir, 'sub'));
  const text = 'Date,Description,Amount,Currency\n2026-11-02,INV-000004,540.00,GBP\n';
  writeFileSync(join(dir, name), text);
  return { dir, file: join(dir, name), text };
}

describe('invoices reconcile --plan', () => {
  it('refuses a plan, or a plan whose items file, would be written over the statement (exit 2)', async () => {
    const t = await setup();
    const { dir, file, text } = statementIn();
    await expect(
      runReconcile(t.f, { statements: [file], plan: `${dir}/sub/../s.csv`, accept: [] }),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('would be written over the statement') });
    const items = statementIn('p.items.csv');
    await expect(
      runReconcile(t.f, { statements: [items.file], plan: join(items.dir, 'p.json'), accept: [] }),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining(`over the statement ${items.file}`) });
    expect([readFileSync(file, 'utf8'), readFileSync(items.file, 'utf8')]).toEqual([text, items.text]);
    expect(t.sent).toEqual([]);
  });
});

describe('a --plan that cannot be written', () => {
  it('is exit 2 naming it, before the statement is read or any request sent', async () => {
    const t = await setup();
    const { dir, file } = statementIn();
    for (const [plan, why] of [
      [join(dir, 'no-such-folder', 'plan.json'), 'its directory does not exist'],
      [dir, 'is a directory'],
    ] as const)
      await expect(runReconcile(t.f, { statements: [file], plan, accept: [] })).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringContaining(`--plan ${plan}: ${why}`),
      });
    expect(t.sent).toEqual([]);
  });
});

describe('bulk apply --results', () => {
  it("refuses the plan's input file or its statement as the results file (exit 2), sending nothing", async () => {
    const t = await setup({ env: { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-reconcile-own-state-')) } });
    const { dir, file, text } = statementIn();
    const plan = join(dir, 'plan.json');
    await runReconcile(t.f, { statements: [file], plan, accept: [] });
    const items = readFileSync(join(dir, 'plan.items.csv'), 'utf8');
    expect(items).toContain('4,bacs,2026-11-02');
    for (const [results, what] of [
      [`${dir}/sub/../plan.items.csv`, "the plan's input file"],
      [`${dir}/./s.csv`, 'a statement the plan was made from'],
    ] as const)
      await expect(runApply(t.f, { file: plan, concurrency: 1, results, yes: true })).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringContaining(`that is ${what}`),
      });
    expect([readFileSync(file, 'utf8'), readFileSync(join(dir, 'plan.items.csv'), 'utf8')]).toEqual([text, items]);
    expect(t.posts()).toEqual([]);
  });
});
