import { describe, expect, it } from 'vitest';
import { toGbp } from '../../../sandbox/domain/pricing/money.js';
import { createHarness, obj, rows } from './harness.js';
import { invoiceIn } from './fixtures.js';
import { all } from '../../../sandbox/kit/sql.js';

interface InvoiceFacts {
  currency: 'gbp' | 'usd' | 'aud';
  state: string;
  total: number;
  amount_refunded: number;
  due_at: string;
  source_person_id: number | null;
}

describe('sales reports are computed from the invoices', () => {
  const h = createHarness();
  const period = { from: '2024-01-01', to: '2026-09-01' };
  const invoices = (): InvoiceFacts[] =>
    all<InvoiceFacts>(
      h.db,
      'SELECT currency, state, total, amount_refunded, due_at, source_person_id FROM invoices WHERE issued_at BETWEEN ? AND ?',
      period.from,
      period.to,
    );
  const sum = (list: InvoiceFacts[], f: (i: InvoiceFacts) => number): number => list.reduce((s, i) => s + f(i), 0);

  it('totals per currency match the invoices, by state', async () => {
    const totals = obj(await h.ok('GET salestotals', { as: 'sales', input: period }), 'totals');
    const gbp = invoices().filter((i) => i.currency === 'gbp');
    expect(obj(totals, 'by_currency').gbp).toEqual({
      invoiced: sum(
        gbp.filter((i) => i.state !== 'void' && i.state !== 'uncollectable'),
        (i) => i.total,
      ),
      invoices: gbp.filter((i) => i.state !== 'void' && i.state !== 'uncollectable').length,
      paid: sum(
        gbp.filter((i) => i.state === 'paid' || i.state === 'refunded'),
        (i) => i.total - i.amount_refunded,
      ),
      outstanding: sum(
        gbp.filter((i) => i.state === 'open' || i.state === 'promised'),
        (i) => i.total,
      ),
      overdue: sum(
        gbp.filter((i) => (i.state === 'open' || i.state === 'promised') && i.due_at < '2026-09-01'),
        (i) => i.total,
      ),
      void: sum(
        gbp.filter((i) => i.state === 'void'),
        (i) => i.total,
      ),
      uncollectable: sum(
        gbp.filter((i) => i.state === 'uncollectable'),
        (i) => i.total,
      ),
      refunded: sum(gbp, (i) => i.amount_refunded),
    });
    const all = invoices().filter((i) => i.state === 'paid' || i.state === 'refunded');
    expect(obj(totals, 'gbp').paid).toBe(sum(all, (i) => toGbp(i.total - i.amount_refunded, i.currency)));
  });

  it('marking an invoice paid moves its total from outstanding to paid', async () => {
    const id = invoiceIn(h.db, 'open');
    const total = h.value<number>('SELECT total FROM invoices WHERE id = ?', id);
    const before = obj(obj(await h.ok('GET salestotals', { as: 'sales', input: period }), 'totals'), 'by_currency')
      .gbp as Record<string, number>;
    await h.ok('POST superuser/invoices/{id}/paid', { params: { id }, input: { method: 'bacs', date: '2026-08-31' } });
    const after = obj(obj(await h.ok('GET salestotals', { as: 'sales', input: period }), 'totals'), 'by_currency')
      .gbp as Record<string, number>;
    expect(after.paid).toBe((before.paid ?? 0) + total);
    expect(after.outstanding).toBe((before.outstanding ?? 0) - total);
  });

  it('sales by person add up to the attributed sales, with the rest unattributed', async () => {
    const lines = rows(await h.ok('GET salesByPerson', { as: 'sales', input: period }), 'sales');
    const sales = invoices().filter((i) => i.state !== 'void' && i.state !== 'uncollectable');
    for (const line of lines) {
      const mine = sales.filter((i) => i.source_person_id === line.key);
      expect(line.count).toBe(mine.length);
      expect(line.gbp).toBe(sum(mine, (i) => toGbp(i.total - i.amount_refunded, i.currency)));
    }
    expect(lines.find((l) => l.key === 1)?.label).toBe('Morgan Blake');
    expect(lines.find((l) => l.key === null)?.label).toBe('unattributed');
  });

  it('sales by type and department cover every sale once', async () => {
    const count = invoices().filter((i) => i.state !== 'void' && i.state !== 'uncollectable').length;
    for (const route of ['GET salesByType', 'GET salesByDept']) {
      const lines = rows(await h.ok(route, { as: 'sales', input: period }), 'sales');
      expect(
        lines.reduce((s, l) => s + Number(l.count), 0),
        route,
      ).toBe(count);
    }
  });

  it('retention counts renewals of subscriptions that ended in the period', async () => {
    const before = obj(
      await h.ok('GET retentions', { as: 'sales', input: { from: '2025-01-01', to: '2026-08-31' } }),
      'retentions',
    );
    expect(before).toMatchObject({ due: 2, renewed: 0, rate: 0 });
    await h.ok(
      'POST schools/{id}/subscription/backdated',
      { params: { id: 1 }, input: { product_id: 4, start: '2025-09-15' } },
      201,
    );
    const after = obj(
      await h.ok('GET retentions', { as: 'sales', input: { from: '2025-01-01', to: '2026-08-31' } }),
      'retentions',
    );
    expect(after).toMatchObject({ due: 2, renewed: 1, lapsed: 1, rate: 0.5 });
  });

  it('headlines compare revenue with the period before', async () => {
    const headlines = obj(
      await h.ok('GET sales/reports/headlines', { as: 'sales', input: { from: '2025-09-01', to: '2026-08-31' } }),
      'headlines',
    );
    expect(obj(headlines, 'previous')).toEqual({ from: '2024-09-01', to: '2025-08-31' });
    const paid = all<{ currency: 'gbp'; v: number }>(
      h.db,
      "SELECT currency, total - amount_refunded AS v FROM invoices WHERE state IN ('paid', 'refunded') AND paid_date BETWEEN '2025-09-01' AND '2026-08-31'",
    );
    expect(obj(headlines, 'current').revenue_gbp).toBe(paid.reduce((s, r) => s + toGbp(r.v, r.currency), 0));
  });

  it('sales people: inactive ones stay, and one with sales cannot be deleted', async () => {
    const created = obj(
      await h.ok('POST superuser/salespeople', { input: { name: 'Casey Park' } }, 201),
      'salesperson',
    );
    await h.ok('PATCH superuser/salespeople/{id}', { params: { id: Number(created.id) }, input: { is_active: 0 } });
    expect(h.value('SELECT is_active FROM sales_people WHERE id = ?', created.id)).toBe(0);
    const busy = await h.call('DELETE superuser/salespeople/{id}', { params: { id: 1 } });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toContain('set is_active 0');
    await h.ok('DELETE superuser/salespeople/{id}', { params: { id: Number(created.id) } });
  });
});
