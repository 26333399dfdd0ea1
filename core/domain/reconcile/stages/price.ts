/**
 * Stage 4, price: the amount against a payer's invoices. Which invoices, alone or in sets of 2 to
 * `SET_MAX`, sum to a payment (`setsSumming`), or fall short of it by a bank's fee (`feeShort`), and
 * which paid invoices the line may be what paid (`paidNear`).
 */
import type { BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import type { StatementLine } from '../line.js';
import { FEE_LIMIT, FEE_SHARE, PAID_NEAR, SET_POOL, SHOWN } from '../tuning.js';
import { idsKey, searchSets, type SetGroup } from './set-search.js';

/**
 * Whether a payment of `amount` is short of `total` by no more than a bank's fee.
 *
 * @example
 * feeShort(9850, 10000) // true: 1.50 short
 */
export const feeShort = (amount: number, total: number): boolean =>
  amount < total && total - amount <= Math.min(FEE_LIMIT, Math.ceil(total * FEE_SHARE));

/**
 * An amount in minor units as a person reads it.
 *
 * @example
 * money(123450, 'gbp') // 'GBP 1234.50'
 */
export const money = (minor: number, currency: string): string =>
  `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;

/**
 * Sets of 2..`SET_MAX` invoices of `pool` summing to `amount`: at most `limit` of them.
 *
 * @example
 * setsSumming(invoices, 30000, 2) // [[a, b]]
 */
export function setsSumming(pool: readonly BookInvoice[], amount: number, limit: number): BookInvoice[][] {
  // Only invoices below the amount can be in a set; a payer with more of them than the search takes
  // cannot show that one set alone fits (`searchSets`).
  const below = pool.filter((i) => i.total > 0 && i.total < amount);
  const sorted = below.sort((a, b) => a.total - b.total || a.id - b.id).slice(0, SET_POOL);
  return searchSets(sorted, amount, limit, below.length > SET_POOL);
}

/**
 * Invoices paid within `PAID_NEAR` days of the line: the line may be what paid them (a statement read
 * again after its plan was applied, or a payment recorded by hand), so they still count as options.
 *
 * @example
 * paidNear(line, invoice) // true: paid by BACS two days after the line's date
 */
export function paidNear(line: StatementLine, i: BookInvoice): boolean {
  return (
    (i.state === 'paid' || i.state === 'refunded') &&
    i.currency === line.currency &&
    typeof i.paid_date === 'string' &&
    Math.abs(dayNumber(i.paid_date) - dayNumber(line.date)) <= PAID_NEAR
  );
}

/**
 * More options for a line that needs a person, to show: the sets of each school's own invoices (in the
 * groups searched) that sum to the amount, which the search across a whole trust's schools, stopping at
 * its first few sets, may not reach. Never used to decide: only ranked with the others (`ambiguous`).
 *
 * @example
 * schoolSets(groups, 60000, fits) // [[a, b]]: two invoices of one school, not among `fits`
 */
export function schoolSets(
  groups: readonly SetGroup[],
  amount: number,
  known: readonly (readonly BookInvoice[])[],
): BookInvoice[][] {
  const seen = new Set(known.map(idsKey));
  // Each school once, where the groups first reach it; a school's pool is the same in every group.
  const searched = new Set<number>();
  const found: BookInvoice[][] = [];
  for (const group of groups) {
    for (const [school, pool] of group.schools()) {
      if (searched.has(school)) continue;
      searched.add(school);
      if (!pool.atLeast(2)) continue;
      for (const set of pool.sets(amount, SHOWN)) {
        const k = idsKey(set);
        if (seen.has(k)) continue;
        seen.add(k);
        found.push(set);
      }
    }
  }
  return found;
}

/**
 * Days between a payment and when its invoices fell due (or were issued, without a due date), the furthest
 * of a set: a payment is most likely of invoices due about when it was made.
 *
 * @example
 * dateGap(dayNumber('2026-10-10'), [invoiceDue('2026-10-01')]) // 9
 */
export function dateGap(lineDay: number, invoices: readonly BookInvoice[]): number {
  return Math.max(0, ...invoices.map((i) => Math.abs(lineDay - dayNumber(i.due_at ?? i.issued_at))));
}
