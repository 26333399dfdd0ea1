/** The pieces of `edshed invoices mark` that need no server: words, ids, checks, the question, exit codes. */
import { describe, expect, it } from 'vitest';
import { checkDetails, wishOf } from '../../../cli/commands/invoices/actions.js';
import { bulkAction, checkInput, parseIds, splitWords } from '../../../cli/commands/invoices/mark-input.js';
import { markBulkCommand } from '../../../cli/commands/invoices/mark-bulk.js';
import { invoiceIn } from '../../../cli/read/invoices.js';
import { markExitCode, markQuestion } from '../../../cli/commands/invoices/mark-output.js';
import type { Invoice } from '../../../core/shapes/types.js';
import { invoiceOf } from '../../helpers/records.js';

const invoice = (id: number, total: number, currency: Invoice['currency']) => invoiceOf({ id, total, currency });

describe('invoices mark words and ids', () => {
  it('takes the ids first and the action last, and says how when the order or the action is wrong', () => {
    expect(splitWords(['8', '9', 'paid'])).toEqual({ ids: ['8', '9'], action: 'paid' });
    expect(() => splitWords(['paid', '8'])).toThrow(/ids first and the action last: edshed invoices mark 8 paid/);
    expect(() => splitWords(['8', 'piad'])).toThrow(
      /"piad" is not an action \(did you mean paid\?\): one of paid, promised/,
    );
    expect(() => splitWords(['8', 'zebra'])).toThrow(/"zebra" is not an action: one of paid/);
    expect(() => bulkAction(['viod'])).toThrow(
      /"viod" is not an action \(did you mean void\?\): one of .* \(edshed invoices mark ACTION --from FILE\)/,
    );
    expect(() => splitWords(['8'])).toThrow(/name the invoices and then an action/);
  });

  it('accepts positive whole numbers only and collapses repeats in the order given', () => {
    expect(parseIds(['9', '8', '9', 9])).toEqual({ ids: [9, 8], repeated: [9] });
    for (const bad of ['abc', '0', '-3', '1.5', '08', '99999999999999999999'])
      expect(() => parseIds([bad]), bad).toThrow(/whole numbers from 1/);
    expect(() => parseIds([])).toThrow(/at least one invoice id/);
  });

  it('refuses a missing option of the action and an option of another action', () => {
    expect(() => checkDetails('paid', { method: 'bacs' })).toThrow(/paid needs --date/);
    expect(() => checkDetails('void', { reference: 'R' })).toThrow(
      /void takes no --reference \(--reference is for promised\)/,
    );
    expect(() => checkDetails('remittance', { received: '2026-11-01', file: 'r.pdf' })).not.toThrow();
  });
});

describe('invoices mark output', () => {
  it('asks with the count, the numbers and a total per currency', () => {
    const invoices = new Map(
      [7, 8, 9].map((id) => [id, invoice(id, id === 7 ? 123450 : 47025, id === 7 ? 'gbp' : 'aud')]),
    );
    expect(markQuestion('Void', [7, 8, 9], invoices)).toBe(
      'Void 3 invoices (INV-000007, INV-000008, INV-000009; £1,234.50, A$940.50)?',
    );
    expect(markQuestion('Void', [99], invoices)).toBe('Void 1 invoice (#99 (not found))?');
  });

  it('exits 0 when nothing failed, 3 when some failed, 1 when all failed, 4 when stopped, 130 when interrupted', () => {
    const none = { stopped: false, interrupted: false };
    expect(markExitCode([{ status: 'done' }, { status: 'unchanged' }], none)).toBe(0);
    expect(markExitCode([{ status: 'done' }, { status: 'failed' }], none)).toBe(3);
    expect(markExitCode([{ status: 'failed' }], none)).toBe(1);
    expect(markExitCode([{ status: 'failed' }], { stopped: true, interrupted: false })).toBe(4);
    expect(markExitCode([{ status: 'done' }], { stopped: false, interrupted: true })).toBe(130);
  });
});

