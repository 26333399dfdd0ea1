/** runReconcile when the API lists an invoice the matcher cannot read: it says so, and the invoice is no option. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../core/api/client.js';
import type { FetchLike } from '../../../core/api/types.js';
import { runReconcile } from '../../../cli/commands/invoices/reconcile-run.js';
import { createSandbox, type Sandbox } from '../../../sandbox/server/server.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

const BASE = 'http://sandbox.test/';
let sandbox: Sandbox | undefined;
afterEach(async () => sandbox?.close());

/** A factory signed in to a seeded sandbox whose invoice lists answer invoice 4 without its total when `broken`. */
async function factory(broken: boolean) {
  const box = createSandbox({ db: ':memory:', rateLimit: 100_000, now: () => new Date('2026-11-23T12:00:00Z') });
  sandbox = box;
  const fetch: FetchLike = async (input, init) => {
    const response = await box.fetch(input, init);
    if (!broken || !String(input).startsWith(`${BASE}subscriptions/invoices?`)) return response;
    const body = (await response.json()) as { invoices: Record<string, unknown>[] };
    for (const invoice of body.invoices) if (invoice.id === 4) delete invoice.total;
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
  const client = createClient({ baseUrl: BASE, fetch, retry: { retries: 0 } });
  const login = await client.request<{ token: string }>({
    method: 'POST',
    path: 'auth',
    body: { username: 'superuser', password: 'sandbox' },
  });
  client.setToken(login.data.token);
  return fakeFactory({ client, globals: { json: true } });
}

describe('invoices reconcile and a book it cannot read whole', () => {
  const statementFile = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'edshed-reconcile-skipped-')), 's.csv');
    writeFileSync(file, 'Date,Description,Amount,Currency\n2026-11-02,INV-000004,540.00,GBP\n');
    return file;
  };

  it('warns that invoices were left out, and never marks one of them', async () => {
    const f = await factory(true);
    await runReconcile(f, { statements: [statementFile()], accept: [] });
    expect(f.err()).toMatch(/^Warning: 1 item of the invoices, schools and subscriptions the API listed .* left out/m);
    expect(JSON.parse(f.out()).lines[0].invoices).not.toContain(4);
  });

  it('says nothing of the kind when the book reads whole', async () => {
    const f = await factory(false);
    await runReconcile(f, { statements: [statementFile()], accept: [] });
    expect(f.err()).not.toMatch(/Warning/);
    expect(JSON.parse(f.out()).lines[0]).toMatchObject({ class: 'confident', invoices: [4] });
  });
});
