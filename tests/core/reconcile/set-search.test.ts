import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import { dayNumber } from '../../../core/domain/reconcile/day-number.js';
import { indexBook, type Live } from '../../../core/domain/reconcile/stages/index.js';
import { setsSumming } from '../../../core/domain/reconcile/stages/price.js';
import { setsAmong, sortedByTotal, sortedPool } from '../../../core/domain/reconcile/stages/set-search.js';
import { FUTURE_DAYS, PAID_NEAR, SET_MAX, SET_POOL, SET_STEPS } from '../../../core/domain/reconcile/tuning.js';

/** The set search as it was before the index kept lists sorted: filter, sort (ties by id) and search the whole pool per line. */
function reference(pool: readonly BookInvoice[], amount: number, limit: number): BookInvoice[][] {
  const below = pool.filter((i) => i.total > 0 && i.total < amount);
  const sorted = below.sort((a, b) => a.total - b.total || a.id - b.id).slice(0, SET_POOL);
  const found: BookInvoice[][] = [];
  const pick: BookInvoice[] = [];
  let steps = 0;
  const walk = (from: number, left: number): void => {
    if (found.length >= limit) return;
    if (left === 0 && pick.length >= 2) {
      found.push([...pick]);
      return;
    }
    if (pick.length === SET_MAX) return;
    for (let i = from; i < sorted.length; i += 1) {
      steps += 1;
      if (steps > SET_STEPS) return;
      const invoice = sorted[i] as BookInvoice;
      if (invoice.total > left) break;
      pick.push(invoice);
      walk(i + 1, left - invoice.total);
      pick.pop();
      if (found.length >= limit) return;
    }
  };
  walk(0, amount);
  if (steps > SET_STEPS || below.length > SET_POOL)
    while (found.length > 0 && found.length < limit) found.push(found[0] as BookInvoice[]);
  return found;
}

const ids = (sets: readonly (readonly BookInvoice[])[]): number[][] => sets.map((set) => set.map((i) => i.id));

// Totals of a few dozen values, so ties are common, and zero and negative ones; pools past SET_POOL.
const entry = fc.record({
  total: fc.integer({ min: -2, max: 60 }).map((n) => n * 97),
  open: fc.boolean(),
  issued: fc.integer({ min: 0, max: 20 }),
  paid: fc.integer({ min: 0, max: 30 }),
  taken: fc.boolean(),
  school: fc.integer({ min: 1, max: 3 }),
});
const params = { seed: 20261202, numRuns: 400 };

function bookOf(
  entries: readonly { total: number; open: boolean; issued: number; paid: number; school: number }[],
): Book {
  const day = (n: number): string => new Date(Date.UTC(2026, 9, 1 + n)).toISOString().slice(0, 10);
  const invoices: BookInvoice[] = entries.map((e, k) => ({
    id: k + 1,
    number: `INV-${String(k + 1).padStart(6, '0')}`,
    school_id: e.school,
    subscription_id: null,
    state: e.open ? 'open' : 'paid',
    currency: 'gbp',
    total: e.total,
    issued_at: day(e.issued),
    due_at: day(e.issued),
    paid_date: e.open ? null : day(e.paid),
    paid_method: e.open ? null : 'bacs',
    promised_reference: null,
  }));
  return {
    invoices,
    schools: [1, 2, 3].map((id) => ({ id, name: `School ${id}`, district_id: id === 3 ? null : 1 })),
    districts: [{ id: 1, name: 'Trust' }],
    subscriptions: [],
  };
}

