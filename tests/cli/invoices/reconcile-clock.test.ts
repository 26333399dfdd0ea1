/** runReconcile in process against a sandbox: "today" for the payment rules is the factory's clock (2026-11-02). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReconcile } from '../../../cli/commands/invoices/reconcile-run.js';
import { setup } from './mark-sandbox.js';

/** A statement of one line paying INV-000004 (open, £540.00) on `date`. */
function statementOf(date: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'edshed-reconcile-clock-')), 's.csv');
  writeFileSync(file, `Date,Description,Amount,Currency\n${date},INV-000004,540.00,GBP\n`);
  return file;
}

describe('invoices reconcile and the clock', () => {
  it("refuses a line dated after the factory clock's day, and plans one dated on it", async () => {
    const t = await setup({ globals: { json: true } });
    await runReconcile(t.f, { statements: [statementOf('2026-11-05')], accept: [] });
    expect(JSON.parse(t.f.out()).lines[0]).toMatchObject({
      class: 'refused',
      invoices: [],
      note: expect.stringContaining('payment date 2026-11-05 is in the future'),
    });
    const on = await setup({ globals: { json: true } });
    await runReconcile(on.f, { statements: [statementOf('2026-11-02')], accept: [] });
    expect(JSON.parse(on.f.out()).lines[0]).toMatchObject({ class: 'confident', invoices: [4] });
  });

  it('refuses to --accept a line dated after it (exit 2)', async () => {
    const t = await setup();
    const file = statementOf('2026-11-05');
    await expect(runReconcile(t.f, { statements: [file], accept: [`${file}:2=4`] })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('payment date 2026-11-05 is in the future'),
    });
  });
});
