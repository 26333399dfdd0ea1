import { describe, expect, it } from 'vitest';
import { indexBook, matchLines, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { Book } from '../../../core/domain/reconcile/book.js';
import { invoice, line } from './fixtures.js';

describe('options of a line that needs a person', () => {
  const school = (id: number, name: string) => ({ id, name, district_id: null });
  it('lets a reference cut short pick among all the options of the amount, not the first three', () => {
    // Four invoices of 950.00 between two schools the text names alike; only 1155 begins INV-0011.
    const book: Book = {
      schools: [
        school(1, 'Hillcrest Village Primary'),
        school(2, 'Hillcrest Village High School'),
        ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => school(10 + k, `${n} Primary`)),
      ],
      districts: [],
      subscriptions: [],
      invoices: [invoice(1001, 1, 95000), invoice(1002, 1, 95000), invoice(1003, 1, 95000), invoice(1155, 2, 95000)],
    };
    expect(matchLines([line('HILLCREST VILLAGE BGC INV-0011', 95000)], indexBook(book))[0]).toMatchObject({
      class: 'confident',
      invoices: [1155],
    });
  });

  it('shows a single invoice of the payer before a set of invoices of several payers, and the invoice due nearest the payment first', () => {
    const book: Book = {
      schools: [
        school(1, 'Kingsway Junior School'),
        school(2, 'Kingsway Infant School'),
        ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => school(10 + k, `${n} Primary`)),
      ],
      districts: [],
      subscriptions: [],
      invoices: [
        invoice(301, 1, 60000, { due_at: '2026-07-01' }),
        invoice(302, 1, 60000, { due_at: '2026-10-30' }),
        invoice(303, 1, 60000, { due_at: '2026-09-01' }),
        invoice(304, 1, 20000),
        invoice(305, 2, 40000),
        invoice(306, 1, 60000, { due_at: '2026-12-20', issued_at: '2026-11-20' }),
      ],
    };
    const [v] = matchLines([line('KINGSWAY JNR', 60000)], indexBook(book));
    expect(v?.class).toBe('ambiguous');
    // 304 + 305 is a set of two payers (one of them not named): after the singles; 306 was issued after the payment.
    expect(v?.candidates.map((c) => c.invoices)).toEqual([[302], [303], [301]]);
  });
});

describe('identical lines on one day', () => {
  // A trust's three schools, each with invoices of 600.00: Ashgrove two, due long before the payment; the others one each, due about then.
  const book: Book = {
    schools: ['Ashgrove', 'Bramley', 'Thornton'].map((name, k) => ({
      id: k + 1,
      name: `${name} Primary School`,
      district_id: 7,
    })),
    districts: [{ id: 7, name: 'Pennine Learning Partnership' }],
    subscriptions: [],
    invoices: [
      invoice(501, 1, 60000, { issued_at: '2026-07-01', due_at: '2026-08-01' }),
      invoice(502, 1, 60000, { issued_at: '2026-07-01', due_at: '2026-08-15' }),
      invoice(503, 2, 60000, { due_at: '2026-11-01' }),
      invoice(504, 3, 60000, { due_at: '2026-11-05' }),
    ],
  };
  const shown = (verdicts: Verdict[]): number[][][] => verdicts.map((v) => v.candidates.map((c) => c.invoices));

  it('show first the invoices of a payer that could have made every one of the payments', () => {
    const text = 'PENNINE LEARNING PARTNERSHIP';
    // One line: nearest in date first.
    expect(shown(matchLines([line(text, 60000)], indexBook(book)))).toEqual([[[503], [504], [502]]]);
    // Two alike: only Ashgrove has two invoices of the amount, so both lines show both of them.
    const twins = matchLines([line(text, 60000), line(text, 60000)], indexBook(book));
    expect(twins.map((v) => v.class)).toEqual(['ambiguous', 'ambiguous']);
    expect(shown(twins)).toEqual([
      [[502], [501], [503]],
      [[502], [501], [503]],
    ]);
    // The same text on another day is not a twin.
    expect(
      shown(matchLines([line(text, 60000), line(text, 60000, { date: '2026-11-03' })], indexBook(book)))[0],
    ).toEqual([[503], [504], [502]]);
  });
});

