import { describe, expect, it } from 'vitest';
import { dayNumber, indexBook, matchLines, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { generateStatement, syntheticBook } from '../../../core/domain/reconcile/generate.js';

const invoice = (id: number, school: number, total: number, extra: Partial<BookInvoice> = {}): BookInvoice => ({
  id, number: `INV-${String(id).padStart(6, '0')}`, school_id: school, subscription_id: school, state: 'open', currency: 'gbp', total, issued_at: '2026-10-01', due_at: '2026-10-31', paid_date: null, paid_method: null, promised_reference: null, ...extra,
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

describe('a school and a trust the text names alike', () => {
  // "HILLCREST ACADEMY TRUST NORTH EAST" cut at 18 characters fits the school "Hillcrest Primary Academy" as well as
  // the trust "Hillcrest Academy Trust North East" (whose school is Fairview): the name cannot tell them apart.
  const book: Book = {
    schools: [
      { id: 1, name: 'Hillcrest Primary Academy', district_id: null },
      { id: 2, name: 'Fairview Elementary School', district_id: 7 },
      { id: 3, name: 'Oakfield Junior School', district_id: null },
      // Primaries as most schools are: PRIMARY is a common word, so a name lacking it is still well named.
      ...['Ashgrove', 'Bramley', 'Thornton', 'Moorside'].map((name, k) => ({ id: 10 + k, name: `${name} Primary School`, district_id: null })),
    ],
    districts: [{ id: 7, name: 'Hillcrest Academy Trust North East' }],
    subscriptions: [],
    invoices: [invoice(201, 1, 60000), invoice(202, 2, 60000), invoice(203, 1, 45000), invoice(204, 2, 84000), invoice(205, 3, 30000)],
  };
  const run = (...lines: StatementLine[]): Verdict[] => matchLines(lines, indexBook(book));

  it('shows both payers and marks neither when an invoice of each fits', () => {
    const [v] = run(line('HILLCREST ACADEMY', 60000));
    expect(v).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(v?.candidates.map((c) => c.invoices).sort()).toEqual([[201], [202]]);
  });

  it('lets a reference decide between them', () => {
    expect(run(line('HILLCREST ACADEMY INV-000202', 60000))[0]).toMatchObject({ class: 'confident', invoices: [202] });
  });

  it('never reads a line naming the trust as the school that shares its words', () => {
    // The trust named in full fits better than the school: the school's invoice of the amount is not marked
    // (the trust's school has none of it, so the payment reads as a part payment of the trust's).
    const [v] = run(line('HILLCREST ACAD TR NORTH EAST', 45000));
    expect(v).toMatchObject({ class: 'partial', invoices: [] });
    expect(v?.candidates.flatMap((c) => c.invoices)).not.toContain(203);
    // The trust's own school's invoice is.
    expect(run(line('HILLCREST ACAD TR NORTH EAST', 84000))[0]).toMatchObject({ class: 'confident', invoices: [204] });
  });

  it('is still confident on a name that fits one payer better than any other', () => {
    expect(run(line('HILLCREST PRIM ACAD', 45000))[0]).toMatchObject({ class: 'confident', invoices: [203] });
    expect(run(line('OAKFIELD JNR', 30000))[0]).toMatchObject({ class: 'confident', invoices: [205] });
  });

  it('reads a trust name cut at 18 characters as the trust as much as the school, and lets a reference cut short decide', () => {
    // The measured case: the trust written "HILLCREST ACADEMY", paying its school's invoice 1467, while the
    // school "Hillcrest Primary Academy" has one of the same amount, 2561; only 1467 begins INV-0014.
    const measured: Book = { ...book, invoices: [invoice(2561, 1, 95000), invoice(1467, 2, 95000)] };
    const [v] = matchLines([line('HILLCREST ACADEMY BGC INV-0014', 95000)], indexBook(measured));
    expect(v).toMatchObject({ class: 'confident', invoices: [1467] });
    expect(v?.candidates[0]?.signals.map((s) => s.signal)).toContain('reference-cut');
  });

  it('does not read an invoice number inside a longer number', () => {
    expect(run(line('PO 88000205', 30000))[0]?.candidates.flatMap((c) => c.signals).some((s) => s.signal === 'reference')).toBe(false);
  });
});

describe('a name the bank cut at 18 characters', () => {
  // A long name: the text shows only its first words, too little of it to be named well on its own.
  const book: Book = {
    schools: [
      { id: 1, name: 'Hillcrest Village Primary Academy', district_id: null },
      ...['Ashgrove', 'Bramley', 'Thornton', 'Moorside'].map((name, k) => ({ id: 10 + k, name: `${name} Primary School`, district_id: null })),
    ],
    districts: [],
    subscriptions: [],
    invoices: [invoice(401, 1, 60000), invoice(402, 1, 45000), invoice(403, 10, 60000)],
  };
  const run = (text: string, amount: number): Verdict | undefined => matchLines([line(text, amount)], indexBook(book))[0];

  it('decides when the text is full of the name, as far as the bank carries it', () => {
    expect(run('HILLCREST VILLAGE', 60000)).toMatchObject({ class: 'confident', invoices: [401] });
    expect(run('HILLCREST VILLAGE P BACS', 45000)).toMatchObject({ class: 'confident', invoices: [402] });
  });

  it('does not when the text shows as little of the name without being cut', () => {
    expect(run('HILLCREST VILL BACS', 60000)).toMatchObject({ class: 'ambiguous', invoices: [], note: expect.stringContaining('only partly') });
    expect(run('HILLCREST', 60000)).toMatchObject({ class: 'ambiguous', invoices: [] });
  });
});

describe('options of a line that needs a person', () => {
  const school = (id: number, name: string) => ({ id, name, district_id: null });
  it('lets a reference cut short pick among all the options of the amount, not the first three', () => {
    // Four invoices of 950.00 between two schools the text names alike; only 1155 begins INV-0011.
    const book: Book = {
      schools: [school(1, 'Hillcrest Village Primary'), school(2, 'Hillcrest Village High School'), ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => school(10 + k, `${n} Primary`))],
      districts: [],
      subscriptions: [],
      invoices: [invoice(1001, 1, 95000), invoice(1002, 1, 95000), invoice(1003, 1, 95000), invoice(1155, 2, 95000)],
    };
    expect(matchLines([line('HILLCREST VILLAGE BGC INV-0011', 95000)], indexBook(book))[0]).toMatchObject({ class: 'confident', invoices: [1155] });
  });

  it('shows a single invoice of the payer before a set of invoices of several payers, and the invoice due nearest the payment first', () => {
    const book: Book = {
      schools: [school(1, 'Kingsway Junior School'), school(2, 'Kingsway Infant School'), ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => school(10 + k, `${n} Primary`))],
      districts: [],
      subscriptions: [],
      invoices: [
        invoice(301, 1, 60000, { due_at: '2026-07-01' }), invoice(302, 1, 60000, { due_at: '2026-10-30' }), invoice(303, 1, 60000, { due_at: '2026-09-01' }),
        invoice(304, 1, 20000), invoice(305, 2, 40000), invoice(306, 1, 60000, { due_at: '2026-12-20', issued_at: '2026-11-20' }),
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
    schools: ['Ashgrove', 'Bramley', 'Thornton'].map((name, k) => ({ id: k + 1, name: `${name} Primary School`, district_id: 7 })),
    districts: [{ id: 7, name: 'Pennine Learning Partnership' }],
    subscriptions: [],
    invoices: [
      invoice(501, 1, 60000, { issued_at: '2026-07-01', due_at: '2026-08-01' }), invoice(502, 1, 60000, { issued_at: '2026-07-01', due_at: '2026-08-15' }),
      invoice(503, 2, 60000, { due_at: '2026-11-01' }), invoice(504, 3, 60000, { due_at: '2026-11-05' }),
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
    expect(shown(twins)).toEqual([[[502], [501], [503]], [[502], [501], [503]]]);
    // The same text on another day is not a twin.
    expect(shown(matchLines([line(text, 60000), line(text, 60000, { date: '2026-11-03' })], indexBook(book)))[0]).toEqual([[503], [504], [502]]);
  });
});

describe('a generated statement', () => {
  it('gives trusts names of their own, some sharing a first word with schools', () => {
    const book = syntheticBook({ seed: 3, schools: 600, invoices: 100 });
    const first = (name: string): string => name.split(' ')[0] ?? '';
    expect(book.districts.every((d) => /(Trust|Partnership)$/.test(d.name))).toBe(true);
    expect(book.districts.some((d) => book.schools.some((s) => first(s.name) === first(d.name)))).toBe(true);
    expect(book.districts.filter((d) => book.schools.some((s) => first(s.name) === first(d.name))).length).toBeLessThan(book.districts.length / 2);
  });

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

describe('invoices already paid', () => {
  const book = (paidDate: string): Book => ({
    schools: [{ id: 1, name: 'Oakfield Academy', district_id: null }, ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => ({ id: 10 + k, name: `${n} Primary`, district_id: null }))],
    districts: [],
    subscriptions: [],
    invoices: [invoice(501, 1, 30000), invoice(502, 1, 30000, { state: 'paid', paid_date: paidDate })],
  });
  const run = (paidDate: string): Verdict | undefined => matchLines([line('OAKFIELD ACAD', 30000)], indexBook(book(paidDate)))[0];

  it('count as options only when paid near the line: that payment may be this line', () => {
    // The line is dated 2026-11-02: paid on 2026-10-30, the paid invoice may be what this line paid.
    expect(run('2026-10-30')).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(run('2026-11-02')?.candidates.map((c) => c.invoices).sort()).toEqual([[501], [502]]);
  });

  it('do not when paid weeks from the line: something else paid them', () => {
    expect(run('2026-10-12')).toMatchObject({ class: 'confident', invoices: [501] });
    expect(run('2026-11-20')).toMatchObject({ class: 'confident', invoices: [501] });
  });
});

describe('settling by elimination', () => {
  // Oakfield has two invoices of 300.00; a line naming only Oakfield cannot tell them apart alone.
  const book: Book = {
    schools: [{ id: 1, name: 'Oakfield Academy', district_id: null }, ...['Ashgrove', 'Bramley', 'Thornton'].map((n, k) => ({ id: 10 + k, name: `${n} Primary`, district_id: null }))],
    districts: [],
    subscriptions: [],
    invoices: [invoice(601, 1, 30000), invoice(602, 1, 30000), invoice(603, 1, 30000, { currency: 'eur' })],
  };
  const run = (...lines: StatementLine[]): Verdict[] => matchLines(lines, indexBook(book));

  it('marks the one invoice left when another line settles the other', () => {
    const [byName, byReference] = run(line('OAKFIELD ACAD', 30000), line('INV-000601', 30000));
    expect(byReference).toMatchObject({ class: 'confident', invoices: [601] });
    expect(byName).toMatchObject({ class: 'confident', invoices: [602], note: expect.stringContaining('settled by other lines') });
  });

  it('does not when the other line only may have paid it', () => {
    // Two lines naming only Oakfield: each could be either invoice, and neither settles one.
    expect(run(line('OAKFIELD ACAD', 30000), line('OAKFIELD ACAD BACS', 30000)).map((v) => v.class)).toEqual(['ambiguous', 'ambiguous']);
    // A line naming 601 for the wrong amount settles nothing (part payment): 601 is still an option.
    const [byName, part] = run(line('OAKFIELD ACAD', 30000), line('INV-000601', 10000));
    expect(part?.class).toBe('partial');
    expect(byName).toMatchObject({ class: 'ambiguous', invoices: [] });
  });

  it('lets an invoice a person accepted settle the rest', () => {
    const lines = [line('OAKFIELD ACAD', 30000), line('OAKFIELD ACAD BACS', 30000)];
    const accepted: Verdict = { class: 'confident', invoices: [602], candidates: [], note: 'accepted by a person' };
    const verdicts = matchLines(lines, indexBook(book), new Map([[1, accepted]]));
    expect(verdicts.map((v) => [v.class, v.invoices])).toEqual([['confident', [601]], ['confident', [602]]]);
  });
});

describe('payments of several invoices', () => {
  const school = (id: number, name: string, district: number | null = null) => ({ id, name, district_id: district });
  const others = ['Ashgrove', 'Bramley', 'Thornton', 'Moorside'].map((n, k) => school(10 + k, `${n} Primary`));

  it('are sought within one school, never across two the text names alike', () => {
    // Kingsway Junior and Kingsway Infant are named alike by "KINGSWAY"; 200.00 + 400.00 spans both.
    const book: Book = { schools: [school(1, 'Kingsway Junior School'), school(2, 'Kingsway Infant School'), ...others], districts: [], subscriptions: [], invoices: [invoice(701, 1, 20000), invoice(702, 2, 40000)] };
    const [v] = matchLines([line('KINGSWAY', 60000)], indexBook(book));
    expect(v?.class).not.toBe('confident');
    expect(v?.candidates.some((c) => c.invoices.length > 1)).toBe(false);
  });

  it('are sought within a district the text names, across its schools', () => {
    const book: Book = {
      schools: [school(1, 'Kingsway Junior School', 5), school(2, 'Kingsway Infant School', 5), ...others],
      districts: [{ id: 5, name: 'Pennine Learning Partnership' }],
      subscriptions: [],
      invoices: [invoice(701, 1, 20000), invoice(702, 2, 40000)],
    };
    expect(matchLines([line('PENNINE LEARNING PARTNERSHIP', 60000)], indexBook(book))[0]).toMatchObject({ class: 'confident', invoices: [701, 702] });
  });

  it('are never confident when the payer has more invoices below the amount than the search takes', () => {
    // 1,200.00 is 150.00 + 1,050.00, and 80.00 + 1,120.00 too; 1,120.00 is the 41st invoice below the
    // amount, past the 40 (smallest first) the search takes: what it found cannot be the only set.
    const middle = [...Array.from({ length: 36 }, (_, k) => 61000 + 1000 * k), 99000].map((total, k) => invoice(800 + k, 1, total));
    const found = [invoice(901, 1, 15000), invoice(902, 1, 105000), invoice(903, 1, 8000)];
    const book: Book = { schools: [school(1, 'Oakfield Academy'), ...others], districts: [], subscriptions: [], invoices: [...middle, ...found, invoice(904, 1, 112000)] };
    expect(matchLines([line('OAKFIELD ACAD', 120000)], indexBook(book))[0]?.class).not.toBe('confident');
    // Without it, 40 invoices below the amount, all searched: the set alone fits.
    const searched: Book = { ...book, invoices: [...middle, ...found] };
    expect(matchLines([line('OAKFIELD ACAD', 120000)], indexBook(searched))[0]).toMatchObject({ class: 'confident', invoices: [901, 902] });
  });
});

describe('the options shown for a line that needs a person', () => {
  const school = (id: number, name: string, district: number | null = 5) => ({ id, name, district_id: district });
  const trust = [school(1, 'Ashgrove Primary School'), school(2, 'Bramley Primary School'), school(3, 'Thornton Primary School'), school(4, 'Moorside Primary School'), school(10, 'Kingsway Junior School', null)];
  const shown = (book: Book, amount: number): Verdict | undefined => matchLines([line('PENNINE LEARNING PARTNERSHIP', amount)], indexBook({ ...book, districts: [{ id: 5, name: 'Pennine Learning Partnership' }], subscriptions: [] }))[0];

  it('rank, among options as well supported, open before paid, one school before several, fewer invoices before more', () => {
    // 600.00 four ways, all named by the trust: Ashgrove's one invoice (due long before the payment); a
    // Bramley invoice already paid on 30 October; two of Thornton's; one of Bramley's and one of Moorside's.
    // By date alone, the invoices due about the payment came first and Ashgrove's was not shown.
    const v = shown({
      schools: trust, districts: [], subscriptions: [],
      invoices: [
        invoice(501, 1, 60000, { issued_at: '2026-07-01', due_at: '2026-08-01' }),
        invoice(502, 2, 60000, { state: 'paid', paid_date: '2026-10-30', due_at: '2026-11-01' }),
        invoice(503, 3, 25000, { due_at: '2026-11-01' }), invoice(504, 3, 35000, { due_at: '2026-11-01' }),
        invoice(505, 2, 20000, { due_at: '2026-11-01' }), invoice(506, 4, 40000, { due_at: '2026-11-01' }),
      ],
    }, 60000);
    expect(v?.class).toBe('ambiguous');
    expect(v?.candidates.map((c) => c.invoices)).toEqual([[501], [503, 504], [505, 506]]);
  });

  it("show the sets of one school's invoices that a search across the trust's schools stops before", () => {
    // 1,000.00 is Ashgrove's 450.00 + 550.00; the trust-wide search, smallest invoices first, finds three
    // sets across Bramley, Thornton and Moorside first and stops (many sets fit: the line needs a person).
    const small = [[2, 10000], [3, 20000], [4, 30000], [2, 40000], [3, 50000], [4, 60000], [2, 70000]].map(([s, total], k) => invoice(600 + k, s as number, total as number));
    const v = shown({ schools: trust, districts: [], subscriptions: [], invoices: [...small, invoice(701, 1, 45000), invoice(702, 1, 55000)] }, 100000);
    expect(v?.class).toBe('ambiguous');
    expect(v?.candidates[0]?.invoices).toEqual([701, 702]);
    expect(v?.candidates).toHaveLength(3);
  });

  it("show them too when the trust has more small invoices than the search takes, so it found no set", () => {
    // 41 invoices of 10.00 across three schools: the trust-wide search takes the 40 smallest, and no 5 of
    // them make 1,000.00; Ashgrove's 450.00 + 550.00 do.
    const small = Array.from({ length: 41 }, (_, k) => invoice(600 + k, 2 + (k % 3), 1000));
    const v = shown({ schools: trust, districts: [], subscriptions: [], invoices: [...small, invoice(701, 1, 45000), invoice(702, 1, 55000)] }, 100000);
    expect(v).toMatchObject({ class: 'ambiguous', invoices: [], note: expect.stringContaining("sets of one school's invoices fit the amount") });
    expect(v?.candidates[0]?.invoices).toEqual([701, 702]);
  });
});

describe('a name many schools share', () => {
  // 30 schools the text "STONEBRIDGE CE PRI" reaches alike (more than the 24 scored in full first).
  const schools = Array.from({ length: 30 }, (_, k) => ({ id: k + 1, name: `Stonebridge C of E Primary ${['North', 'South', 'East', 'West', 'Upper', 'Lower'][k % 6]} ${String.fromCharCode(65 + k)}${String.fromCharCode(75 + (k % 10))}`, district_id: null }));
  const run = (invoices: BookInvoice[]): Verdict | undefined => matchLines([line('STONEBRIDGE CE PRI', 180000)], indexBook({ schools, districts: [], subscriptions: [], invoices }))[0];

  it('keeps every school reached alike as a payer, however many', () => {
    // The first school's invoice and the last's both fit: neither is marked.
    const v = run([invoice(1001, 1, 180000), invoice(1030, 30, 180000)]);
    expect(v).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(v?.candidates.map((c) => c.invoices).sort()).toEqual([[1001], [1030]]);
  });

  it('and marks the one invoice of the amount among all of them', () => {
    expect(run([invoice(1030, 30, 180000), invoice(1002, 2, 60000)])).toMatchObject({ class: 'confident', invoices: [1030] });
  });
});

describe('day numbers', () => {
  it('count days since 1970-01-01 as Date.UTC does, across leap days and centuries', () => {
    for (const date of ['1970-01-01', '1999-12-31', '2000-02-29', '2000-03-01', '2024-02-29', '2026-11-27', '2100-03-01']) {
      expect(dayNumber(date)).toBe(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000);
    }
  });
});
