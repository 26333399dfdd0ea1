import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPEN_STATES, type Book, type BookInvoice } from '../../../core/domain/reconcile/book.js';
import { dayNumber } from '../../../core/domain/reconcile/day-number.js';
import { indexBook, type Live } from '../../../core/domain/reconcile/stages/index.js';
import {
  firstSingles,
  indexedPayerPool,
  listPayerPool,
  poPayerPool,
  type PayerPool,
} from '../../../core/domain/reconcile/stages/payer-pool.js';
import { poView } from '../../../core/domain/reconcile/stages/po-view.js';
import { dateGap, paidNear } from '../../../core/domain/reconcile/stages/price.js';
import { matchRun } from '../../../core/domain/reconcile/stages/run.js';
import { DATE_SIGNAL_DAYS, FEE_LIMIT, FUTURE_DAYS, PAID_NEAR } from '../../../core/domain/reconcile/tuning.js';

// Totals around the amounts asked (ties, fees of up to FEE_LIMIT, zero and credits), dates over two years.
const entry = fc.record({
  total: fc.integer({ min: -3, max: 40 }).map((n) => n * 1000 + (n % 3) * 700),
  open: fc.boolean(),
  issued: fc.integer({ min: 0, max: 700 }),
  due: fc.option(fc.integer({ min: 0, max: 90 })),
  paid: fc.integer({ min: 0, max: 700 }),
  taken: fc.boolean(),
  school: fc.integer({ min: 1, max: 3 }),
});
const params = { seed: 20261202, numRuns: 300 };
const day = (n: number): string => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);

function bookOf(
  entries: readonly {
    total: number;
    open: boolean;
    issued: number;
    due: number | null;
    paid: number;
    school: number;
  }[],
): Book {
  const invoices: BookInvoice[] = entries.map((e, k) => ({
    id: k + 1,
    number: `INV-${String(k + 1).padStart(6, '0')}`,
    school_id: e.school,
    subscription_id: null,
    state: e.open ? 'open' : 'paid',
    currency: 'gbp',
    total: e.total,
    issued_at: day(e.issued),
    due_at: day(e.issued + (e.due ?? 0)),
    paid_date: e.open ? null : day(e.paid),
    paid_method: e.open ? null : 'bacs',
    promised_reference: null,
  }));
  return {
    invoices,
    schools: [1, 2, 3].map((id) => ({ id, name: `School ${id}`, district_id: null })),
    districts: [],
    subscriptions: [],
  };
}

const ids = (list: readonly BookInvoice[]): number[] => list.map((i) => i.id);

/** `pool` answers every question but `nearest` as `list` (the pool filtered whole) does, around `amount`. */
function expectSameAnswers(pool: PayerPool, list: PayerPool, amount: number): void {
  // The open invoices' sum itself and just above it: where a sum that stops early, or leaves out credits, answers wrong.
  const whole = list.open().reduce((sum, i) => sum + i.total, 0);
  for (const asked of [amount, amount + 300, amount - FEE_LIMIT / 5, whole, whole + 1]) {
    expect(ids(pool.singles(asked))).toEqual(ids(list.singles(asked)));
    // Stopping early (a line read again only needs to know there are two) gives the first of the same list.
    expect(ids(pool.singles(asked, 2))).toEqual(ids(list.singles(asked)).slice(0, 2));
    expect(ids(pool.fee(asked))).toEqual(ids(list.fee(asked)));
    expect(pool.openUpTo(asked)).toBe(list.openUpTo(asked));
    expect(pool.openSumBelow(asked)).toBe(list.openSumBelow(asked));
  }
  expect(ids(pool.open())).toEqual(ids(list.open()));
  expect(pool.anyOpen()).toBe(list.anyOpen());
}

