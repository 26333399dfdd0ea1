/**
 * The invoices of a line's payers as stage 5 (decide) weighs them against its amount (`byPool`): those of
 * the amount, those a fee short of it, and the open ones. A named payer's, or a PO's, may run to thousands,
 * so they are looked up in lists sorted by total (and a payer's by due day), the index's (`indexedPayerPool`)
 * or the run's view of the PO (`poPayerPool`): a line then costs about the same whatever its payer's pool.
 * `listPayerPool` answers the same questions by filtering a list whole.
 */
import { OPEN_STATES, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import { DATE_SIGNAL_DAYS, FEE_LIMIT, FUTURE_DAYS, PAID_NEAR } from '../tuning.js';
import type { BookIndex, Live } from './index.js';
import { dateGap, feeShort } from './price.js';
import type { PoolPart, PoView } from './po-view.js';
import { firstFrom } from './set-search.js';

/** The invoices a line may be of, of its payers: each question answered in pool order where order matters. */
export interface PayerPool {
  /** Those of total `amount`, in pool order; only the first `limit` found when given (enough to tell one from several). */
  readonly singles: (amount: number, limit?: number) => BookInvoice[];
  /** Those `amount` is short of by no more than a bank's fee (`feeShort`), in pool order. */
  readonly fee: (amount: number) => BookInvoice[];
  /** The open ones (not those paid near the line), in pool order. */
  readonly open: () => readonly BookInvoice[];
  readonly anyOpen: () => boolean;
  /** Whether an open one's total is `amount` or less. */
  readonly openUpTo: (amount: number) => boolean;
  /** Whether the open ones' totals sum to less than `amount`. */
  readonly openSumBelow: (amount: number) => boolean;
  /**
   * Open ones among which are, for each school, the first `m` as `ambiguous` ranks one school's single
   * invoices when no other signal tells them apart (the date signal, then nearest in date, then by id):
   * the only ones of a school that can be among the options shown, `m` being at least as many as shown
   * and as the line's twins. In no order (`ambiguous` ranks them).
   */
  readonly nearest: (m: number, lineDay: number) => readonly BookInvoice[];
  /**
   * `firstSingles` of the singles of `amount`, in no order, found without listing them all: walked outwards
   * from the line's day among each school's invoices of that total; undefined where the pool cannot.
   */
  readonly firstSingles: (amount: number, m: number, lineDay: number) => readonly BookInvoice[] | undefined;
}

/** Each school's invoices of one total in one currency sorted by due day (by `school currency total`); null when a due day is not a number. */
export type DueMemo = Map<string, readonly Live[] | null>;

/**
 * Whether a line of day `lineDay` may be of an invoice of the index's lists (in its currency): open and
 * issued by then, or paid near it; and not settled by another line.
 *
 * @example
 * usableLive(dayNumber('2026-10-12'), new Set([123]))(live) // false for invoice 123's entry
 */
export const usableLive =
  (lineDay: number, taken: ReadonlySet<number>) =>
  (l: Live): boolean =>
    (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);

/**
 * A pool as a plain list (a PO's invoices a line may be of), filtered per question.
 *
 * @example
 * listPayerPool(pos.filter(usable), settleable).singles(30000) // [invoice]
 */
export function listPayerPool(pool: readonly BookInvoice[], settleable: (i: BookInvoice) => boolean): PayerPool {
  let open: BookInvoice[] | undefined;
  const opened = (): BookInvoice[] => (open ??= pool.filter(settleable));
  return {
    singles: (amount, limit = Infinity) => pool.filter((i) => i.total === amount).slice(0, limit),
    fee: (amount) => pool.filter((i) => feeShort(amount, i.total)),
    open: opened,
    anyOpen: () => opened().length > 0,
    openUpTo: (amount) => opened().some((i) => i.total <= amount),
    openSumBelow: (amount) => opened().reduce((sum, i) => sum + i.total, 0) < amount,
    nearest: opened,
    firstSingles: () => undefined,
  };
}

/**
 * The questions of a pool of `parts` (joined in that order) of which a line takes what `takes` does, but
 * `nearest`: each walks only the part of a sorted list near the amount, not the whole of it.
 */
function partsPool(
  parts: readonly PoolPart[],
  takes: (l: Live) => boolean,
): Omit<PayerPool, 'nearest' | 'firstSingles'> {
  const isOpen = (l: Live): boolean => l.open && takes(l);
  const open = (): BookInvoice[] => {
    const list: BookInvoice[] = [];
    for (const part of parts) for (const l of part.live) if (isOpen(l)) list.push(l.invoice);
    return list;
  };
  return {
    singles: (amount, limit = Infinity) => {
      const found: BookInvoice[] = [];
      for (const { sorted: list } of parts) {
        // Ties of a list sorted by total are in the list's order.
        for (
          let k = firstFrom(list, (l) => l.invoice.total >= amount);
          k < list.length && (list[k] as Live).invoice.total === amount && found.length < limit;
          k += 1
        )
          if (takes(list[k] as Live)) found.push((list[k] as Live).invoice);
      }
      return found;
    },
    fee: (amount) => {
      const found: BookInvoice[] = [];
      for (const { sorted: list } of parts) {
        const own: Live[] = [];
        for (
          let k = firstFrom(list, (l) => l.invoice.total > amount);
          k < list.length && (list[k] as Live).invoice.total <= amount + FEE_LIMIT;
          k += 1
        ) {
          const l = list[k] as Live;
          if (feeShort(amount, l.invoice.total) && takes(l)) own.push(l);
        }
        for (const l of own.sort((a, b) => a.at - b.at)) found.push(l.invoice);
      }
      return found;
    },
    open,
    anyOpen: () => parts.some((part) => part.live.some(isOpen)),
    openUpTo: (amount) =>
      parts.some(({ sorted: list }) => {
        for (let k = 0; k < list.length && (list[k] as Live).invoice.total <= amount; k += 1)
          if (isOpen(list[k] as Live)) return true;
        return false;
      }),
    openSumBelow: (amount) => {
      // The totals below zero first (few: credits), then the others from the largest, stopping once the sum
      // reaches the amount: what is left can only add to it.
      let sum = 0;
      for (const part of parts)
        for (const l of part.sorted) {
          if (l.invoice.total >= 0) break;
          if (isOpen(l)) sum += l.invoice.total;
        }
      for (const { sorted: list } of parts) {
        for (let k = list.length - 1; k >= 0 && (list[k] as Live).invoice.total > 0 && sum < amount; k -= 1)
          if (isOpen(list[k] as Live)) sum += (list[k] as Live).invoice.total;
      }
      return sum < amount;
    },
  };
}

/**
 * The pool of `schools` (their lists joined in that order, each in book order) in `currency`, of which a
 * line takes what `takes` does, answered from the index's sorted lists: each question walks only the part
 * of a list near the amount (or the line's day), not the whole of it.
 *
 * @example
 * indexedPayerPool(index, [12], 'gbp', usableLive(lineDay, taken)).singles(30000) // [invoice]
 */
export function indexedPayerPool(
  index: BookIndex,
  schools: readonly number[],
  currency: string,
  takes: (l: Live) => boolean,
  memo: DueMemo = new Map(),
): PayerPool {
  const parts = schools.map((s) => ({
    live: index.liveBySchool.get(s)?.get(currency) ?? [],
    sorted: index.sortedBySchool.get(s)?.get(currency) ?? [],
  }));
  const pool = partsPool(parts, takes);
  const isOpen = (l: Live): boolean => l.open && takes(l);
  return {
    ...pool,
    nearest: (m, lineDay) => {
      const lists = schools.map((s) => index.openByDue.get(s)?.get(currency));
      // A due date that is not a date ranks with any other: the whole pool is ranked, as it was given.
      if (
        lists.some(
          (list, k) => list === undefined && index.liveBySchool.get(schools[k] as number)?.has(currency) === true,
        )
      )
        return pool.open();
      const found: BookInvoice[] = [];
      for (const list of lists) if (list !== undefined) nearestOf(list, lineDay, m, isOpen, found);
      return found;
    },
    firstSingles: (amount, m, lineDay) => {
      const found: BookInvoice[] = [];
      for (const school of schools) {
        const byDue = dueOf(index, memo, school, currency, amount);
        if (byDue === null) return undefined;
        firstOf(byDue, lineDay, m, takes, found);
      }
      return found;
    },
  };
}

/** A school's invoices of total `amount` in `currency` (the index's list sorted by total) sorted by due day, once a run; null when a due day is not a number. */
function dueOf(
  index: BookIndex,
  memo: DueMemo,
  school: number,
  currency: string,
  amount: number,
): readonly Live[] | null {
  const key = `${school} ${currency} ${amount}`;
  let list = memo.get(key);
  if (list !== undefined) return list;
  const sorted = index.sortedBySchool.get(school)?.get(currency) ?? [];
  const own: Live[] = [];
  for (
    let k = firstFrom(sorted, (l) => l.invoice.total >= amount);
    k < sorted.length && (sorted[k] as Live).invoice.total === amount;
    k += 1
  )
    own.push(sorted[k] as Live);
  list = own.some((l) => Number.isNaN(l.due)) ? null : own.sort((a, b) => a.due - b.due);
  memo.set(key, list);
  return list;
}

/**
 * Appends to `found` `firstSingles`' first `m` of one school's invoices of one total sorted by due day
 * (`byDue`), of those `takes` does: walked outwards from the line's day, nearest first, until `m` with the
 * date signal and open are met and the next is further than the last of them, as none further can rank before them.
 */
function firstOf(
  byDue: readonly Live[],
  lineDay: number,
  m: number,
  takes: (l: Live) => boolean,
  found: BookInvoice[],
): void {
  const seen: BookInvoice[] = [];
  let best = 0;
  let bestGap = -1;
  outwards(byDue, lineDay, (l, gap) => {
    if (best >= m && gap > bestGap) return false;
    if (!takes(l)) return true;
    seen.push(l.invoice);
    if (l.open && l.issued <= lineDay + FUTURE_DAYS && lineDay - l.issued <= DATE_SIGNAL_DAYS && best < m) {
      best += 1;
      bestGap = gap;
    }
    return true;
  });
  found.push(...firstSingles(seen, m, lineDay));
}

/**
 * The pool of a PO's invoices (`poView`) in `currency`, of which a line takes what `takes` does: the same
 * answers as `listPayerPool` over the PO's list filtered by `takes`, in the PO's order, looked up in its
 * lists sorted by total as a payer's are. The open ones nearest in date are all of them (`listPayerPool`'s).
 *
 * @example
 * poPayerPool(poView(run.pos, read.pos), 'gbp', usableLive(lineDay, taken)).singles(30000) // [invoice]
 */
export function poPayerPool(view: PoView, currency: string, takes: (l: Live) => boolean): PayerPool {
  const part = view.byCurrency.get(currency);
  const pool = partsPool(part === undefined ? [] : [part], takes);
  let open: readonly BookInvoice[] | undefined;
  const opened = (): readonly BookInvoice[] => (open ??= pool.open());
  return { ...pool, open: opened, nearest: opened, firstSingles: () => undefined };
}

/**
 * Appends to `found` the open invoices of one school's list sorted by due day (`byDue`) that `ambiguous`
 * ranks first `m`, and any tied with the last of them: walked outwards from the line's day, nearest first,
 * those with the date signal (issued within `DATE_SIGNAL_DAYS`) before those without, which are needed only
 * when the school has fewer than `m` with it.
 */
function nearestOf(
  byDue: readonly Live[],
  lineDay: number,
  m: number,
  isOpen: (l: Live) => boolean,
  found: BookInvoice[],
): void {
  const dated: BookInvoice[] = [];
  const old: BookInvoice[] = [];
  let lastDated = -1;
  let lastOld = -1;
  outwards(byDue, lineDay, (l, gap) => {
    if (dated.length >= m && gap > lastDated) return false;
    if (!isOpen(l)) return true;
    if (lineDay - l.issued <= DATE_SIGNAL_DAYS) {
      dated.push(l.invoice);
      lastDated = gap;
    } else if (old.length < m || gap === lastOld) {
      old.push(l.invoice);
      lastOld = gap;
    }
    return true;
  });
  found.push(...dated);
  if (dated.length < m) found.push(...old);
}

/**
 * Walks a list sorted by due day outwards from the line's day, nearest first (before the day on a tie),
 * giving `visit` each entry and its distance in days until it says stop.
 */
function outwards(byDue: readonly Live[], lineDay: number, visit: (l: Live, gap: number) => boolean): void {
  let right = firstFrom(byDue, (l) => l.due >= lineDay);
  let left = right - 1;
  while (left >= 0 || right < byDue.length) {
    const before = left >= 0 ? lineDay - (byDue[left] as Live).due : Infinity;
    const after = right < byDue.length ? (byDue[right] as Live).due - lineDay : Infinity;
    if (!visit(before <= after ? (byDue[left] as Live) : (byDue[right] as Live), Math.min(before, after))) return;
    if (before <= after) left -= 1;
    else right += 1;
  }
}

/**
 * Of a line's single invoices of its amount (in their order), those that can be among the options shown
 * when no other signal tells them apart: each school's first `m` as `ambiguous` ranks them (the date
 * signal, open before recorded paid, nearest in date, then by id), `m` being at least as many as shown and
 * as the line's twins. All of them when a date is not one (a gap that is not a number ranks with any other).
 *
 * @example
 * firstSingles(singles, 3, lineDay) // at most 3 of each school's
 */
export function firstSingles(singles: readonly BookInvoice[], m: number, lineDay: number): BookInvoice[] {
  type Ranked = { invoice: BookInvoice; dated: number; recorded: number; gap: number };
  // Negative when `a` ranks before `b`; never zero for two invoices (ids differ).
  const before = (a: Ranked, b: Ranked): number =>
    b.dated - a.dated || a.recorded - b.recorded || a.gap - b.gap || a.invoice.id - b.invoice.id;
  // Each school's first `m` so far, in rank order: a payer of thousands has hundreds of one amount, and
  // keeping the few first costs less than sorting them all.
  const bySchool = new Map<number, Ranked[]>();
  for (const invoice of singles) {
    const issued = dayNumber(invoice.issued_at);
    const entry = {
      invoice,
      dated: issued <= lineDay + FUTURE_DAYS && lineDay - issued <= DATE_SIGNAL_DAYS ? 1 : 0,
      recorded: OPEN_STATES.has(invoice.state) ? 0 : 1,
      gap: dateGap(lineDay, [invoice]),
    };
    if (Number.isNaN(entry.gap)) return [...singles];
    let own = bySchool.get(invoice.school_id);
    if (own === undefined) bySchool.set(invoice.school_id, (own = []));
    if (own.length >= m && (m <= 0 || before(entry, own[m - 1] as Ranked) > 0)) continue;
    let k = own.length;
    own.push(entry);
    for (; k > 0 && before(entry, own[k - 1] as Ranked) < 0; k -= 1) own[k] = own[k - 1] as Ranked;
    own[k] = entry;
    if (own.length > m) own.length = m;
  }
  const kept = new Set<BookInvoice>();
  for (const own of bySchool.values()) for (const e of own) kept.add(e.invoice);
  return singles.filter((i) => kept.has(i));
}
