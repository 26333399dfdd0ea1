import { describe, expect, it } from 'vitest';
import { indexBook, matchLines } from '../../../core/domain/reconcile/match.js';
import type { Book } from '../../../core/domain/reconcile/book.js';
import { invoice, line } from './fixtures.js';

describe('payments of several invoices', () => {
  const school = (id: number, name: string, district: number | null = null) => ({ id, name, district_id: district });
  const others = ['Ashgrove', 'Bramley', 'Thornton', 'Moorside'].map((n, k) => school(10 + k, `${n} Primary`));

  it('are sought within one school, never across two the text names alike', () => {
    // Kingsway Junior and Kingsway Infant are named alike by "KINGSWAY"; 200.00 + 400.00 spans both.
    const book: Book = {
      schools: [school(1, 'Kingsway Junior School'), school(2, 'Kingsway Infant School'), ...others],
      districts: [],
      subscriptions: [],
      invoices: [invoice(701, 1, 20000), invoice(702, 2, 40000)],
    };
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
    expect(matchLines([line('PENNINE LEARNING PARTNERSHIP', 60000)], indexBook(book))[0]).toMatchObject({
      class: 'confident',
      invoices: [701, 702],
    });
  });

  it('are never confident when the payer has more invoices below the amount than the search takes', () => {
    // 1,200.00 is 150.00 + 1,050.00, and 80.00 + 1,120.00 too; 1,120.00 is the 41st invoice below the
    // amount, past the 40 (smallest first) the search takes: what it found cannot be the only set.
    const middle = [...Array.from({ length: 36 }, (_, k) => 61000 + 1000 * k), 99000].map((total, k) =>
      invoice(800 + k, 1, total),
    );
    const found = [invoice(901, 1, 15000), invoice(902, 1, 105000), invoice(903, 1, 8000)];
    const book: Book = {
      schools: [school(1, 'Oakfield Academy'), ...others],
      districts: [],
      subscriptions: [],
      invoices: [...middle, ...found, invoice(904, 1, 112000)],
    };
    expect(matchLines([line('OAKFIELD ACAD', 120000)], indexBook(book))[0]?.class).not.toBe('confident');
    // Without it, 40 invoices below the amount, all searched: the set alone fits.
    const searched: Book = { ...book, invoices: [...middle, ...found] };
    expect(matchLines([line('OAKFIELD ACAD', 120000)], indexBook(searched))[0]).toMatchObject({
      class: 'confident',
      invoices: [901, 902],
    });
  });
});
