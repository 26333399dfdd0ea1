import { describe, expect, it } from 'vitest';
import { indexBook, matchLines, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { Book } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { invoice, line } from './fixtures.js';

const BOOK: Book = {
  schools: [
    { id: 1, name: "St Mary's C of E Primary School", district_id: null },
    { id: 2, name: 'Oakfield Academy', district_id: null },
    { id: 3, name: 'Riverside Junior School', district_id: null },
  ],
  districts: [],
  subscriptions: [{ id: 2, school_id: 2, po_number: 'PO-7781' }],
  invoices: [
    invoice(101, 1, 60000),
    invoice(102, 1, 45000),
    invoice(103, 2, 30000),
    invoice(104, 2, 12000),
    invoice(105, 3, 72000),
    invoice(106, 3, 72000),
    invoice(107, 1, 99000, { currency: 'eur' }),
    invoice(108, 2, 50000, { state: 'paid', paid_date: '2026-10-20' }),
  ],
};
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
    expect(single?.candidates[0]?.signals[0]).toMatchObject({
      signal: 'name',
      detail: expect.stringContaining("St Mary's"),
    });
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
    const [partial, over, other, paid, out] = match(
      line('INV-000101', 20000),
      line('INV-000101', 90000),
      line('INV-000107', 99000),
      line('INV-000108', 50000),
      line('CARD FEE', -300),
    );
    expect(partial).toMatchObject({ class: 'partial', invoices: [] });
    expect(partial?.note).toMatch(/ask for the rest/);
    expect(over).toMatchObject({ class: 'overpaid', invoices: [] });
    expect(other).toMatchObject({ class: 'other-currency', invoices: [] });
    expect(paid).toMatchObject({ class: 'already-paid', invoices: [] });
    expect(out).toMatchObject({ class: 'outgoing', invoices: [] });
  });

  it('is confident on a fee-short payment only when one invoice is just over it', () => {
    expect(match(line('INV-000105', 71500))[0]).toMatchObject({ class: 'confident', invoices: [105] });
    expect(match(line('INV-000105', 60000))[0]?.class).toBe('partial');
  });

  it('never makes the amount alone confident', () => {
    expect(match(line('TRANSFER', 12000))[0]).toMatchObject({
      class: 'ambiguous',
      invoices: [],
      candidates: [{ invoices: [104] }],
    });
  });
});

describe('invoices already paid', () => {
  const book = (paidDate: string): Book => ({
    schools: [
      { id: 1, name: 'Oakfield Academy', district_id: null },
      ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => ({ id: 10 + k, name: `${n} Primary`, district_id: null })),
    ],
    districts: [],
    subscriptions: [],
    invoices: [invoice(501, 1, 30000), invoice(502, 1, 30000, { state: 'paid', paid_date: paidDate })],
  });
  const run = (paidDate: string): Verdict | undefined =>
    matchLines([line('OAKFIELD ACAD', 30000)], indexBook(book(paidDate)))[0];

  it('count as options only when paid near the line: that payment may be this line', () => {
    // The line is dated 2026-11-02: paid on 2026-10-30, the paid invoice may be what this line paid.
    expect(run('2026-10-30')).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(
      run('2026-11-02')
        ?.candidates.map((c) => c.invoices)
        .sort(),
    ).toEqual([[501], [502]]);
  });

  it('do not when paid weeks from the line: something else paid them', () => {
    expect(run('2026-10-12')).toMatchObject({ class: 'confident', invoices: [501] });
    expect(run('2026-11-20')).toMatchObject({ class: 'confident', invoices: [501] });
  });
});

describe('settling by elimination', () => {
  // Oakfield has two invoices of 300.00; a line naming only Oakfield cannot tell them apart alone.
  const book: Book = {
    schools: [
      { id: 1, name: 'Oakfield Academy', district_id: null },
      ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => ({ id: 10 + k, name: `${n} Primary`, district_id: null })),
    ],
    districts: [],
    subscriptions: [],
    invoices: [invoice(601, 1, 30000), invoice(602, 1, 30000), invoice(603, 1, 30000, { currency: 'eur' })],
  };
  const run = (...lines: StatementLine[]): Verdict[] => matchLines(lines, indexBook(book));

  it('marks the one invoice left when another line settles the other', () => {
    const [byName, byReference] = run(line('OAKFIELD ACAD', 30000), line('INV-000601', 30000));
    expect(byReference).toMatchObject({ class: 'confident', invoices: [601] });
    expect(byName).toMatchObject({
      class: 'confident',
      invoices: [602],
      note: expect.stringContaining('settled by other lines'),
    });
  });

  it('does not when the other line only may have paid it', () => {
    // Two lines naming only Oakfield: each could be either invoice, and neither settles one.
    expect(run(line('OAKFIELD ACAD', 30000), line('OAKFIELD ACAD BACS', 30000)).map((v) => v.class)).toEqual([
      'ambiguous',
      'ambiguous',
    ]);
    // A line naming 601 for the wrong amount settles nothing (part payment): 601 is still an option.
    const [byName, part] = run(line('OAKFIELD ACAD', 30000), line('INV-000601', 10000));
    expect(part?.class).toBe('partial');
    expect(byName).toMatchObject({ class: 'ambiguous', invoices: [] });
  });

  it('lets an invoice a person accepted settle the rest', () => {
    const lines = [line('OAKFIELD ACAD', 30000), line('OAKFIELD ACAD BACS', 30000)];
    const accepted: Verdict = { class: 'confident', invoices: [602], candidates: [], note: 'accepted by a person' };
    const verdicts = matchLines(lines, indexBook(book), new Map([[1, accepted]]));
    expect(verdicts.map((v) => [v.class, v.invoices])).toEqual([
      ['confident', [601]],
      ['confident', [602]],
    ]);
  });
});
