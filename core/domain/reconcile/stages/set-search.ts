/**
 * The search for sets of 2..`SET_MAX` invoices summing to a payment, over a list already sorted by total
 * (ties by id): the index keeps each school's and each district's invoices sorted so, once
 * per book, and a line walks only the part below its amount, skipping what it cannot use (`setsAmong`).
 * `setsSumming` (./price.ts) sorts a pool of its own first and searches the same way.
 */
import type { BookInvoice } from '../book.js';
import { SET_MAX, SET_POOL, SET_STEPS, SETS_KEPT } from '../tuning.js';

/** An entry of a sorted list: an invoice (the index's `Live` is one). */
export interface Sorted {
  readonly invoice: BookInvoice;
}

/**
 * A set's invoices as one key, whatever their order.
 *
 * @example
 * idsKey([b, a]) // '12,40'
 */
export const idsKey = (set: readonly BookInvoice[]): string =>
  set
    .map((i) => i.id)
    .sort((a, b) => a - b)
    .join();

/**
 * `list` sorted by total, ties by id: the sets a search meets first, and the invoices it takes of a payer
 * of more than it searches, do not depend on the order the book lists its invoices in.
 *
 * @example
 * sortedByTotal([{ invoice: b }, { invoice: a }]) // a first when a.total < b.total
 */
export function sortedByTotal<T extends Sorted>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.invoice.total - b.invoice.total || a.invoice.id - b.invoice.id);
}

/**
 * The first position of `list` from which `from` holds, by halving: `from` must hold from some position on
 * (the list is sorted by what it tests). `list.length` when it never does.
 *
 * @example
 * firstFrom(sorted, (entry) => entry.invoice.total > 0) // the first invoice above zero
 */
