/** runMark refuses, before it asks or sends, what the invoice as read shows the API would refuse. */
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../cli/errors/cli-error.js';
import { scriptedPrompter } from '../../../cli/prompt/prompter.js';
import { mark, PAID, setup } from './mark-sandbox.js';

describe('runMark, a refusal the read shows', () => {
  it('refuses to void a paid invoice before asking (exit 2), naming the ways on; nothing is sent', async () => {
    const prompter = scriptedPrompter(['yes']);
    const t = await setup({ prompter });
    const error = await mark(t.f, { ids: ['INV-000010'], action: 'void' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ exitCode: 2 });
    expect(String((error as Error).message)).toMatch(
      /^nothing was sent: the API would refuse it, as read:\n {2}Invoice 10 \(INV-000010\) is paid; only an open, promised or uncollectable invoice can be voided\. .*edshed invoices update-paid 10 [^\n]*$/,
    );
    expect(prompter.asked).toEqual([]);
    expect(t.posts()).toEqual([]);
  });

  it.each([
    ['paid on a void invoice', { ids: [7], ...PAID }, /Invoice 7 \(INV-000007\) is void; only an open or promised/],
    ['paid on one paid otherwise', { ids: [10], ...PAID }, /is already paid \(wire, 2025-07-15\).*update-paid 10/],
    ['paid before it was issued', { ids: [4], ...PAID, date: '2020-01-01' }, /before the invoice was issued/],
    ['promised on a paid invoice', { ids: [10], action: 'promised', reference: 'PO 1' }, /only an open invoice/],
    ['restore on an open invoice', { ids: [4], action: 'restore', provider: 'stripe' }, /only a void invoice/],
    ['forex on a void invoice', { ids: [7], action: 'forex' }, /can be forex-marked/],
    ['remittance on a void invoice', { ids: [7], action: 'remittance', received: '2026-11-01' }, /remittance/],
    ['remittance before it was issued', { ids: [4], action: 'remittance', received: '2020-01-01' }, /before the/],
    ['accounting on a void invoice', { ids: [7], action: 'accounting', system: 'xero' }, /sent to accounting/],
  ] as const)('refuses %s before asking (exit 2)', async (_, options, message) => {
    const prompter = scriptedPrompter(['yes']);
    const t = await setup({ prompter });
    await expect(mark(t.f, { ...options, ids: [...options.ids] })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(message),
    });
    expect(prompter.asked).toEqual([]);
    expect(t.posts()).toEqual([]);
  });

  it('asks about and sends only the others, the refused one a failed line (exit 3)', async () => {
    const prompter = scriptedPrompter(['yes']);
    const t = await setup({ prompter });
    const summary = await mark(t.f, { ids: [10, 4], action: 'void' });
    expect(prompter.asked).toEqual(['Void 1 invoice (INV-000004; £540.00)?']);
    expect(summary.results.map((r) => [r.id, r.before, r.after, r.status])).toEqual([
      [10, 'paid', null, 'failed'],
      [4, 'open', 'void', 'done'],
    ]);
    expect(summary.results[0]?.message).toMatch(/^not sent: Invoice 10 \(INV-000010\) is paid/);
    expect(summary.exitCode).toBe(3);
    expect(t.posts()).toEqual(['POST subscriptions/invoices/4/void']);
  });

  it('still sends what the API answers unchanged: the same promise again, an invoice already sent to accounting', async () => {
    const t = await setup();
    const promise = await mark(t.f, { ids: [4], action: 'promised', reference: 'PO 9' });
    const again = await mark(t.f, { ids: [4], action: 'promised', reference: 'PO 9' });
    expect([promise.results[0]?.status, again.results[0]?.status]).toEqual(['done', 'unchanged']);
    await mark(t.f, { ids: [4], ...PAID });
    await mark(t.f, { ids: [4], action: 'accounting', system: 'xero' });
    const accounted = await mark(t.f, { ids: [4], action: 'accounting', system: 'xero' });
    expect(accounted.results[0]?.status).toBe('unchanged');
  });

  it('leaves a refused invoice out of a dry run, saying why', async () => {
    const t = await setup();
    const summary = await mark(t.f, { ids: [10, 4], action: 'void', dryRun: true });
    expect(summary.exitCode).toBe(0);
    expect(t.f.out()).toMatch(/^POST \S+subscriptions\/invoices\/4\/void\s*$/);
    expect(t.f.err()).toMatch(/Invoice 10: not sent: Invoice 10 \(INV-000010\) is paid/);
  });
});