describe('invoices mark --from rows', () => {
  it('names every problem of a row, a bad id and a bad date together', () => {
    const check = markBulkCommand('paid').validate(
      { id: 'x', method: 'bacs', date: '2026-13-01' },
      { text: true, line: 2 },
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.issues.map((issue) => issue.column)).toEqual(['id', 'date']);
    expect(check.issues[0]?.message).toMatch(/whole numbers from 1; not "x"/);
    expect(check.issues[1]?.message).toMatch(/2026-13-01 is not a day of the calendar/);
  });

  it('accepts a good row as the single command would', () => {
    expect(
      markBulkCommand('paid').validate({ id: '8', method: 'bacs', date: '2026-11-02' }, { text: true, line: 2 }),
    ).toEqual({ ok: true, row: { id: 8, method: 'bacs', date: '2026-11-02' } });
  });
});

describe("invoices mark checks an action's options once for every invoice, before any is read", () => {
  it('checks the payload against the table and the path an option spells, with no invoice id or subscription known', () => {
    expect(() => checkInput('paid', { method: 'bacs', date: '2026-11-02' })).not.toThrow();
    expect(() => checkInput('paid', { method: 'bacs', date: '2026-02-30' })).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'date' })] }),
    );
    expect(() => checkInput('paid', { method: 'bitcoin', date: '2026-11-02' })).toThrow(
      expect.objectContaining({
        issues: [expect.objectContaining({ path: 'method', message: expect.stringMatching(/expected one of .*bacs/) })],
      }),
    );
    // A restore's route needs the invoice's subscription, read later: its options are checked without it.
    expect(() => checkInput('restore', { provider: 'stripe' })).not.toThrow();
    expect(() => checkInput('accounting', { system: 'paid' })).toThrow(
      /--system paid: that path is POST superuser\/invoices\/\{id\}\/paid \(invoices mark-paid\), not invoices send-to-accounting; nothing was sent/,
    );
    expect(() => checkInput('accounting', { system: 'xero' })).not.toThrow();
  });
});

describe("invoices mark reads invoices with core's shape", () => {
  it('reads a whole invoice as it came, keys the shape does not name included', () => {
    const whole = {
      ...invoiceOf({ id: 8, state: 'paid', paid_method: 'bacs', paid_date: '2026-11-02' }),
      note: 'extra',
    };
    expect(invoiceIn(whole)).toBe(whole);
  });

  it('reads an invoice whose accounting id or payment details are odd without them, and passes over one that is no invoice', () => {
    const odd = { ...invoiceOf({ id: 8 }), accounting_id: 42, paid_method: 'barter' };
    const read = invoiceIn(odd);
    expect(read).toMatchObject({ id: 8, state: 'open', total: 54000, issued_at: '2026-09-01' });
    expect(read).not.toHaveProperty('accounting_id');
    expect(read).not.toHaveProperty('paid_method');
    expect(invoiceIn({ ...invoiceOf({ id: 8 }), state: 'lost' })).toBeUndefined();
    expect(invoiceIn({ id: 8, state: 'open', total: 100, currency: 'gbp' })).toBeUndefined();
    expect(invoiceIn(null)).toBeUndefined();
  });
});

describe('invoices mark-paid wishes', () => {
  it('gives rows paying the same way on the same day one wish, and each other payment its own', () => {
    const first = wishOf('invoices mark-paid', { method: 'bacs', date: '2026-11-02' });
    expect(first).toEqual({ state: 'paid', reason: 'already paid', payment: { method: 'bacs', date: '2026-11-02' } });
    expect(wishOf('invoices mark-paid', { method: 'bacs', date: '2026-11-02' })).toBe(first);
    expect(wishOf('invoices mark-paid', { method: 'bacs', date: '2026-11-03' })?.payment).toEqual({
      method: 'bacs',
      date: '2026-11-03',
    });
    expect(wishOf('invoices mark-paid', { method: 'card', date: '2026-11-02' })?.payment).toEqual({
      method: 'card',
      date: '2026-11-02',
    });
    expect(wishOf('invoices void', {})).toEqual({ state: 'void', reason: 'already void' });
  });
});
