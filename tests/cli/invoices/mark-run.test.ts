/** runMark against an in-process sandbox: what is sent, what is applied, what is printed, the exit code. */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../core/endpoints/invalid-input-error.js';
import { CliError } from '../../../cli/errors/cli-error.js';
import type { MarkOptions } from '../../../cli/commands/invoices/mark-run.js';
import { BASE, mark, PAID, setup } from './mark-sandbox.js';

describe('runMark', () => {
  it('marks two open invoices paid with one audited write each, reads them back and prints a line each', async () => {
    const t = await setup();
    const summary = await mark(t.f, { ids: ['4', '8'], ...PAID, idempotencyKey: 'run-1' });
    expect(summary.exitCode).toBe(0);
    expect(summary.results).toEqual([
      {
        id: 4,
        number: 'INV-000004',
        before: 'open',
        after: 'paid',
        total: 54000,
        currency: 'gbp',
        status: 'done',
        message: '',
        request_id: expect.any(String),
      },
      {
        id: 8,
        number: 'INV-000008',
        before: 'open',
        after: 'paid',
        total: 94050,
        currency: 'aud',
        status: 'done',
        message: '',
        request_id: expect.any(String),
      },
    ]);
    expect(await t.writes('superuser/invoices/4/paid')).toBe(1);
    expect(await t.writes('superuser/invoices/8/paid')).toBe(1);
    expect((await t.states())[8]).toBe('paid');
    expect(t.f.audited.map((a) => [a.path, a.idempotency_key, a.outcome])).toEqual([
      ['superuser/invoices/4/paid', 'run-1-4', 'ok'],
      ['superuser/invoices/8/paid', 'run-1-8', 'ok'],
    ]);
    expect(t.f.out()).toBe(
      'invoice\tid\tchange\ttotal\tstatus\tmessage\nINV-000004\t4\topen -> paid\t£540.00\tdone\t\nINV-000008\t8\topen -> paid\tA$940.50\tdone\t\n',
    );
  });

  it('reports an invoice already paid the same way as unchanged, and a repeat of the same key applies nothing', async () => {
    const t = await setup();
    await mark(t.f, { ids: [4], ...PAID, idempotencyKey: 'k' });
    const again = await mark(t.f, { ids: [4, 8], ...PAID });
    expect(again.results.map((r) => [r.id, r.status, r.message])).toEqual([
      [4, 'unchanged', 'already paid; nothing changed'],
      [8, 'done', ''],
    ]);
    const replay = await mark(t.f, { ids: [4], ...PAID, idempotencyKey: 'k' });
    expect(replay.results[0]).toMatchObject({ status: 'unchanged', message: expect.stringMatching(/idempotency key/) });
    expect(replay.exitCode).toBe(0);
    expect(await t.writes('superuser/invoices/4/paid')).toBe(1);
  });

  it('goes on past a refused invoice: a failed line, exit 3; exit 1 when every invoice failed', async () => {
    const t = await setup();
    const some = await mark(t.f, { ids: [7, 4], ...PAID });
    expect(some.results.map((r) => [r.id, r.before, r.after, r.status])).toEqual([
      [7, 'void', null, 'failed'],
      [4, 'open', 'paid', 'done'],
    ]);
    // The read showed 7 void, which the API refuses: not sent at all.
    expect(some.results[0]?.message).toMatch(/^not sent: Invoice 7 \(INV-000007\) is void/);
    expect(some.exitCode).toBe(3);
    // The API's own refusal (forex of an invoice in gbp), which the read does not foresee.
    const all = await mark(t.f, { ids: [4], action: 'forex' });
    expect(all.results[0]?.message).toMatch(/Invoice 4 is in gbp/);
    expect(all.exitCode).toBe(1);
    expect(t.f.audited.filter((a) => a.outcome === 'failed').map((a) => a.path)).toEqual([
      'superuser/invoices/4/forex',
    ]);
  });

  it('names the command that edits a paid invoice, refusing before anything is sent', async () => {
    const t = await setup();
    await expect(mark(t.f, { ids: [10], ...PAID })).rejects.toThrow(/edshed invoices update-paid 10/);
    expect(t.posts()).toEqual([]);
  });

  it('checks ids, dates and methods before any request (exit 2)', async () => {
    const t = await setup();
    const refused = async (options: Omit<MarkOptions, 'ids'> & { ids: (string | number)[] }) => {
      const error = await mark(t.f, options).catch((e: unknown) => e);
      expect(
        error instanceof InvalidInputError || (error instanceof CliError && error.exitCode === 2),
        String(error),
      ).toBe(true);
    };
    await refused({ ids: [4], ...PAID, date: '2026-02-30' });
    await refused({ ids: [4], ...PAID, method: 'bitcoin' });
    await refused({ ids: ['4', 'abc'], ...PAID });
    await refused({ ids: ['0'], ...PAID });
    await refused({ ids: [4], action: 'paid', method: 'bacs' });
    await refused({ ids: [4], action: 'void', method: 'bacs', yes: true });
    await refused({ ids: [4], action: 'accounting', system: 'paid' });
    await refused({ ids: [4], action: 'remittance', received: '2026-13-01' });
    await refused({ ids: [], action: 'void', yes: true });
    expect(t.sent).toEqual([]);
  });

  it('marks an id given twice once, with a note', async () => {
    const t = await setup();
    const summary = await mark(t.f, { ids: ['4', '4', '8'], ...PAID });
    expect(summary.results.map((r) => r.id)).toEqual([4, 8]);
    expect(t.f.err()).toMatch(/Invoice 4 given more than once; each is marked once/);
    expect(await t.writes('superuser/invoices/4/paid')).toBe(1);
  });

  it('prints the planned requests for a dry run and writes nothing', async () => {
    const t = await setup();
    const summary = await mark(t.f, { ids: [4, 8], ...PAID, dryRun: true, idempotencyKey: 'dry' });
    expect(summary.exitCode).toBe(0);
    expect(t.f.out()).toBe(
      `POST ${BASE}superuser/invoices/4/paid {"method":"bacs","date":"2026-11-02"}\nPOST ${BASE}superuser/invoices/8/paid {"method":"bacs","date":"2026-11-02"}\n`,
    );
    expect(t.posts()).toEqual([]);
    expect(t.f.audited).toEqual([]);
  });
});
