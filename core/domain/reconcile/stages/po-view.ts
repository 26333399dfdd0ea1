/**
 * The run's view of a PO a line names: its invoices as a set (the PO signal), and by currency as a pool and
 * sorted by total, made once per run and list, which `poPayerPool` (payer-pool.ts) answers from.
 */
import type { BookInvoice } from '../book.js';
import { liveOf, push, type Live } from './index.js';
import { sortedByTotal } from './set-search.js';

/**
 * One list of a pool's invoices in one currency, as the index keeps it: in the list's own order (book order,
 * or a PO's) with `at` its position there, and sorted by total (ties by id).
 */
export interface PoolPart {
  readonly live: readonly Live[];
  readonly sorted: readonly Live[];
}

/** A PO's invoices as a run keeps them: to tell them (the PO signal), and by currency as a pool and sorted by total, of all its schools and of each. */
export interface PoView {
  readonly set: ReadonlySet<BookInvoice>;
  /** The invoices a payment may be of (open, paid or refunded), in the PO's order, with their day numbers. */
  readonly byCurrency: ReadonlyMap<string, PoolPart>;
  /** Each school's, sorted by total, by currency, the schools in the order of their first invoice in the PO. */
  readonly bySchool: readonly (readonly [number, ReadonlyMap<string, readonly Live[]>])[];
}

/** No PO in the text. */
export const NO_PO: PoView = { set: new Set(), byCurrency: new Map(), bySchool: [] };

/**
 * The view of `pos` (a text's PO invoices, as `readLine` finds them: the index's own list for one PO), made
 * once per run and list: every line naming a PO of thousands of invoices would otherwise filter, date and
 * sort them.
 *
 * @example
 * poView(run.pos, read.pos).set.has(invoice) // true: the line names its PO
 */
export function poView(memo: WeakMap<readonly BookInvoice[], PoView>, pos: readonly BookInvoice[]): PoView {
  let view = memo.get(pos);
  if (view !== undefined) return view;
  const live = new Map<string, Live[]>();
  const bySchool = new Map<number, Map<string, Live[]>>();
  for (const [at, invoice] of pos.entries()) {
    let own = bySchool.get(invoice.school_id);
    if (own === undefined) bySchool.set(invoice.school_id, (own = new Map()));
    const l = liveOf(invoice, at);
    if (l === undefined) continue;
    push(live, invoice.currency, l);
    push(own, invoice.currency, l);
  }
  const sorted = <K>(lists: ReadonlyMap<K, readonly Live[]>): Map<K, Live[]> =>
    new Map([...lists].map(([key, list]) => [key, sortedByTotal(list)] as const));
  view = {
    set: new Set(pos),
    byCurrency: new Map(
      [...live].map(([currency, list]) => [currency, { live: list, sorted: sortedByTotal(list) }] as const),
    ),
    bySchool: [...bySchool].map(([school, lists]) => [school, sorted(lists)] as const),
  };
  memo.set(pos, view);
  return view;
}
