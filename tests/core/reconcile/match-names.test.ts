import { describe, expect, it } from 'vitest';
import { indexBook, matchLines, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { invoice, line } from './fixtures.js';

describe('a school and a trust the text names alike', () => {
  // "HILLCREST ACADEMY TRUST NORTH EAST" cut at 18 characters fits the school "Hillcrest Primary Academy" as well as
  // the trust "Hillcrest Academy Trust North East" (whose school is Fairview): the name cannot tell them apart.
  const book: Book = {
    schools: [
      { id: 1, name: 'Hillcrest Primary Academy', district_id: null },
      { id: 2, name: 'Fairview Elementary School', district_id: 7 },
      { id: 3, name: 'Oakfield Junior School', district_id: null },
      // Primaries as most schools are: PRIMARY is a common word, so a name lacking it is still well named.
      ...['Ashgrove', 'Bramley', 'Thornton', 'Moorside'].map((name, k) => ({
        id: 10 + k,
        name: `${name} Primary School`,
        district_id: null,
      })),
    ],
    districts: [{ id: 7, name: 'Hillcrest Academy Trust North East' }],
    subscriptions: [],
    invoices: [
      invoice(201, 1, 60000),
      invoice(202, 2, 60000),
      invoice(203, 1, 45000),
      invoice(204, 2, 84000),
      invoice(205, 3, 30000),
    ],
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
    expect(
      run(line('PO 88000205', 30000))[0]
        ?.candidates.flatMap((c) => c.signals)
        .some((s) => s.signal === 'reference'),
    ).toBe(false);
  });
});

describe('a name the bank cut at 18 characters', () => {
  // A long name: the text shows only its first words, too little of it to be named well on its own.
  const book: Book = {
    schools: [
      { id: 1, name: 'Hillcrest Village Primary Academy', district_id: null },
      ...['Ashgrove', 'Bramley', 'Thornton', 'Moorside'].map((name, k) => ({
        id: 10 + k,
        name: `${name} Primary School`,
        district_id: null,
      })),
    ],
    districts: [],
    subscriptions: [],
    invoices: [invoice(401, 1, 60000), invoice(402, 1, 45000), invoice(403, 10, 60000)],
  };
  const run = (text: string, amount: number): Verdict | undefined =>
    matchLines([line(text, amount)], indexBook(book))[0];

  it('decides when the text is full of the name, as far as the bank carries it', () => {
    expect(run('HILLCREST VILLAGE', 60000)).toMatchObject({ class: 'confident', invoices: [401] });
    expect(run('HILLCREST VILLAGE P BACS', 45000)).toMatchObject({ class: 'confident', invoices: [402] });
  });

  it('does not when the text shows as little of the name without being cut', () => {
    expect(run('HILLCREST VILL BACS', 60000)).toMatchObject({
      class: 'ambiguous',
      invoices: [],
      note: expect.stringContaining('only partly'),
    });
    expect(run('HILLCREST', 60000)).toMatchObject({ class: 'ambiguous', invoices: [] });
  });
});

describe('a name many schools share', () => {
  // 30 schools the text "STONEBRIDGE CE PRI" reaches alike (more than the 24 scored in full first).
  const schools = Array.from({ length: 30 }, (_, k) => ({
    id: k + 1,
    name: `Stonebridge C of E Primary ${['North', 'South', 'East', 'West', 'Upper', 'Lower'][k % 6]} ${String.fromCharCode(65 + k)}${String.fromCharCode(75 + (k % 10))}`,
    district_id: null,
  }));
  const run = (invoices: BookInvoice[]): Verdict | undefined =>
    matchLines(
      [line('STONEBRIDGE CE PRI', 180000)],
      indexBook({ schools, districts: [], subscriptions: [], invoices }),
    )[0];

  it('keeps every school reached alike as a payer, however many', () => {
    // The first school's invoice and the last's both fit: neither is marked.
    const v = run([invoice(1001, 1, 180000), invoice(1030, 30, 180000)]);
    expect(v).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(v?.candidates.map((c) => c.invoices).sort()).toEqual([[1001], [1030]]);
  });

  it('and marks the one invoice of the amount among all of them', () => {
    expect(run([invoice(1030, 30, 180000), invoice(1002, 2, 60000)])).toMatchObject({
      class: 'confident',
      invoices: [1030],
    });
  });
});
