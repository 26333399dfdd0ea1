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

  it('refuses a refund line (money out), before any request: it pays no invoice and no payment is planned', async () => {
    const file = paymentOf('-540.00');
    const t = await setup({ globals: { json: true } });
    await expect(runReconcile(t.f, { statements: [file], accept: [`${file}:2=4`] })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/s\.csv:2 is -£540\.00, money out .*it pays no invoice; nothing was sent/),
    });
    expect(t.sent).toEqual([]);
  });

  it('classes a refund line outgoing, apart from unmatched money received, and plans nothing for it', async () => {
    const file = paymentOf('-75.00');
    writeFileSync(file, '2026-11-03,UNKNOWN PAYER,20.00,GBP\n', { flag: 'a' });
    const t = await setup({ globals: { json: true } });
    await runReconcile(t.f, { statements: [file], accept: [] });
    const lines = (JSON.parse(t.f.out()) as { lines: { class: string; amount: number; invoices: number[] }[] }).lines;
    expect(lines.map((l) => [l.class, l.amount, l.invoices])).toEqual([
      ['outgoing', -7500, []],
      ['unmatched', 2000, []],
    ]);
  });
});