describe('the options shown for a line that needs a person', () => {
  const school = (id: number, name: string, district: number | null = 5) => ({ id, name, district_id: district });
  const trust = [
    school(1, 'Ashgrove Primary School'),
    school(2, 'Bramley Primary School'),
    school(3, 'Thornton Primary School'),
    school(4, 'Moorside Primary School'),
    school(10, 'Kingsway Junior School', null),
  ];
  const shown = (book: Book, amount: number): Verdict | undefined =>
    matchLines(
      [line('PENNINE LEARNING PARTNERSHIP', amount)],
      indexBook({ ...book, districts: [{ id: 5, name: 'Pennine Learning Partnership' }], subscriptions: [] }),
    )[0];

  it('rank, among options as well supported, open before paid, one school before several, fewer invoices before more', () => {
    // 600.00 four ways, all named by the trust: Ashgrove's one invoice (due long before the payment); a
    // Bramley invoice already paid on 30 October; two of Thornton's; one of Bramley's and one of Moorside's.
    // By date alone, the invoices due about the payment came first and Ashgrove's was not shown.
    const v = shown(
      {
        schools: trust,
        districts: [],
        subscriptions: [],
        invoices: [
          invoice(501, 1, 60000, { issued_at: '2026-07-01', due_at: '2026-08-01' }),
          invoice(502, 2, 60000, { state: 'paid', paid_date: '2026-10-30', due_at: '2026-11-01' }),
          invoice(503, 3, 25000, { due_at: '2026-11-01' }),
          invoice(504, 3, 35000, { due_at: '2026-11-01' }),
          invoice(505, 2, 20000, { due_at: '2026-11-01' }),
          invoice(506, 4, 40000, { due_at: '2026-11-01' }),
        ],
      },
      60000,
    );
    expect(v?.class).toBe('ambiguous');
    expect(v?.candidates.map((c) => c.invoices)).toEqual([[501], [503, 504], [505, 506]]);
  });

  it("show the sets of one school's invoices that a search across the trust's schools stops before", () => {
    // 1,000.00 is Ashgrove's 450.00 + 550.00; the trust-wide search, smallest invoices first, finds three
    // sets across Bramley, Thornton and Moorside first and stops (many sets fit: the line needs a person).
    const small = [
      [2, 10000],
      [3, 20000],
      [4, 30000],
      [2, 40000],
      [3, 50000],
      [4, 60000],
      [2, 70000],
    ].map(([s, total], k) => invoice(600 + k, s as number, total as number));
    const v = shown(
      {
        schools: trust,
        districts: [],
        subscriptions: [],
        invoices: [...small, invoice(701, 1, 45000), invoice(702, 1, 55000)],
      },
      100000,
    );
    expect(v?.class).toBe('ambiguous');
    expect(v?.candidates[0]?.invoices).toEqual([701, 702]);
    expect(v?.candidates).toHaveLength(3);
  });

  it('show them too when the trust has more small invoices than the search takes, so it found no set', () => {
    // 41 invoices of 10.00 across three schools: the trust-wide search takes the 40 smallest, and no 5 of
    // them make 1,000.00; Ashgrove's 450.00 + 550.00 do.
    const small = Array.from({ length: 41 }, (_, k) => invoice(600 + k, 2 + (k % 3), 1000));
    const v = shown(
      {
        schools: trust,
        districts: [],
        subscriptions: [],
        invoices: [...small, invoice(701, 1, 45000), invoice(702, 1, 55000)],
      },
      100000,
    );
    expect(v).toMatchObject({
      class: 'ambiguous',
      invoices: [],
      note: expect.stringContaining("sets of one school's invoices fit the amount"),
    });
    expect(v?.candidates[0]?.invoices).toEqual([701, 702]);
  });
});
