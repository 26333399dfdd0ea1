/**
 * Statement lines a hostile (or careless) payer writes: a reference of one school's invoice under another
 * school's name, and dates the API refuses a payment on. The matcher never plans either as a write.
 */
import { describe, expect, it } from 'vitest';
import { indexBook, matchLines, namedOtherPayer, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { invoice, line } from './fixtures.js';

const school = (id: number, name: string, district: number | null = null) => ({ id, name, district_id: district });
const BOOK: Book = {
  schools: [
    school(1, 'Oakfield Primary School'),
    school(2, 'Ashgrove Primary School 12'),
    school(3, 'Harbour Primary School 19'),
    school(4, 'Harbour Primary School 36'),
    school(5, 'Bramley Primary School', 7),
    school(6, 'Thornton Primary School', 7),
    school(8, 'Stonebridge Park Infant School'),
    school(9, 'Stonebridge Park Primary 1836 School'),
    ...['Moorside', 'Kingsway', 'Riverside', 'Fairview'].map((n, k) => school(20 + k, `${n} Primary School`)),
  ],
  districts: [{ id: 7, name: 'Pennine Learning Partnership' }],
  subscriptions: [{ id: 2, school_id: 2, po_number: 'PO-55821' }],
  invoices: [
    invoice(556, 2, 2880),
    invoice(2, 1, 12000),
    invoice(895, 3, 66000),
    invoice(1728, 4, 66000),
    invoice(501, 5, 40000),
    invoice(601, 6, 30000),
    invoice(32183, 8, 50000),
    invoice(700, 20, 45000, { issued_at: '2026-11-04' }),
  ],
};
const match = (lines: StatementLine[], today?: string): Verdict[] =>
  matchLines(lines, indexBook(BOOK), new Map(), { today });

describe('a reference of one school under another school name', () => {
  it("is ambiguous, naming both schools, and shows the invoice named and the named school's", () => {
    const [oak, harbour] = match([line('OAKFIELD PRIM INV-000556', 2880), line('HARBOUR PRIM 36 INV-000895', 66000)]);
    expect(oak).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(oak?.note).toContain('Oakfield Primary School');
    expect(oak?.note).toContain('INV-000556 is Ashgrove Primary School 12');
    expect(harbour).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(harbour?.note).toMatch(/Harbour Primary School 36.*INV-000895 is Harbour Primary School 19/);
    // The invoice of the amount of the school the text names is shown beside the one referenced.
    expect(harbour?.candidates.map((c) => c.invoices)).toEqual([[895], [1728]]);
  });

  it('is ambiguous for a PO of one school under another school name too', () => {
    const [v] = match([line('OAKFIELD PRIMARY PO-55821', 2880)]);
    expect(v).toMatchObject({
      class: 'ambiguous',
      invoices: [],
      note: expect.stringContaining('Ashgrove Primary School 12'),
    });
  });

  it("stays confident when the name is the school's own, its trust's, a school of its trust, or none", () => {
    // Each line read alone (two lines claiming one invoice are both ambiguous).
    const alone = (text: string, amount: number): [string, number[]] => {
      const [v] = match([line(text, amount)]);
      return [v?.class ?? '', v?.invoices ?? []];
    };
    expect(alone('ASHGROVE PRIM 12 INV-000556', 2880)).toEqual(['confident', [556]]);
    expect(alone('INV-000556', 2880)).toEqual(['confident', [556]]);
    expect(alone('HARBOUR PRIM INV-000895', 66000)).toEqual(['confident', [895]]);
    expect(alone('PENNINE LEARNING PARTNERSHIP INV-000501', 40000)).toEqual(['confident', [501]]);
    expect(alone('THORNTON PRIMARY INV-000501', 40000)).toEqual(['confident', [501]]);
  });

  it("does not read the digits of a spaced reference as another school's number", () => {
    // "183" begins "1836", the number of another Stonebridge Park: a number names a school only whole.
    expect(match([line('STONEBRIDGE PARK I inv-032 183', 50000)])[0]).toMatchObject({
      class: 'confident',
      invoices: [32183],
    });
  });

  it('is told for invoices a person chose (namedOtherPayer)', () => {
    const index = indexBook(BOOK);
    const inv556 = index.byId.get(556) as BookInvoice;
    expect(namedOtherPayer(line('OAKFIELD PRIM', 2880), index, [inv556])).toMatchObject({
      named: 'Oakfield Primary School',
      owner: 'Ashgrove Primary School 12',
    });
    expect(namedOtherPayer(line('OAKFIELD PRIM', 2880), index, [index.byId.get(2) as BookInvoice])).toBeUndefined();
    expect(namedOtherPayer(line('BGC 2880', 2880), index, [inv556])).toBeUndefined();
  });
});

describe('a reference of one school under a name that fits several others alike', () => {
  // Three Willowdale Junior Schools: "WILLOWDALE JNR" names none of them clearly, but clearly not Brookfield.
  const book: Book = {
    schools: [
      school(20, 'Willowdale Junior School 17'),
      school(54, 'Willowdale Junior School 51'),
      school(80, 'Willowdale Junior School 77'),
      school(30, 'Willowdale Community School 30'),
      school(207, 'Brookfield Community School 204'),
      ...['Moorside', 'Kingsway', 'Riverside', 'Fairview'].map((n, k) => school(100 + k, `${n} Primary School`)),
    ],
    districts: [],
    subscriptions: [],
    invoices: [invoice(9819, 207, 11261), invoice(5, 20, 5000), invoice(6, 54, 7000)],
  };
  const alone = (text: string): Verdict | undefined => matchLines([line(text, 11261)], indexBook(book), new Map())[0];

  it("is ambiguous, naming the invoice's school, however the name is written", () => {
    for (const text of [
      'WILLOWDALE JNR INV-009819',
      'WILLOWDALE JUN INV-009819',
      'WILLOWDALE JUNIOR INV-009819',
      'INV-009819 WILLOWDALE JUNIOR',
      'PAYMENT INV-009819 FROM WILLOWDALE',
    ]) {
      const v = alone(text);
      expect(v, text).toMatchObject({ class: 'ambiguous', invoices: [] });
      expect(v?.note, text).toContain("INV-009819 is Brookfield Community School 204's");
    }
  });

  it("stays confident under the invoice's own school's name, or none", () => {
    for (const text of ['BROOKFIELD COMM 204 INV-009819', 'BROOKFIELD INV-009819', 'INV-009819'])
      expect(alone(text), text).toMatchObject({ class: 'confident', invoices: [9819] });
  });
});

describe('a payment the API would refuse', () => {
  it('is refused, not confident, when dated after today, and says why', () => {
    const [future, past] = match(
      [line('INV-000556', 2880, { date: '2026-12-11' }), line('INV-000895', 66000, { date: '2026-11-30' })],
      '2026-12-01',
    );
    expect(future).toMatchObject({ class: 'refused', invoices: [], candidates: [{ invoices: [556] }] });
    expect(future?.note).toContain('INV-000556: payment date 2026-12-11 is in the future');
    expect(future?.note).toContain('--date-format');
    expect(past).toMatchObject({ class: 'confident', invoices: [895] });
  });

  it('is refused when dated before the invoice was issued, though within the days a payment may come first', () => {
    // 700 is issued 2026-11-04, two days after the line: a candidate, but the API refuses the date.
    const [v] = match([line('MOORSIDE PRIMARY', 45000)], '2026-12-01');
    expect(v).toMatchObject({
      class: 'refused',
      invoices: [],
      note: expect.stringContaining('before the invoice was issued (2026-11-04)'),
    });
  });

  it('claims nothing: a refused line leaves its invoice to the line that can pay it', () => {
    const verdicts = match(
      [line('INV-000556', 2880, { date: '2027-01-05' }), line('ASHGROVE PRIM 12', 2880)],
      '2026-12-01',
    );
    expect(verdicts.map((v) => [v.class, v.invoices])).toEqual([
      ['refused', []],
      ['confident', [556]],
    ]);
  });
});
