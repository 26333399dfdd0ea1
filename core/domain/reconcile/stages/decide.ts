/**
 * Stage 5, decide: one line's verdict from what it says (stage 2) and who it names (stage 3), against
 * the amount (stage 4). Who paid is told by reference first, then PO, then name; the amount must then
 * pick exactly one invoice, or one set of the payer's, for the line to be confident. A reference or PO
 * under another payer's clear name, a name only partly shown, or the amount alone needs a person.
 */
import { OPEN_STATES, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import { conflictNote, payerConflict, type PayerConflict } from '../payer-conflict.js';
import { CUT_PICK_POINTS, FUTURE_DAYS, HALF_NAMED, NAME_STRONG, NAMED_SETS, PAID_NEAR, PAYER_SETS, POINTS, POOL_SETS, SHOWN } from '../tuning.js';
import type { Candidate, Signal, Verdict } from '../verdict.js';
import { clearPayers, cutShort, type Named } from './identify.js';
import { push, type BookIndex, type Live } from './index.js';
import { dateGap, feeShort, money, paidNear, schoolSets, setsSumming } from './price.js';
import { alreadyPaid, ambiguous, byScore, candidateOf, confident, UNRANKED, type Context } from './rank.js';
import { cutPrefixHits, type LineRead } from './read.js';
import { weighed, type MatchRun } from './run.js';
import { firstSingles, indexedPayerPool, NO_PO, poPayerPool, poView, type PayerPool } from './payer-pool.js';
import { setsAmong, sortedPool, type SetGroup, type SetPool } from './set-search.js';

/**
 * A line whose reference or PO names invoices of a payer its text clearly does not name: ambiguous, with
 * the invoices named and what the name alone would pick, and a note naming both payers.
 */
function contradicted(ctx: Context, read: LineRead, conflict: PayerConflict, named: readonly BookInvoice[]): Verdict {
  if (ctx.decide) return UNRANKED;
  const byName = matchRead({ ...read, refs: [], cut: undefined, pos: [] }, ctx.run, ctx.taken, ctx.twins, ctx.today);
  const seen = new Set<string>();
  const candidates = [...named.map((i) => candidateOf(ctx, [i])).sort(byScore), ...byName.candidates].filter((c) => {
    const key = c.invoices.join();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { class: 'ambiguous', invoices: [], candidates: candidates.slice(0, SHOWN), note: conflictNote(conflict) };
}

/**
 * One line's verdict, before lines are compared (a contested invoice is found by stage 6, contest).
 * With `decide`, only whether it is confident matters: a line that needs a person gets no options ranked.
 *
 * @example
 * matchRead(readLine(line, run), run, new Set(), 1, '2026-11-01') // { class: 'confident', invoices: [123], ... }
 */
export function matchRead(read: LineRead, run: MatchRun, taken: ReadonlySet<number>, twins: number, today: string | undefined, decide = false): Verdict {
  const { index } = run;
  const { line, text, lineDay, refs, cut, pos } = read;
  const { reachedSchools, top, schools, districts, best, payerSchools, payers } = read.names;
  const fitsBest = (n: Named): boolean => top > 0 && n.cover >= top && n.leads;
  const po = pos.length === 0 ? NO_PO : poView(run, pos);
  const ctx: Context = { line, signals: new Map(), po: po.set, taken, twins, decide, today, index, run, schools: read.names.schoolScore, districts: read.names.districtScore };
  const note = (invoice: BookInvoice, signal: Signal): void => push(ctx.signals, invoice.id, signal);
  const settleable = (i: BookInvoice): boolean => OPEN_STATES.has(i.state) && i.currency === line.currency && dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS;

  // Who paid: by reference, PO, then name.
  for (const i of refs) note(i, { signal: 'reference', points: POINTS.reference, detail: `${i.number} in the text` });
  if (cut) note(cut, { signal: 'reference-cut', points: POINTS['reference-cut'], detail: `${cut.number} cut short at the end of the text` });

  const identified = [...new Set([...refs, ...(cut ? [cut] : [])])];
  // A reference or PO of one payer's invoices under a name that is clearly another payer's: the signals
  // contradict each other, and a person decides.
  const conflict = identified.length > 0 || pos.length > 0 ? payerConflict(read.words, clearPayers(read, run), identified.length > 0 ? identified : pos, index) : undefined;
  if (conflict !== undefined) return contradicted(ctx, read, conflict, identified.length > 0 ? identified : pos);
  if (identified.length > 0) return weighed(run, byIdentity(ctx, identified, settleable, index), { schools: new Set(identified.map((i) => i.school_id)) });
  if (pos.length > 0) {
    // The PO's invoices dated and sorted by total once per run (`poView`), of all its schools and of each,
    // and looked up as a payer's are: a PO of thousands of invoices costs a line what a PO of a few does.
    const takes = usableLive(lineDay, taken);
    const ofCurrency = (lists: ReadonlyMap<string, readonly Live[]>): SetPool => sortedPool(lists.get(line.currency) ?? [], takes, run.sets);
    const group: SetGroup = { pool: sortedPool(po.byCurrency.get(line.currency)?.sorted ?? [], takes, run.sets), schools: () => po.bySchool.map(([school, lists]) => [school, ofCurrency(lists)] as const) };
    return weighed(run, byPool(ctx, poPayerPool(po, line.currency, takes), () => pos, settleable, 'the PO', undefined, [group]), { invoices: pos });
  }
  // By name (`namesOf`): the amount (or a reference cut short) must pick one invoice or set among all the
  // payers' invoices: a name shared by two payers never picks one.
  if (payers.length > 0) {
    // A payment of several invoices is of one payer: sets are sought within one school, or one district.
    // Each payer's invoices this line may be of (not settled by another line; open and issued by then, or
    // paid near it), looked up in the index by school and currency: a payer of thousands of invoices
    // costs a line what a payer of a few does.
    const takes = usableLive(lineDay, taken);
    // The set search walks the index's lists sorted by total, taking what this line may use of them.
    const schoolPool = (school: number): SetPool => sortedPool(index.sortedBySchool.get(school)?.get(line.currency) ?? [], takes, run.sets);
    const groups: SetGroup[] = [
      ...payerSchools.map((school) => ({ pool: schoolPool(school), schools: () => [[school, schoolPool(school)] as const] })),
      ...districts.map((d) => ({
        pool: sortedPool(index.sortedByDistrict.get(d.id)?.get(line.currency) ?? [], takes, run.sets),
        schools: () => (index.schoolsOfDistrict.get(d.id) ?? []).map((school) => [school, schoolPool(school)] as const),
      })),
    ];
    const weighedAll = { schools: new Set(payers) };
    const all = (): BookInvoice[] => payers.flatMap((s) => index.bySchool.get(s) ?? []);
    const verdict = byPool(ctx, indexedPayerPool(index, payers, line.currency, takes), all, settleable, 'the payer named', cutPrefixHits(text, index), groups);
    if (verdict.class !== 'confident') return weighed(run, verdict, weighedAll);
    // The invoices picked must be of a payer the text names well (its school's name or its district's), or
    // fits as well as any other: a district named only in part widens the options but never decides.
    const payerOf = (id: number): { school: Named | undefined; district: Named | undefined } => {
      const school = index.byId.get(id)?.school_id;
      const district = school === undefined ? undefined : index.districtOf.get(school);
      return { school: schools.find((n) => n.id === school), district: districts.find((n) => n.id === district) };
    };
    // A name only partly shown decides when the bank's name field is full of it: the text cut short.
    const cutName = (n: Named | undefined, wordsOf: ReadonlyMap<number, string[]>): boolean => n !== undefined && fitsBest(n) && cutShort(line.text, wordsOf.get(n.id) ?? [], run);
    const byCut = verdict.invoices.every((id) => cutName(payerOf(id).school, index.schoolWords) || cutName(payerOf(id).district, index.districtWords));
    if (best < NAME_STRONG && !byCut) return weighed(run, { class: 'ambiguous', invoices: [], candidates: verdict.candidates, note: 'the name only partly agrees: check who paid, then --accept LINE=INVOICE' }, weighedAll);
    const strong = (n: Named | undefined): boolean => n !== undefined && (n.score >= NAME_STRONG || fitsBest(n));
    const namedWell = verdict.invoices.every((id) => strong(payerOf(id).school) || strong(payerOf(id).district));
    if (namedWell) return verdict;
    return weighed(run, { class: 'ambiguous', invoices: [], candidates: verdict.candidates, note: 'the invoices that fit are of a payer the text names only in part: check who paid, then --accept LINE=INVOICE' }, weighedAll);
  }
  // The amount alone never makes a line confident: it shows the invoices of that amount, nearest in date first.
  const same = (index.byAmount.get(`${line.currency} ${line.amount}`) ?? []).filter(settleable);
  if (same.length === 0) return { class: 'unmatched', invoices: [], candidates: [], note: 'no reference, PO or name found, and no open invoice of this amount' };
  // Invoices of schools the text half names first, then nearest in date.
  const half = new Map(reachedSchools.filter((s) => s.score >= HALF_NAMED).map((s) => [s.id, s.score] as const));
  const nearest = [...same]
    .sort((a, b) => (half.get(b.school_id) ?? 0) - (half.get(a.school_id) ?? 0) || dateGap(lineDay, [a]) - dateGap(lineDay, [b]))
    .slice(0, SHOWN);
  return { class: 'ambiguous', invoices: [], candidates: nearest.map((i) => candidateOf(ctx, [i])), note: `only the amount agrees (${same.length} open invoice${same.length === 1 ? '' : 's'} of it): check who paid` };
}

/**
 * Whether a line of day `lineDay` may be of an invoice of the index's lists (in its currency): open and
 * issued by then, or paid near it; and not settled by another line.
 */
const usableLive =
  (lineDay: number, taken: ReadonlySet<number>) =>
  (l: Live): boolean =>
    (l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id);

/** A line that names invoices (its number, or a reference cut short): those invoices decide. */
function byIdentity(ctx: Context, identified: readonly BookInvoice[], settleable: (i: BookInvoice) => boolean, index: BookIndex): Verdict {
  const { line } = ctx;
  const open = identified.filter(settleable);
  const all = identified.map((i) => candidateOf(ctx, [i])).sort(byScore).slice(0, SHOWN);
  if (open.length === 0) {
    const paid = identified.filter((i) => i.state === 'paid' || i.state === 'refunded');
    if (paid.length > 0) return { class: 'already-paid', invoices: [], candidates: all, note: `already paid: ${paid.map((i) => `${i.number}${i.paid_date ? ` on ${i.paid_date}` : ''}`).join(', ')}; nothing to mark` };
    const other = identified.filter((i) => OPEN_STATES.has(i.state) && i.currency !== line.currency);
    if (other.length > 0) return { class: 'other-currency', invoices: [], candidates: all, note: `${other.map((i) => `${i.number} is in ${i.currency.toUpperCase()}`).join(', ')}, the payment in ${line.currency.toUpperCase()}: record it with invoices mark forex, or by hand` };
    return { class: 'unmatched', invoices: [], candidates: all, note: `the invoices named are ${identified.map((i) => `${i.number} ${i.state}`).join(', ')}: none can be paid` };
  }
  const sum = open.reduce((s, i) => s + i.total, 0);
  if (sum === line.amount || (open.length === 1 && feeShort(line.amount, sum))) return confident(ctx, open);
  // Invoices named and paid near the line count too: a statement read again after its plan was applied plans nothing.
  const since = identified.filter((i) => !settleable(i) && paidNear(ctx.line, i));
  const both = [...open, ...since];
  const options = [...both.filter((i) => i.total === line.amount).map((i) => [i]), ...(both.length > 1 ? setsSumming(both, line.amount, NAMED_SETS) : [])];
  if (options.length === 1 && since.some((i) => (options[0] as BookInvoice[]).includes(i))) return alreadyPaid(ctx, options[0] as BookInvoice[]);
  if (options.length === 1) return confident(ctx, options[0] as BookInvoice[]);
  if (options.length > 1) return ambiguous(ctx, options, 'more than one of the invoices named, or set of them, fits the amount');
  if (line.amount > sum) {
    // The named invoices and others of the same payer together.
    const payer = [...new Set(open.map((i) => i.school_id))];
    // One payer's (as nearly always): its list in the index sorted by total, walked below the amount.
    const sets =
      payer.length === 1
        ? setsAmong(index.sortedBySchool.get(payer[0] as number)?.get(line.currency) ?? [], usableLive(dayNumber(line.date), ctx.taken), line.amount, PAYER_SETS, ctx.run.sets)
        : setsSumming(payer.flatMap((s) => index.bySchool.get(s) ?? []).filter((i) => !ctx.taken.has(i.id) && (settleable(i) || paidNear(ctx.line, i))), line.amount, PAYER_SETS);
    const withNamed = sets.filter((set) => open.every((i) => set.includes(i)));
    if (withNamed.length === 1 && sets.length === 1 && (withNamed[0] as BookInvoice[]).some((i) => !settleable(i))) return alreadyPaid(ctx, withNamed[0] as BookInvoice[]);
    if (withNamed.length === 1 && sets.length === 1) return confident(ctx, withNamed[0] as BookInvoice[]);
    return { class: 'overpaid', invoices: [], candidates: all, note: `paid ${money(line.amount, line.currency)}, ${money(line.amount - sum, line.currency)} more than ${open.map((i) => i.number).join(' + ')}: not marked paid; mark it by hand and refund or credit the difference` };
  }
  return { class: 'partial', invoices: [], candidates: all, note: `paid ${money(line.amount, line.currency)} of ${money(sum, line.currency)} due on ${open.map((i) => i.number).join(' + ')}: not marked paid; ask for the rest, or record the part payment by hand` };
}

/**
 * A payer's invoices (a school's, a district's schools', a PO's) against the amount: every set of 1 to 5
 * of them summing to it is an option, counting those paid near the line; exactly one option of open
 * invoices is confident, of paid ones already paid; more are ambiguous. Else one invoice short by a fee.
 */
function byPool(ctx: Context, pool: PayerPool, all: () => readonly BookInvoice[], settleable: (i: BookInvoice) => boolean, what: string, cutHits: ReadonlySet<BookInvoice> | undefined, groups: readonly SetGroup[]): Verdict {
  const { line } = ctx;
  const isPaid = (i: BookInvoice): boolean => !settleable(i);
  const singles = pool.singles(line.amount).map((i) => [i]);
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
  // A reference cut short that begins the numbers of only one option's invoices picks that option.
  if (fits.length > 1 && cutHits !== undefined) {
    const picked = fits.filter((set) => set.some((i) => cutHits.has(i)));
    if (picked.length === 1) {
      fits = picked;
      for (const i of (picked[0] as BookInvoice[]).filter((x) => cutHits.has(x))) push(ctx.signals, i.id, { signal: 'reference-cut', points: CUT_PICK_POINTS, detail: `the text ends in the start of ${i.number}, and of no other invoice that fits` });
    }
  }
  // Short by a fee on a name alone is too weak to mark: a person checks it.
  if (fee.length === 1 && what === 'the payer named') return ambiguous(ctx, fee, 'one invoice of the payer named is just over the amount (a fee?)');
  if (fits.length === 1) {
    const only = fits[0] as BookInvoice[];
    if (only.every((i) => !isPaid(i))) return confident(ctx, only);
    if (only.every(isPaid)) return alreadyPaid(ctx, only);
    return ambiguous(ctx, fits, `only a set with invoices already paid fits (${only.filter(isPaid).map((i) => i.number).join(', ')})`);
  }
  if (fits.length > 1) {
    if (fits.every((set) => set.every(isPaid))) return alreadyPaid(ctx, fits.flat());
    // A payer of thousands has hundreds of invoices of one amount: only each school's first few can be shown.
    const ranked = () => (ctx.signals.size === 0 ? [...firstSingles(singles.map(([i]) => i as BookInvoice), Math.max(SHOWN, ctx.twins), dayNumber(line.date)).map((i) => [i]), ...sets.values()] : fits);
    return ambiguous(ctx, options.length > 0 && !ctx.decide ? [...ranked(), ...schoolSets(groups, line.amount, fits)] : fits, fee.length > 0 ? 'several invoices are just over the amount (a fee?)' : `more than one invoice or set of ${what} fits the amount`);
  }
  const shown = (list: readonly BookInvoice[]): Candidate[] => list.map((i) => candidateOf(ctx, [i])).sort(byScore).slice(0, SHOWN);
  if (!pool.anyOpen()) {
    const other = all().filter((i) => OPEN_STATES.has(i.state) && i.currency !== line.currency);
    if (other.length > 0) return { class: 'other-currency', invoices: [], candidates: shown(other), note: `the open invoices of ${what} are in ${[...new Set(other.map((i) => i.currency.toUpperCase()))].join(', ')}, the payment in ${line.currency.toUpperCase()}: record it with invoices mark forex, or by hand` };
    return { class: 'unmatched', invoices: [], candidates: [], note: `${what} has no open invoice` };
  }
  if (!pool.openUpTo(line.amount)) {
    return { class: 'partial', invoices: [], candidates: shown(pool.open()), note: `paid ${money(line.amount, line.currency)}, less than any open invoice of ${what}: not marked paid; ask for the rest, or record the part payment by hand` };
  }
  if (pool.openSumBelow(line.amount)) {
    return { class: 'overpaid', invoices: [], candidates: shown(pool.open()), note: `paid ${money(line.amount, line.currency)}, more than all open invoices of ${what}: not marked paid; mark by hand and refund or credit the difference` };
  }
  // The search across a whole trust takes only its smallest invoices: a set of one school's may still fit, to show first.
  const oneSchool = ctx.decide ? [] : schoolSets(groups, line.amount, []);
  // Ranked, the open invoices shown are those nearest in date of each school, unless another signal
  // (a PO's) tells them apart; a line read again only to decide ranks none.
  const open = ctx.decide ? [] : ctx.signals.size === 0 ? pool.nearest(Math.max(SHOWN, ctx.twins), dayNumber(line.date)) : pool.open();
  if (oneSchool.length > 0) return ambiguous(ctx, [...oneSchool, ...open.map((i) => [i])], `sets of one school's invoices fit the amount, but ${what} has too many invoices to tell whether only one set does`);
  return ambiguous(ctx, open.map((i) => [i]), `${what} is named but no invoice or set of them fits the amount`);
}
