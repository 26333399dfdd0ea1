/** runMark: the question before a void, restore, --json, Ctrl-C and a refused session. */
import { describe, expect, it } from 'vitest';
import { scriptedPrompter } from '../../../cli/prompt/prompter.js';
import { mark, PAID, setup } from './mark-sandbox.js';

describe('runMark, beyond paid', () => {
  it('asks once before a void, naming the count, the numbers and the total per currency', async () => {
    const prompter = scriptedPrompter(['yes']);
    const t = await setup({ prompter });
    const summary = await mark(t.f, { ids: [4, 8, 6, 2], action: 'void' });
    expect(prompter.asked).toEqual([
      'Void 4 invoices (INV-000004, INV-000008, INV-000006, INV-000002; £1,020.00, A$940.50, US$585.00)?',
    ]);
    expect(summary.results.map((r) => `${r.before} -> ${r.after}`)).toEqual([
      'open -> void',
      'open -> void',
      'open -> void',
      'promised -> void',
    ]);
  });

  it('sends nothing when the void is declined, or off a terminal without --yes (exit 2)', async () => {
    const declined = await setup({ prompter: scriptedPrompter(['no']) });
    await expect(mark(declined.f, { ids: [4], action: 'void' })).rejects.toMatchObject({ exitCode: 2 });
    expect(declined.posts()).toEqual([]);
    const script = await setup({ prompter: scriptedPrompter([], { interactive: false }) });
    await expect(mark(script.f, { ids: [4, 8], action: 'void' })).rejects.toThrow(
      /Void 2 invoices \(4, 8\): pass --yes/,
    );
    expect(script.sent).toEqual([]);
  });

  it('restores a void invoice through its subscription at the card provider', async () => {
    const t = await setup();
    const summary = await mark(t.f, { ids: [7], action: 'restore', provider: 'stripe' });
    expect(summary.results[0]).toMatchObject({ before: 'void', after: 'open', status: 'done' });
    expect(t.posts()).toEqual([expect.stringMatching(/^POST stripe\/\d+\/invoices\/7$/)]);
  });

  it('prints the result objects with --json, with the detail an action adds', async () => {
    const t = await setup({ globals: { json: true } });
    await mark(t.f, { ids: [4], action: 'accounting', system: 'xero' });
    expect(JSON.parse(t.f.out())).toEqual([
      {
        id: 4,
        number: 'INV-000004',
        before: 'open',
        after: 'open',
        total: 54000,
        currency: 'gbp',
        status: 'done',
        message: 'accounting id xero:INV-000004',
        request_id: expect.any(String),
      },
    ]);
  });

  it('starts no invoice after the signal is aborted (exit 130), and lists those not sent', async () => {
    const interrupt = new AbortController();
    const t = await setup({ afterWrite: () => interrupt.abort() });
    const summary = await mark(t.f, { ids: [4, 8, 6], ...PAID, signal: interrupt.signal });
    expect(summary.results.map((r) => [r.id, r.status])).toEqual([[4, 'done']]);
    expect(summary.notSent).toEqual([8, 6]);
    expect(summary.exitCode).toBe(130);
    expect(t.posts()).toHaveLength(1);
  });

  it('stops at a 403 (exit 4): the later invoices are not sent', async () => {
    const t = await setup({ user: 'admin' });
    const summary = await mark(t.f, { ids: [4, 1], ...PAID });
    expect(summary.results.map((r) => r.status)).toEqual(['failed']);
    expect(summary.notSent).toEqual([1]);
    expect(summary.exitCode).toBe(4);
    expect(t.posts()).toHaveLength(1);
  });
});
