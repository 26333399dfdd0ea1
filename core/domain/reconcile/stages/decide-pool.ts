/**
 * Stage 5, decide, for a line whose payer is told by its PO or its name: the amount against that payer's
 * invoices (`byPool`), looked up in its pool (./payer-pool.ts) and searched for sets (./set-search.ts).
 */
import { OPEN_STATES, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import { CUT_PICK_POINTS, CUT_SHARED_POINTS, POINTS, POOL_SETS, SHOWN } from '../tuning.js';
import type { Candidate, Verdict } from '../verdict.js';
import { push } from './index.js';
import { firstSingles, type PayerPool } from './payer-pool.js';
import { money, schoolSets } from './price.js';
import { alreadyPaid, ambiguous, byScore, candidateOf, confident, UNRANKED, type Context } from './rank.js';
import { idsKey, type SetGroup } from './set-search.js';

/**
 * A payer's invoices (a school's, a district's schools', a PO's) against the amount: every set of 1 to 5
 * of them summing to it is an option, counting those paid near the line; exactly one option of open
 * invoices is confident, of paid ones already paid; more are ambiguous. Else one invoice short by a fee.
 *
 * @example
 * byPool(ctx, indexedPayerPool(index, [12], 'gbp', takes), all, settleable, 'the payer named', undefined, groups)
 */
export function byPool(
  ctx: Context,
  pool: PayerPool,
  all: () => readonly BookInvoice[],
  settleable: (i: BookInvoice) => boolean,
  what: string,
  cutHits: ReadonlySet<BookInvoice> | undefined,
  groups: readonly SetGroup[],
): Verdict {
  const { line } = ctx;
  const isPaid = (i: BookInvoice): boolean => !settleable(i);
  // A line read again only to see whether it is now confident is not, with two invoices of its amount and
  // no reference cut short to pick one: any set found would only add options. A payer of thousands has
  // hundreds of each round price, none of them listed then.
  if (ctx.decide && cutHits === undefined && pool.singles(line.amount, 2).length > 1) return UNRANKED;
  const several = `more than one invoice or set of ${what} fits the amount`;
  // Singles enough that no set can be shown: the sets are not sought (a payer of thousands makes the search
  // run to its step limit), nor, where the pool can find the singles shown without, all singles listed.
  const shortCut = !ctx.decide && ctx.twins <= 1 && ctx.signals.size === 0;
  const shownAlone = (shown: readonly BookInvoice[] | undefined): Verdict | undefined => {
    if (shown === undefined || shown.length < SHOWN) return undefined;
    const verdict = ambiguous(
      ctx,
      shown.map((i) => [i]),
      several,
    );
    return outranksSets(ctx, verdict.candidates) ? verdict : undefined;
  };
  const quick =
    shortCut && cutHits === undefined
      ? shownAlone(pool.firstSingles(line.amount, SHOWN, dayNumber(line.date)))
      : undefined;
  if (quick !== undefined) return quick;
  const singles = pool.singles(line.amount).map((i) => [i]);
  // A reference cut short that begins two singles' numbers picks no option, whatever sets there are.
  const picksNone = cutHits === undefined || atLeastTwo(singles, (set) => cutHits.has(set[0] as BookInvoice));
  if (ctx.decide && picksNone && singles.length > 1) return UNRANKED;
  const listed =
    shortCut && picksNone
      ? shownAlone(
          firstSingles(
            singles.map(([i]) => i as BookInvoice),
            SHOWN,
            dayNumber(line.date),
          ),
        )
      : undefined;
  if (listed !== undefined) return listed;
  // Every single, and up to `POOL_SETS` sets, each of one payer (`groups`): a reference cut short picks among all of them (the best 3 are shown).
  const sets = new Map<string, BookInvoice[]>();
  for (const group of groups) {
    if (sets.size >= POOL_SETS) break;
    // A set found twice is the search's padding (it could not finish): kept twice, so no set is alone.
    const found = group.pool.sets(line.amount, POOL_SETS - sets.size);
    found.forEach((set, n) => sets.set(`${set.map((i) => i.id).join()}${found.indexOf(set) < n ? `#${n}` : ''}`, set));
  }
  const options = [...singles, ...sets.values()];
  const fee = options.length === 0 ? pool.fee(line.amount).map((i) => [i]) : [];
  let fits = options.length > 0 ? options : fee;
  // A reference cut short that begins the numbers of only one option's invoices picks that option: of
  // the options found, and of the sets found holding the other invoices it begins (`otherCutSets`), which
  // are options too (shown to the person who chooses).
  if (fits.length > 1 && cutHits !== undefined) {
    const picked = fits.filter((set) => set.some((i) => cutHits.has(i)));
    const others = picked.length === 1 ? otherCutSets(groups, cutHits, picked[0] as BookInvoice[], line.amount) : [];
    const known = new Set(fits.map(idsKey));
    for (const set of others)
      if (!known.has(idsKey(set))) {
        known.add(idsKey(set));
        sets.set(idsKey(set), set);
        fits = [...fits, set];
      }
    if (picked.length === 1 && others.length === 0) {
      fits = picked;
      for (const i of (picked[0] as BookInvoice[]).filter((x) => cutHits.has(x)))
        push(ctx.signals, i.id, {
          signal: 'reference-cut',
          points: CUT_PICK_POINTS,
          detail: `the text ends in the start of ${i.number}, and of no other invoice that fits`,
        });
    } else if (picked.length === 1)
      // The one option found that the cut begins is not alone, yet first of them: it ranks first.
      for (const i of (picked[0] as BookInvoice[]).filter((x) => cutHits.has(x)))
        push(ctx.signals, i.id, {
          signal: 'reference-cut',
          points: CUT_SHARED_POINTS,
          detail: `the text ends in the start of ${i.number}, and of invoices of other sets that fit`,
        });
  }
  // Short by a fee on a name alone is too weak to mark: a person checks it.
  if (fee.length === 1 && what === 'the payer named')
    return ambiguous(ctx, fee, 'one invoice of the payer named is just over the amount (a fee?)');
  if (fits.length === 1) {
    const only = fits[0] as BookInvoice[];
    if (only.every((i) => !isPaid(i))) return confident(ctx, only);
    if (only.every(isPaid)) return alreadyPaid(ctx, only);
    return ambiguous(
      ctx,
      fits,
      `only a set with invoices already paid fits (${only
        .filter(isPaid)
        .map((i) => i.number)
        .join(', ')})`,
    );
  }
  if (fits.length > 1) {
    if (fits.every((set) => set.every(isPaid))) return alreadyPaid(ctx, fits.flat());
    // A payer of thousands has hundreds of invoices of one amount: only each school's first few can be shown.
    const ranked = () =>
      ctx.signals.size === 0
        ? [
            ...firstSingles(
              singles.map(([i]) => i as BookInvoice),
              Math.max(SHOWN, ctx.twins),
              dayNumber(line.date),
            ).map((i) => [i]),
            ...sets.values(),
          ]
        : fits;
    return ambiguous(
      ctx,
      options.length > 0 && !ctx.decide ? [...ranked(), ...schoolSets(groups, line.amount, fits)] : fits,
      fee.length > 0 ? 'several invoices are just over the amount (a fee?)' : several,
    );
  }
  const shown = (list: readonly BookInvoice[]): Candidate[] =>
    list
      .map((i) => candidateOf(ctx, [i]))
      .sort(byScore)
      .slice(0, SHOWN);
  if (!pool.anyOpen()) {
    const other = all().filter((i) => OPEN_STATES.has(i.state) && i.currency !== line.currency);
    if (other.length > 0)
      return {
        class: 'other-currency',
        invoices: [],
        candidates: shown(other),
        note: `the open invoices of ${what} are in ${[...new Set(other.map((i) => i.currency.toUpperCase()))].join(', ')}, the payment in ${line.currency.toUpperCase()}: record it with invoices mark forex, or by hand`,
      };
    return { class: 'unmatched', invoices: [], candidates: [], note: `${what} has no open invoice` };
  }
  if (!pool.openUpTo(line.amount)) {
    return {
      class: 'partial',
      invoices: [],
      candidates: shown(pool.open()),
      note: `paid ${money(line.amount, line.currency)}, less than any open invoice of ${what}: not marked paid; ask for the rest, or record the part payment by hand`,
    };
  }
  if (pool.openSumBelow(line.amount)) {
    return {
      class: 'overpaid',
      invoices: [],
      candidates: shown(pool.open()),
      note: `paid ${money(line.amount, line.currency)}, more than all open invoices of ${what}: not marked paid; mark by hand and refund or credit the difference`,
    };
  }
  // The search across a whole trust takes only its smallest invoices: a set of one school's may still fit, to show first.
  const oneSchool = ctx.decide ? [] : schoolSets(groups, line.amount, []);
  // Ranked, the open invoices shown are those nearest in date of each school, unless another signal
  // (a PO's) tells them apart; a line read again only to decide ranks none.
  const open = ctx.decide
    ? []
    : ctx.signals.size === 0
      ? pool.nearest(Math.max(SHOWN, ctx.twins), dayNumber(line.date))
      : pool.open();
  if (oneSchool.length > 0)
    return ambiguous(
      ctx,
      [...oneSchool, ...open.map((i) => [i])],
      `sets of one school's invoices fit the amount, but ${what} has too many invoices to tell whether only one set does`,
    );
  return ambiguous(
    ctx,
    open.map((i) => [i]),
    `${what} is named but no invoice or set of them fits the amount`,
  );
}

/**
 * Whether `shown` (the options `ambiguous` shows of a line's singles alone) are what it shows whatever sets
 * are added: `SHOWN` of them, each open and scored as high as any set can be (the amount, the date, the PO,
 * the best name and district the text has). `ambiguous` ranks a set after a single as well scored and open
 * (more invoices are more coincidences), so no set can be among the first `SHOWN`.
 */
function outranksSets(ctx: Context, shown: readonly Candidate[]): boolean {
  if (shown.length < SHOWN) return false;
  const best = (scores: ReadonlyMap<number, number>, points: number): number =>
    Math.max(0, ...[...scores.values()].map((s) => Math.round(points * s * 10) / 10));
  const bound =
    Math.round(
      ((ctx.po.size > 0 ? POINTS.po : 0) +
        POINTS.amount +
        POINTS.date +
        best(ctx.schools, POINTS.name) +
        best(ctx.districts, POINTS.district)) *
        10,
    ) / 10;
  return shown.every(
    (c) => c.score >= bound && c.invoices.every((id) => OPEN_STATES.has(ctx.index.byId.get(id)?.state ?? 'paid')),
  );
}

/**
 * Sets that fit the amount holding an invoice the reference cut short begins, other than `only` (the one
 * option found that does). The options found are every single but only the first sets the search meets,
 * so each other invoice the cut begins that could be in a set (of the group's schools, above zero, below
 * the amount) is searched for sets of its own in each group, the largest first. A search that cannot
 * finish (a payer of more invoices below what is left of the amount than it takes) finds none, as the
 * first search then does not either; and each smaller invoice after it leaves more below what is left, so
 * the group's search stops there: a payer of thousands costs a line one search, not one per invoice.
 */
function otherCutSets(
  groups: readonly SetGroup[],
  cutHits: ReadonlySet<BookInvoice>,
  only: readonly BookInvoice[],
  amount: number,
): BookInvoice[][] {
  const mine = idsKey(only);
  const found = new Map<string, BookInvoice[]>();
  const hits = [...cutHits].filter((hit) => hit.total > 0 && hit.total < amount);
  for (const group of groups) {
    const schools = new Set(group.schools().map(([school]) => school));
    const ofGroup = hits.filter((hit) => schools.has(hit.school_id)).sort((a, b) => b.total - a.total || a.id - b.id);
    for (const hit of ofGroup) {
      const sets = group.pool.setsWith(hit, amount, 2);
      if (sets === undefined) break;
      for (const set of sets) if (idsKey(set) !== mine) found.set(idsKey(set), set);
    }
  }
  // By their invoices' ids, so they come in the same order however the book lists its invoices.
  return [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, set]) => set);
}

/** Whether at least two of `list` are `of` (stopping at the second). */
function atLeastTwo<T>(list: readonly T[], of: (entry: T) => boolean): boolean {
  let found = 0;
  for (const entry of list) if (of(entry) && (found += 1) > 1) return true;
  return false;
}