describe('the set search over lists the index keeps sorted', () => {
  it('finds the same sets as searching the whole pool, on random pools with ties and more invoices than it searches', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 200 }),
        fc.integer({ min: 1, max: 150 }).map((n) => n * 97),
        fc.integer({ min: 1, max: 3 }),
        (entries, amount, limit) => {
          const pool = entries.map((e, k) => ({ id: k + 1, total: e.total }) as BookInvoice);
          const keep = new Set(pool.filter((_, k) => !(entries[k] as { taken: boolean }).taken));
          const sorted = sortedByTotal(pool.map((invoice) => ({ invoice })));
          const want = ids(
            reference(
              pool.filter((i) => keep.has(i)),
              amount,
              limit,
            ),
          );
          expect(ids(setsAmong(sorted, (e) => keep.has(e.invoice), amount, limit))).toEqual(want);
          expect(
            ids(
              setsSumming(
                pool.filter((i) => keep.has(i)),
                amount,
                limit,
              ),
            ),
          ).toEqual(want);
        },
      ),
      params,
    );
  });

  it('pads the one set found when the payer has more invoices below the amount than it searches, and only then', () => {
    // 40 invoices of 500.00 to 500.39: only the first two sum to 1000.01. Zero totals are never searched.
    const forty = Array.from({ length: 40 }, (_, k) => ({ id: k + 1, total: 50_000 + k }) as BookInvoice);
    const zero = { id: 99, total: 0 } as BookInvoice;
    const more = { id: 100, total: 60_000 } as BookInvoice;
    const search = (pool: readonly BookInvoice[]): number[][] =>
      ids(setsAmong(sortedByTotal(pool.map((invoice) => ({ invoice }))), () => true, 100_001, 3));
    expect(search([zero, ...forty])).toEqual([[1, 2]]);
    expect(search([zero, ...forty, more])).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(search([zero, ...forty, more])).toEqual(ids(reference([zero, ...forty, more], 100_001, 3)));
  });

  it("gives a school's and a district's sets as the per-line lists in book order did, for a line's day and the invoices taken", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 250 }),
        fc.integer({ min: 1, max: 150 }).map((n) => n * 97),
        fc.integer({ min: 0, max: 30 }),
        (entries, amount, lineOffset) => {
          const index = indexBook(bookOf(entries));
          const lineDay = dayNumber('2026-10-01') + lineOffset;
          const taken = new Set(entries.flatMap((e, k) => (e.taken ? [k + 1] : [])));
          const takes = (l: Live): boolean =>
            (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);
          const usable = (school: number): BookInvoice[] =>
            (index.liveBySchool.get(school)?.get('gbp') ?? []).filter(takes).map((l) => l.invoice);
          for (const school of [1, 2, 3]) {
            const pool = sortedPool(index.sortedBySchool.get(school)?.get('gbp') ?? [], takes);
            expect(ids(pool.sets(amount, 3))).toEqual(ids(reference(usable(school), amount, 3)));
            expect(pool.atLeast(2)).toBe(usable(school).length >= 2);
          }
          // A district's schools' lists joined in the district's order of schools: not sorted, so the index sorts the join.
          const joined = (index.schoolsOfDistrict.get(1) ?? []).flatMap(usable);
          expect(ids(sortedPool(index.sortedByDistrict.get(1)?.get('gbp') ?? [], takes).sets(amount, 3))).toEqual(
            ids(reference(joined, amount, 3)),
          );
        },
      ),
      params,
    );
  });

  it('finds every set holding a given invoice, or says it cannot, on random pools', () => {
    /** Every set of 2..SET_MAX of `pool` holding `invoice` and summing to `amount`, by brute force. */
    const every = (pool: readonly BookInvoice[], invoice: BookInvoice, amount: number): string[] => {
      const others = pool.filter((i) => i !== invoice && i.total > 0);
      const out: string[] = [];
      const walk = (from: number, pick: BookInvoice[], left: number): void => {
        if (left === 0 && pick.length >= 1)
          out.push(
            [invoice, ...pick]
              .map((i) => i.id)
              .sort((a, b) => a - b)
              .join(),
          );
        if (pick.length === SET_MAX - 1 || left <= 0) return;
        for (let k = from; k < others.length; k += 1)
          walk(k + 1, [...pick, others[k] as BookInvoice], left - (others[k] as BookInvoice).total);
      };
      if (invoice.total > 0 && invoice.total < amount) walk(0, [], amount - invoice.total);
      return out.sort();
    };
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 24 }),
        fc.nat(),
        fc.integer({ min: 1, max: 150 }).map((n) => n * 97),
        (entries, at, amount) => {
          const pool = entries.map((e, k) => ({ id: k + 1, total: e.total }) as BookInvoice);
          const keep = new Set(pool.filter((_, k) => !(entries[k] as { taken: boolean }).taken));
          const invoice = pool[at % pool.length] as BookInvoice;
          const got = sortedPool(sortedByTotal(pool.map((i) => ({ invoice: i }))), (e) => keep.has(e.invoice)).setsWith(
            invoice,
            amount,
            10_000,
          );
          // At most 23 others: the search always finishes, and finds exactly the sets there are.
          const want = keep.has(invoice) ? every([...keep], invoice, amount) : [];
          expect(
            got
              ?.map((set) =>
                set
                  .map((i) => i.id)
                  .sort((a, b) => a - b)
                  .join(),
              )
              .sort(),
          ).toEqual(want);
        },
      ),
      params,
    );
  });

  it('cannot tell the sets holding an invoice when the pool has more below what is left than the search takes', () => {
    const invoice = { id: 1, total: 10_000 } as BookInvoice;
    // 41 invoices of 10.00 to 10.40, all below what is left of 600.00 once the invoice is in a set.
    const rest = Array.from({ length: SET_POOL + 1 }, (_, k) => ({ id: k + 2, total: 1_000 + k }) as BookInvoice);
    const pool = (list: readonly BookInvoice[]) =>
      sortedPool(sortedByTotal(list.map((i) => ({ invoice: i }))), () => true);
    expect(pool([invoice, ...rest]).setsWith(invoice, 60_000, 2)).toBeUndefined();
    // 40 of them: searched whole; 120.03 is the invoice with 10.01 and 10.02 only.
    expect(pool([invoice, ...rest.slice(1)]).setsWith(invoice, 12_003, 2)).toEqual([[invoice, rest[1], rest[2]]]);
    // An invoice not of the pool (or not one the line may use) is in none of its sets.
    expect(pool(rest.slice(1)).setsWith(invoice, 12_003, 2)).toEqual([]);
  });
});
