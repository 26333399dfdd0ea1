/** runReconcile when the API lists an invoice the matcher cannot read: it says so, and the invoice is no option. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReconcile } from '../../../cli/commands/invoices/reconcile-run.js';
import { BASE, setup } from './mark-sandbox.js';

/** The sandbox's invoice lists with invoice 4 answered without its total. */
async function withoutTotal(url: string, response: Response): Promise<Response> {
  if (!url.startsWith(`${BASE}subscriptions/invoices?`)) return response;
  const body = (await response.json()) as { invoices: Record<string, unknown>[] };
  for (const invoice of body.invoices) if (invoice.id === 4) delete invoice.total;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

describe('invoices reconcile and a book it cannot read whole', () => {
  const statementFile = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'edshed-reconcile-skipped-')), 's.csv');
    writeFileSync(file, 'Date,Description,Amount,Currency\n2026-11-02,INV-000004,540.00,GBP\n');
    return file;
  };

  it('warns that invoices were left out, and never marks one of them', async () => {
    const { f } = await setup({ globals: { json: true }, answer: withoutTotal });
    await runReconcile(f, { statements: [statementFile()], accept: [] });
    expect(f.err()).toMatch(/^Warning: 1 item of the invoices, schools and subscriptions the API listed .* left out/m);
    expect(JSON.parse(f.out()).lines[0].invoices).not.toContain(4);
  });

  it('says nothing of the kind when the book reads whole', async () => {
    const { f } = await setup({ globals: { json: true } });
    await runReconcile(f, { statements: [statementFile()], accept: [] });
    expect(f.err()).not.toMatch(/Warning/);
    expect(JSON.parse(f.out()).lines[0]).toMatchObject({ class: 'confident', invoices: [4] });
  });
});
