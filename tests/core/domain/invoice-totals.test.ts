import { describe, expect, it } from 'vitest';
import { isOverdue, totalsByCurrency, type OwedInvoice } from '../../../core/domain/invoice-totals.js';

const invoice = (over: Partial<OwedInvoice>): OwedInvoice => ({ state: 'open', currency: 'gbp', total: 1000, ...over });

describe('isOverdue', () => {
  it('is true only for an unpaid invoice whose due day is before today', () => {
    expect(isOverdue(invoice({ due_at: '2026-11-01' }), '2026-11-02')).toBe(true);
    expect(isOverdue(invoice({ state: 'promised', due_at: '2026-11-01T23:59:00Z' }), '2026-11-02')).toBe(true);
    expect(isOverdue(invoice({ due_at: '2026-11-02' }), '2026-11-02')).toBe(false);
    expect(isOverdue(invoice({ state: 'paid', due_at: '2026-01-01' }), '2026-11-02')).toBe(false);
    expect(isOverdue(invoice({ due_at: null }), '2026-11-02')).toBe(false);
  });
});

describe('totalsByCurrency', () => {
  it('sums what is due per currency, never across currencies, with the overdue part', () => {
    const totals = totalsByCurrency(
      [
        invoice({ currency: 'gbp', total: 54000, due_at: '2026-09-24' }),
        invoice({ currency: 'GBP', state: 'promised', total: 48000, amount_due: 40000, due_at: '2026-12-15' }),
        invoice({ currency: 'aud', total: 12345, due_at: '2026-10-01' }),
        invoice({ currency: 'usd', state: 'paid', total: 99900, amount_due: 0 }),
        invoice({ currency: 'gbp', state: 'void', total: 700 }),
      ],
      '2026-11-02',
    );
    expect(totals).toEqual([
      { currency: 'aud', invoices: 1, amount_due: 12345, overdue: 1, amount_overdue: 12345 },
      { currency: 'gbp', invoices: 2, amount_due: 94000, overdue: 1, amount_overdue: 54000 },
    ]);
  });

  it('answers no totals for no unpaid invoices', () => {
    expect(totalsByCurrency([invoice({ state: 'refunded' })], '2026-11-02')).toEqual([]);
  });
});