describe("a payer's pool looked up in the index", () => {
  it('answers as the pool filtered whole in book order does, for any line day, amount, invoices taken and schools', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }).map((n) => n * 1000),
        fc.integer({ min: 0, max: 800 }),
        fc.subarray([1, 2, 3], { minLength: 1 }),
        (entries, amount, lineOffset, schools) => {
          const index = indexBook(bookOf(entries));
          const lineDay = dayNumber(day(lineOffset));
          const taken = new Set(entries.flatMap((e, k) => (e.taken ? [k + 1] : [])));
          const takes = (l: Live): boolean =>
            (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);
          const usable = schools.flatMap((s) =>
            (index.liveBySchool.get(s)?.get('gbp') ?? []).filter(takes).map((l) => l.invoice),
          );
          const open = new Set(usable.filter((i) => i.state === 'open'));
          const list = listPayerPool(usable, (i) => open.has(i));
          const indexed = indexedPayerPool(index, schools, 'gbp', takes);
          expectSameAnswers(indexed, list, amount);
        },
      ),
      params,
    );
  });

  it('finds the singles shown, walking out from the line day, as firstSingles of all of them does, many of one total per school', () => {
    // Paid about when the line is (so recorded paid invoices are options, nearer than open ones), and some issued too long before it for the date signal.
    const many = fc
      .tuple(
        entry,
        fc.constantFrom(5000, 5000, 5000, 8000),
        fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 450, max: 465 })),
        fc.integer({ min: 440, max: 480 }),
      )
      .map(([e, total, issued, paid]) => ({ ...e, total, issued, paid }));
    fc.assert(
      fc.property(
        fc.array(many, { maxLength: 300 }),
        fc.constantFrom(5000, 8000),
        fc.integer({ min: 450, max: 470 }),
        fc.integer({ min: 1, max: 4 }),
        fc.subarray([1, 2, 3], { minLength: 1 }),
        (entries, amount, lineOffset, m, schools) => {
          const index = indexBook(bookOf(entries));
          const lineDay = dayNumber(day(lineOffset));
          const taken = new Set(entries.flatMap((e, k) => (e.taken ? [k + 1] : [])));
          const takes = (l: Live): boolean =>
            (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);
          const pool = indexedPayerPool(index, schools, 'gbp', takes);
          const quick = pool.firstSingles(amount, m, lineDay);
          expect(quick).toBeDefined();
          expect(ids(quick ?? []).sort((a, b) => a - b)).toEqual(
            ids(firstSingles(pool.singles(amount), m, lineDay)).sort((a, b) => a - b),
          );
        },
      ),
      params,
    );
  });

  it("answers for a PO's invoices as its list filtered whole in the PO's order does, whatever their states and currencies", () => {
    const state = fc.constantFrom('open', 'promised', 'paid', 'refunded', 'void');
    const currency = fc.constantFrom('gbp', 'gbp', 'eur');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(entry, state, currency), { maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }).map((n) => n * 1000),
        fc.integer({ min: 0, max: 800 }),
        fc.integer(),
        (entries, amount, lineOffset, shuffle) => {
          const book = bookOf(entries.map(([e]) => e));
          const invoices = book.invoices.map((i, k) => {
            const [, s, c] = entries[k] as (typeof entries)[number];
            return {
              ...i,
              state: s,
              currency: c,
              paid_date: s === 'paid' || s === 'refunded' ? (i.paid_date ?? day(lineOffset)) : null,
            };
          });
          const index = indexBook({ ...book, invoices });
          // A PO's list is in no book order: its promised references first, then its subscriptions' invoices.
          const pos = [...invoices].sort(
            (a, b) => ((a.id * 7919 + shuffle) % 101) - ((b.id * 7919 + shuffle) % 101) || a.id - b.id,
          );
          const date = day(lineOffset);
          const lineDay = dayNumber(date);
          const line = { date, currency: 'gbp' } as Parameters<typeof paidNear>[0];
          const taken = new Set(entries.flatMap(([e], k) => (e.taken ? [k + 1] : [])));
          const settleable = (i: BookInvoice): boolean =>
            OPEN_STATES.has(i.state) && i.currency === 'gbp' && dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS;
          const list = listPayerPool(
            pos.filter((i) => !taken.has(i.id) && (settleable(i) || paidNear(line, i))),
            settleable,
          );
          const takes = (l: Live): boolean =>
            (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);
          const po = poPayerPool(poView(matchRun(index).pos, pos), 'gbp', takes);
          expectSameAnswers(po, list, amount);
          expect(ids(po.nearest(3, lineDay))).toEqual(ids(list.nearest(3, lineDay)));
        },
      ),
      params,
    );
  });

  it("keeps of a line's single invoices each school's first as they are ranked, in their order", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 120 }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 3, max: 6 }),
        (entries, lineOffset, m) => {
          const singles = bookOf(entries).invoices;
          const lineDay = dayNumber(day(lineOffset));
          const kept = firstSingles(singles, m, lineDay);
          // In their order, and only theirs.
          expect(ids(kept)).toEqual(ids(singles.filter((i) => kept.includes(i))));
          const dated = (i: BookInvoice): number =>
            dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS && lineDay - dayNumber(i.issued_at) <= DATE_SIGNAL_DAYS
              ? 1
              : 0;
          const recorded = (i: BookInvoice): number => (OPEN_STATES.has(i.state) ? 0 : 1);
          for (const school of [1, 2, 3]) {
            const own = singles.filter((i) => i.school_id === school);
            const ranked = [...own].sort(
              (a, b) =>
                dated(b) - dated(a) ||
                recorded(a) - recorded(b) ||
                dateGap(lineDay, [a]) - dateGap(lineDay, [b]) ||
                a.id - b.id,
            );
            expect(ids(kept.filter((i) => i.school_id === school)).sort((a, b) => a - b)).toEqual(
              ids(ranked.slice(0, m)).sort((a, b) => a - b),
            );
          }
        },
      ),
      params,
    );
  });

  it("holds each school's first open invoices as a line with no other signal ranks them: the date signal, then nearest in date, then by id", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 200 }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 3, max: 6 }),
        (entries, lineOffset, m) => {
          const index = indexBook(bookOf(entries));
          const lineDay = dayNumber(day(lineOffset));
          const taken = new Set(entries.flatMap((e, k) => (e.taken ? [k + 1] : [])));
          const takes = (l: Live): boolean =>
            (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);
          const nearest = new Set(ids(indexedPayerPool(index, [1, 2, 3], 'gbp', takes).nearest(m, lineDay)));
          for (const school of [1, 2, 3]) {
            const open = (index.liveBySchool.get(school)?.get('gbp') ?? []).filter((l) => l.open && takes(l));
            const dated = (l: Live): number => (lineDay - l.issued <= DATE_SIGNAL_DAYS ? 1 : 0);
            const ranked = [...open].sort(
              (a, b) =>
                dated(b) - dated(a) || dateGap(lineDay, [a.invoice]) - dateGap(lineDay, [b.invoice]) || a.id - b.id,
            );
            for (const l of ranked.slice(0, m)) expect(nearest.has(l.id)).toBe(true);
          }
          // Only open invoices the line may be of.
          for (const id of nearest) expect(mayBeOf(id)).toBe(true);
          function mayBeOf(id: number): boolean {
            const l = (index.liveBySchool.get(index.byId.get(id)?.school_id ?? 0)?.get('gbp') ?? []).find(
              (x) => x.id === id,
            );
            return l !== undefined && l.open && takes(l);
          }
        },
      ),
      params,
    );
  });
});
