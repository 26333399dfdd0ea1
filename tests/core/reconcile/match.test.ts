import { describe, expect, it } from 'vitest';
import { indexBook, matchLines, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { generateStatement, syntheticBook } from '../../../core/domain/reconcile/generate.js';

const invoice = (id: number, school: number, total: number, extra: Partial<BookInvoice> = {}): BookInvoice => ({
  id, number: `INV-${String(id).padStart(6, '0')}`, school_id: school, subscription_id: school, state: 'open', currency: 'gbp', total, issued_at: '2026-10-01', due_at: '2026-10-31', ...extra,
});
const BOOK: Book = {
  schools: [
    { id: 1, name: "St Mary's C of E Primary School", district_id: null },
    { id: 2, name: 'Oakfield Academy', district_id: null },
    { id: 3, name: 'Riverside Junior School', district_id: null },
  ],
  districts: [],
  subscriptions: [{ id: 2, school_id: 2, po_number: 'PO-7781' }],
  invoices: [
    invoice(101, 1, 60000), invoice(102, 1, 45000), invoice(103, 2, 30000), invoice(104, 2, 12000), invoice(105, 3, 72000), invoice(106, 3, 72000),
    invoice(107, 1, 99000, { currency: 'eur' }), invoice(108, 2, 50000, { state: 'paid', paid_date: '2026-10-20' }),
  ],
};
let n = 0;
const line = (text: string, amount: number, extra: Partial<StatementLine> = {}): StatementLine => ({ id: `l${(n += 1)}`, date: '2026-11-02', amount, currency: 'gbp', text, file: 's.csv', line: n, ...extra });
const match = (...lines: StatementLine[]): Verdict[] => matchLines(lines, indexBook(BOOK));

describe('matching statement lines to invoices', () => {
  it('is confident on an invoice number, spaced or cut short, with the amount', () => {
    const [a, b] = match(line('BGC inv 000101', 60000), line('ST MARYS CE PRIM INV-0001', 45000));
    const [c] = match(line('OAKFIELD ACAD INV-00010', 12000));
    expect([a?.class, a?.invoices]).toEqual(['confident', [101]]);
    expect(a?.candidates[0]?.signals.map((s) => s.signal)).toEqual(['reference', 'amount', 'date']);
    // "INV00010" begins 101..109 alike: not one invoice, so the name and amount decide (102 is St Mary's 450.00).
    expect([b?.class, b?.invoices]).toEqual(['confident', [102]]);
    expect([c?.class, c?.invoices]).toEqual(['confident', [104]]);
  });

  it('is confident on the name as banks write it when one invoice or one set fits, and shows why', () => {
    const [single] = match(line('ST MARYS CE PRIM', 45000));
    const [set] = match(line('ST MARYS CE PRIM', 105000));
    expect([single?.class, single?.invoices]).toEqual(['confident', [102]]);
    expect(single?.candidates[0]?.signals[0]).toMatchObject({ signal: 'name', detail: expect.stringContaining("St Mary's") });
    expect([set?.class, set?.invoices]).toEqual(['confident', [101, 102]]);
  });

  it('is confident on a PO number', () => {
    expect(match(line('PO 7781', 30000))[0]).toMatchObject({ class: 'confident', invoices: [103] });
  });

  it('makes a payer with two invoices of the amount ambiguous, with both shown', () => {
    const [v] = match(line('RIVERSIDE JNR', 72000));
    expect(v?.class).toBe('ambiguous');
    expect(v?.candidates.map((c) => c.invoices)).toEqual([[105], [106]]);
  });

  it('makes both lines ambiguous when they claim one invoice', () => {
    const verdicts = match(line('INV-000103', 30000), line('OAKFIELD ACAD', 30000));
    expect(verdicts.map((v) => v.class)).toEqual(['ambiguous', 'ambiguous']);
    expect(verdicts.every((v) => v.invoices.length === 0)).toBe(true);
  });

  it('never marks partial, overpaid, other-currency or already-paid lines, and says what to do', () => {
    const [partial, over, other, paid, out] = match(line('INV-000101', 20000), line('INV-000101', 90000), line('INV-000107', 99000), line('INV-000108', 50000), line('CARD FEE', -300));
    expect(partial).toMatchObject({ class: 'partial', invoices: [] });
    expect(partial?.note).toMatch(/ask for the rest/);
    expect(over).toMatchObject({ class: 'overpaid', invoices: [] });
    expect(other).toMatchObject({ class: 'other-currency', invoices: [] });
    expect(paid).toMatchObject({ class: 'already-paid', invoices: [] });
    expect(out).toMatchObject({ class: 'unmatched', invoices: [] });
  });

  it('is confident on a fee-short payment only when one invoice is just over it', () => {
    expect(match(line('INV-000105', 71500))[0]).toMatchObject({ class: 'confident', invoices: [105] });
    expect(match(line('INV-000105', 60000))[0]?.class).toBe('partial');
  });

  it('never makes the amount alone confident', () => {
    expect(match(line('TRANSFER', 12000))[0]).toMatchObject({ class: 'ambiguous', invoices: [], candidates: [{ invoices: [104] }] });
  });
});

describe('a generated statement', () => {
  it('marks no wrong invoice, and plans nothing once applied and read again', () => {
    const book = syntheticBook({ seed: 5, schools: 120, invoices: 600 });
    const { lines, truth } = generateStatement(book, { seed: 9, count: 200 });
    const statement = lines.map((l, k) => ({ ...l, id: `g${k}`, file: 'g.csv', line: k + 1 }));
    const verdicts = matchLines(statement, indexBook(book));
    const wrong = verdicts.flatMap((v, k) => v.invoices.filter((id) => !truth[k]?.settles || !truth[k]?.invoices.includes(id)));
    expect(wrong).toEqual([]);
    expect(verdicts.filter((v) => v.class === 'confident').length).toBeGreaterThan(100);
    const paid = new Map(verdicts.flatMap((v, k) => v.invoices.map((id) => [id, statement[k]?.date] as const)));
    const after: Book = { ...book, invoices: book.invoices.map((i) => (paid.has(i.id) ? { ...i, state: 'paid', paid_date: paid.get(i.id) ?? null } : i)) };
    expect(matchLines(statement, indexBook(after)).filter((v) => v.invoices.length > 0)).toEqual([]);
  });
});
