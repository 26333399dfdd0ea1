/**
 * Stage 5, decide, for a line that names its invoices (their numbers, or one cut short): whether those
 * invoices, alone or with others of their payer, are what the amount paid, already paid, partly paid or
 * overpaid (`byIdentity`).
 */
import { OPEN_STATES, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import { NAMED_SETS, PAYER_SETS, SHOWN } from '../tuning.js';
import type { Verdict } from '../verdict.js';
import type { BookIndex } from './index.js';
import { usableLive } from './payer-pool.js';
import { feeShort, money, paidNear, setsSumming } from './price.js';
import { alreadyPaid, ambiguous, byScore, candidateOf, confident, type Context } from './rank.js';
import { setsAmong } from './set-search.js';

/**
 * A line that names invoices (its number, or a reference cut short): those invoices decide.
 *
 * @example
 * byIdentity(ctx, read.refs, settleable, run.index) // { class: 'confident', invoices: [123], ... }
 */
export function byIdentity(
  ctx: Context,
  identified: readonly BookInvoice[],
  settleable: (i: BookInvoice) => boolean,
  index: BookIndex,
): Verdict {
  const { line } = ctx;
  const open = identified.filter(settleable);
  const all = identified
    .map((i) => candidateOf(ctx, [i]))
    .sort(byScore)
    .slice(0, SHOWN);
  if (open.length === 0) {
    const paid = identified.filter((i) => i.state === 'paid' || i.state === 'refunded');
    if (paid.length > 0)
      return {
        class: 'already-paid',
        invoices: [],
        candidates: all,
        note: `already paid: ${paid.map((i) => `${i.number}${i.paid_date ? ` on ${i.paid_date}` : ''}`).join(', ')}; nothing to mark`,
      };
    const other = identified.filter((i) => OPEN_STATES.has(i.state) && i.currency !== line.currency);
    if (other.length > 0)
      return {
        class: 'other-currency',
        invoices: [],
        candidates: all,
        note: `${other.map((i) => `${i.number} is in ${i.currency.toUpperCase()}`).join(', ')}, the payment in ${line.currency.toUpperCase()}: record it with invoices mark forex, or by hand`,
      };
    return {
      class: 'unmatched',
      invoices: [],
      candidates: all,
      note: `the invoices named are ${identified.map((i) => `${i.number} ${i.state}`).join(', ')}: none can be paid`,
    };
  }
  const sum = open.reduce((s, i) => s + i.total, 0);
  if (sum === line.amount || (open.length === 1 && feeShort(line.amount, sum))) return confident(ctx, open);
  // Invoices named and paid near the line count too: a statement read again after its plan was applied plans nothing.
  const since = identified.filter((i) => !settleable(i) && paidNear(ctx.line, i));
  const both = [...open, ...since];
  const options = [
    ...both.filter((i) => i.total === line.amount).map((i) => [i]),
    ...(both.length > 1 ? setsSumming(both, line.amount, NAMED_SETS) : []),
  ];
  if (options.length === 1 && since.some((i) => (options[0] as BookInvoice[]).includes(i)))
    return alreadyPaid(ctx, options[0] as BookInvoice[]);
  if (options.length === 1) return confident(ctx, options[0] as BookInvoice[]);
  if (options.length > 1)
    return ambiguous(ctx, options, 'more than one of the invoices named, or set of them, fits the amount');
  if (line.amount > sum) {
    // The named invoices and others of the same payer together.
    const payer = [...new Set(open.map((i) => i.school_id))];
    // One payer's (as nearly always): its list in the index sorted by total, walked below the amount.
    const sets =
      payer.length === 1
        ? setsAmong(
            index.sortedBySchool.get(payer[0] as number)?.get(line.currency) ?? [],
            usableLive(dayNumber(line.date), ctx.taken),
            line.amount,
            PAYER_SETS,
            ctx.run.sets,
          )
        : setsSumming(
            payer
              .flatMap((s) => index.bySchool.get(s) ?? [])
              .filter((i) => !ctx.taken.has(i.id) && (settleable(i) || paidNear(ctx.line, i))),
            line.amount,
            PAYER_SETS,
          );
    const withNamed = sets.filter((set) => open.every((i) => set.includes(i)));
    if (withNamed.length === 1 && sets.length === 1 && (withNamed[0] as BookInvoice[]).some((i) => !settleable(i)))
      return alreadyPaid(ctx, withNamed[0] as BookInvoice[]);
    if (withNamed.length === 1 && sets.length === 1) return confident(ctx, withNamed[0] as BookInvoice[]);
    return {
      class: 'overpaid',
      invoices: [],
      candidates: all,
      note: `paid ${money(line.amount, line.currency)}, ${money(line.amount - sum, line.currency)} more than ${open.map((i) => i.number).join(' + ')}: not marked paid; mark it by hand and refund or credit the difference`,
    };
  }
  return {
    class: 'partial',
    invoices: [],
    candidates: all,
    note: `paid ${money(line.amount, line.currency)} of ${money(sum, line.currency)} due on ${open.map((i) => i.number).join(' + ')}: not marked paid; ask for the rest, or record the part payment by hand`,
  };
}