export function firstFrom<T>(list: readonly T[], from: (entry: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (from(list[mid] as T)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Sets of 2..`SET_MAX` invoices summing to `amount`, at most `limit`, among the entries of `sorted` (by
 * total, ties by id) that `accept` takes: the same sets as `setsSumming` of those entries' invoices in
 * any order, found by walking only the start of the list below the amount.
 *
 * @example
 * setsAmong(index.sortedBySchool.get(12)?.get('gbp') ?? [], (l) => !taken.has(l.id), 30000, 3) // [[a, b]]
 */
export function setsAmong<T extends Sorted>(
  sorted: readonly T[],
  accept: (entry: T) => boolean,
  amount: number,
  limit: number,
  memo?: SetMemo,
): BookInvoice[][] {
  // The first entry above zero: only invoices between zero and the amount can be in a set.
  const lo = firstFrom(sorted, (entry) => entry.invoice.total > 0);
  // One more than the search takes tells whether the payer has more below the amount than it searches.
  const picked: BookInvoice[] = [];
  for (let k = lo; k < sorted.length && picked.length <= SET_POOL; k += 1) {
    const entry = sorted[k] as T;
    if (entry.invoice.total >= amount) break;
    if (accept(entry)) picked.push(entry.invoice);
  }
  const over = picked.length > SET_POOL;
  if (over) picked.length = SET_POOL;
  if (memo === undefined) return searchSets(picked, amount, limit, over);
  // The search depends only on the invoices picked, the amount and the limit: a payer's lines of one
  // amount, a line's school searched for its group and again alone, and lines read again, pick the same.
  const key = `${amount} ${limit} ${over ? 1 : 0} ${picked.map((i) => i.id).join()}`;
  let found = memo.get(key);
  if (found === undefined) {
    found = searchSets(picked, amount, limit, over);
    if (memo.size < SETS_KEPT) memo.set(key, found);
  }
  // A list of its own for each caller; the sets in it are the same (a set found twice is the same one twice).
  return [...found];
}

/** Searches already made in a run, by the invoices picked, the amount and the limit (`setsAmong`). */
export type SetMemo = Map<string, readonly BookInvoice[][]>;

/**
 * The search itself, over at most `SET_POOL` invoices sorted by total, each above zero and below `amount`.
 * `over`: the payer has more of them than were searched.
 *
 * @example
 * searchSets([a, b, c], 30000, 2, false) // [[a, c]]
 */
export function searchSets(
  sorted: readonly BookInvoice[],
  amount: number,
  limit: number,
  over: boolean,
): BookInvoice[][] {
  // A pool with too many combinations to search in time cannot show that one set alone fits: its search
  // stops, and the sets found are padded to the limit, so the line is never confident by a set.
  const { found, complete } = walkSets(sorted, amount, limit, 2, SET_MAX);
  // A payer with more invoices below the amount than the search takes cannot show that one set alone fits either.
  if (!complete || over) while (found.length > 0 && found.length < limit) found.push(found[0] as BookInvoice[]);
  return found;
}

/**
 * Sets of `min`..`max` of `sorted` (by total, each below or at `amount`) summing to `amount`, at most
 * `limit`, in the order the walk meets them; `complete` unless the walk stopped at `SET_STEPS` (so sets
 * it did not reach may fit too).
 */
function walkSets(
  sorted: readonly BookInvoice[],
  amount: number,
  limit: number,
  min: number,
  max: number,
): { found: BookInvoice[][]; complete: boolean } {
  const found: BookInvoice[][] = [];
  const pick: BookInvoice[] = [];
  let steps = 0;
  const walk = (from: number, left: number): void => {
    if (found.length >= limit) return;
    if (left === 0 && pick.length >= min) {
      found.push([...pick]);
      return;
    }
    if (pick.length === max) return;
    for (let i = from; i < sorted.length; i += 1) {
      steps += 1;
      if (steps > SET_STEPS) return;
      const invoice = sorted[i] as BookInvoice;
      if (invoice.total > left) break;
      if (invoice.total <= 0) continue;
      pick.push(invoice);
      walk(i + 1, left - invoice.total);
      pick.pop();
      if (found.length >= limit) return;
    }
  };
  walk(0, amount);
  return { found, complete: steps <= SET_STEPS };
}

/**
 * Sets of 2..`SET_MAX` entries of `sorted` that `accept` takes, holding `invoice` and summing to `amount`,
 * at most `limit`: every such set, or undefined when the search cannot find them all (more invoices below
 * what is left of the amount than `SET_POOL`, whichever the invoice, or the step limit). Empty when
 * `invoice` is not one of them (or not one the line may use).
 */
function setsWith<T extends Sorted>(
  sorted: readonly T[],
  accept: (entry: T) => boolean,
  invoice: BookInvoice,
  amount: number,
  limit: number,
): BookInvoice[][] | undefined {
  const left = amount - invoice.total;
  if (invoice.total <= 0 || left <= 0) return [];
  // What could be in a set with it first: a payer of more below what is left cannot tell, whoever it is.
  const others: BookInvoice[] = [];
  for (let k = firstFrom(sorted, (e) => e.invoice.total > 0); k < sorted.length && others.length <= SET_POOL; k += 1) {
    const entry = sorted[k] as T;
    if (entry.invoice.total > left) break;
    if (entry.invoice !== invoice && accept(entry)) others.push(entry.invoice);
  }
  if (others.length > SET_POOL) return undefined;
  let member = false;
  for (let k = firstFrom(sorted, (e) => e.invoice.total >= invoice.total); k < sorted.length; k += 1) {
    const entry = sorted[k] as T;
    if (entry.invoice.total !== invoice.total) break;
    if (entry.invoice === invoice) {
      member = accept(entry);
      break;
    }
  }
  if (!member) return [];
  const { found, complete } = walkSets(others, left, limit, 1, SET_MAX - 1);
  return complete ? found.map((set) => [invoice, ...set]) : undefined;
}

/** Invoices of a payer a line may search for sets, however they are kept. */
export interface SetPool {
  /** Sets of 2..`SET_MAX` of them summing to `amount`, at most `limit` (`setsSumming`'s). */
  readonly sets: (amount: number, limit: number) => BookInvoice[][];
  /** Whether the pool holds at least `n` invoices (of any total). */
  readonly atLeast: (n: number) => boolean;
  /**
   * Sets of 2..`SET_MAX` of them holding `invoice` and summing to `amount`, at most `limit`: all there
   * are, or undefined when the search cannot tell (too many invoices below the amount, or too many steps).
   */
  readonly setsWith: (invoice: BookInvoice, amount: number, limit: number) => BookInvoice[][] | undefined;
}

/** A group searched for sets (one school's, a district's schools', a PO's), and each of its schools' own pools, in its order. */
export interface SetGroup {
  readonly pool: SetPool;
  readonly schools: () => readonly (readonly [number, SetPool])[];
}

/**
 * A pool kept sorted by total (ties by id), of which a line takes what `accept` does.
 *
 * @example
 * sortedPool(index.sortedBySchool.get(12)?.get('gbp') ?? [], (l) => !taken.has(l.id)).sets(30000, 3)
 */
export function sortedPool<T extends Sorted>(
  sorted: readonly T[],
  accept: (entry: T) => boolean,
  memo?: SetMemo,
): SetPool {
  return {
    sets: (amount, limit) => setsAmong(sorted, accept, amount, limit, memo),
    setsWith: (invoice, amount, limit) => setsWith(sorted, accept, invoice, amount, limit),
    atLeast: (n) => {
      let count = 0;
      for (const entry of sorted) if (accept(entry) && (count += 1) >= n) return true;
      return count >= n;
    },
  };
}
