/** runReconcile's --accept in process against a sandbox (seed: INV-000004 open, £540.00). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReconcile } from '../../../cli/commands/invoices/reconcile-run.js';
import { setup } from './mark-sandbox.js';

/** A statement of one line of `amount` pounds on 2 November 2026 with no reference. */
function paymentOf(amount: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'edshed-reconcile-accept-')), 's.csv');
  writeFileSync(file, `Date,Description,Amount,Currency\n2026-11-02,PAYMENT,${amount},GBP\n`);
  return file;
}

describe('invoices reconcile --accept', () => {
  it('refuses one invoice given twice (exit 2): its total counted twice would make £1,080.00 fit a £540.00 invoice', async () => {
    const file = paymentOf('1080.00');
    for (const refs of ['4,4', '4,INV-000004']) {
      const t = await setup({ globals: { json: true } });
      await expect(runReconcile(t.f, { statements: [file], accept: [`${file}:2=${refs}`] })).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringContaining('invoice INV-000004 (id 4) is given twice'),
      });
    }
  });

  it('still takes each invoice once', async () => {
    const t = await setup({ globals: { json: true } });
    const file = paymentOf('540.00');
    await runReconcile(t.f, { statements: [file], accept: [`${file}:2=4`] });
    expect(JSON.parse(t.f.out()).lines[0]).toMatchObject({ class: 'confident', invoices: [4], accepted: true });
  });
});
