/**
 * Verdicts and their candidates, for stage 5 (decide): each option of a line scored by its signals
 * (`candidateOf`), a confident verdict checked against the API's rules (`confident`), and the options of
 * a line that needs a person ranked best first (`ambiguous`).
 */
import { OPEN_STATES, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import type { StatementLine } from '../line.js';
import { paymentRefusal } from '../payment-check.js';
import { DATE_SIGNAL_DAYS, FUTURE_DAYS, POINTS, SHOWN } from '../tuning.js';
import type { Candidate, Signal, Verdict } from '../verdict.js';
import { push, type BookIndex } from './index.js';
import { dateGap, feeShort, money } from './price.js';
import type { MatchRun } from './run.js';

/** What deciding one line works with: the line, what other lines settle, the signals found so far. */
export interface Context {
  readonly line: StatementLine;
  /** Invoices other lines of these statements settle (confident or accepted): never an option for this one. */
  readonly taken: ReadonlySet<number>;
  readonly signals: Map<number, Signal[]>;
  /** The invoices of the POs in the text: each has the PO signal, after those in `signals` (kept apart, as a PO may have thousands). */
  readonly po: ReadonlySet<BookInvoice>;
  /** Schools and districts the text names, with their scores: their invoices get a name signal when shown. */
  readonly schools: ReadonlyMap<number, number>;
  readonly districts: ReadonlyMap<number, number>;
  readonly index: BookIndex;
  /** The run the line is read in (its scratch, and what its verdicts weighed). */
  readonly run: MatchRun;
  /** Lines of these statements identical to this one (same day, amount, currency and text), itself included. */
  readonly twins: number;
  /**
   * Only whether the line is confident matters (a line read again in elimination keeps its verdict
   * otherwise): a line that needs a person gets no options ranked (`ambiguous`).
   */
  readonly decide: boolean;
  /** The day the plan is made (`YYYY-MM-DD`): a payment dated after it is refused (`MatchOptions`). */
  readonly today: string | undefined;
}

/**
 * An option of a line (one invoice, or a set) as a candidate: its signals (those found for its invoices,
 * the names, the amount, the date) and their points, a set named as well as its least named invoice.
 *
 * @example
 * candidateOf(ctx, [invoice]) // { invoices: [123], score: 85, signals: [{ signal: 'reference', ... }, ...] }
 */
export function candidateOf(ctx: Context, invoices: readonly BookInvoice[]): Candidate {
  const { line } = ctx;
  const signals: Signal[] = [];
  const seen = new Set<string>();
  const { index } = ctx;
  const namedSignals = (invoice: BookInvoice): Signal[] => {
    const out: Signal[] = [];
    const school = ctx.schools.get(invoice.school_id);
    if (school !== undefined)
      out.push({
        signal: 'name',
        points: Math.round(POINTS.name * school * 10) / 10,
        detail: `"${index.schoolName.get(invoice.school_id) ?? ''}" (${Math.round(school * 100)}%)`,
      });
    const district = index.book.schools.length > 0 ? districtOfSchool(index, invoice.school_id) : undefined;
    const score = district === undefined ? undefined : ctx.districts.get(district);
    if (district !== undefined && score !== undefined)
      out.push({
        signal: 'district',
        points: Math.round(POINTS.district * score * 10) / 10,
        detail: `district "${index.districtName.get(district) ?? ''}" (${Math.round(score * 100)}%)`,
      });
    return out;
  };
  // A set is as well named as its least named invoice: invoices of several payers the text names do not add up.
  let namePoints = Infinity;
  for (const invoice of invoices) {
    const byName = namedSignals(invoice);
    namePoints = Math.min(
      namePoints,
      byName.reduce((sum, s) => sum + s.points, 0),
    );
    for (const s of [...(ctx.signals.get(invoice.id) ?? []), ...(ctx.po.has(invoice) ? [PO_SIGNAL] : []), ...byName]) {
      if (!seen.has(`${s.signal}${s.detail}`)) {
        seen.add(`${s.signal}${s.detail}`);
        signals.push(s);
      }
    }
  }
  const total = invoices.reduce((sum, i) => sum + i.total, 0);
  const currency = invoices[0]?.currency ?? line.currency;
  if (currency === line.currency && total === line.amount)
    signals.push({
      signal: 'amount',
      points: POINTS.amount,
      detail: invoices.length === 1 ? 'exact' : `exact, ${invoices.length} invoices together`,
    });
  else if (currency === line.currency && feeShort(line.amount, total))
    signals.push({
      signal: 'amount-fee',
      points: POINTS['amount-fee'],
      detail: `short by ${money(total - line.amount, currency)} (a fee?)`,
    });
  const lineDay = dayNumber(line.date);
  if (
    invoices.every(
      (i) => dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS && lineDay - dayNumber(i.issued_at) <= DATE_SIGNAL_DAYS,
    )
  )
    signals.push({
      signal: 'date',
      points: POINTS.date,
      detail: `issued ${invoices.map((i) => i.issued_at).join(', ')}`,
    });
  const others = signals
    .filter((s) => s.signal !== 'name' && s.signal !== 'district')
    .reduce((sum, s) => sum + s.points, 0);
  const score = Math.round((others + (invoices.length > 0 ? namePoints : 0)) * 10) / 10;
  return { invoices: invoices.map((i) => i.id).sort((a, b) => a - b), score, signals };
}

/** The signal of an invoice of a PO in the text. */
const PO_SIGNAL: Signal = { signal: 'po', points: POINTS.po, detail: 'the PO number in the text' };

/** The district of a school, if it has one. */
function districtOfSchool(index: BookIndex, school: number): number | undefined {
  const id = index.districtOf.get(school);
  return id ?? undefined;
}

/** Best score first, then lowest invoice id: a stable order for candidates as well supported. */
export const byScore = (a: Candidate, b: Candidate): number =>
  b.score - a.score || (a.invoices[0] ?? 0) - (b.invoices[0] ?? 0);

/**
 * An `already-paid` verdict: the invoices that fit are recorded paid, and nothing is to mark.
 *
 * @example
 * alreadyPaid(ctx, [invoice]).note // 'already paid: INV-000123 on 2026-10-02; nothing to mark'
 */
export function alreadyPaid(ctx: Context, invoices: readonly BookInvoice[]): Verdict {
  return {
    class: 'already-paid',
    invoices: [],
    candidates: invoices.slice(0, SHOWN).map((i) => candidateOf(ctx, [i])),
    note: `already paid: ${invoices.map((i) => `${i.number} on ${i.paid_date ?? '?'}`).join(', ')}; nothing to mark`,
  };
}

/**
 * A `confident` verdict marking `invoices` paid, unless the API would refuse the write (`refused`).
 *
 * @example
 * confident(ctx, [invoice]) // { class: 'confident', invoices: [123], candidates: [...], note: '' }
 */
export function confident(ctx: Context, invoices: readonly BookInvoice[]): Verdict {
  const candidate = candidateOf(ctx, invoices);
  // A write the API would refuse is never planned: the person fixes the date (or the statement's order).
  const refusal = paymentRefusal(ctx.line, invoices, ctx.today);
  if (refusal !== undefined) return { class: 'refused', invoices: [], candidates: [candidate], note: refusal };
  return { class: 'confident', invoices: candidate.invoices, candidates: [candidate], note: '' };
}

/**
 * The options of an ambiguous line, best first: by the points of their signals; then, among options as
 * well supported, the one needing fewest coincidences: options of invoices all still open before those
 * with one already recorded paid (by something else, or by hand), options within one school before those
 * spanning several, fewer invoices before more (a payer's invoices make far more sets of 3 that sum to a
 * payment by chance than sets of 2, and far more across a trust's schools than within one: any one of the
 * many is less likely than one of the few); then nearest in date.
 * Identical lines (`twins`: same day, amount and text) are one payer making the same payment as many
 * times: options that come as many times over, of one payer and as many invoices each, none shared, come
 * first (two lines of 600.00 from one school with two invoices of 600.00 show both invoices).
 *
 * @example
 * ambiguous(ctx, [[a], [b, c]], 'more than one invoice fits').candidates // the best `SHOWN` of them
 */
export function ambiguous(ctx: Context, sets: readonly (readonly BookInvoice[])[], why: string): Verdict {
  if (ctx.decide) return UNRANKED;
  const lineDay = dayNumber(ctx.line.date);
  const ranked = sets
    .map((set) => ({ candidate: candidateOf(ctx, set), gap: dateGap(lineDay, set), ...coincidences(set) }))
    .sort(
      (a, b) =>
        b.candidate.score - a.candidate.score ||
        a.recorded - b.recorded ||
        a.schools - b.schools ||
        a.size - b.size ||
        a.gap - b.gap ||
        byScore(a.candidate, b.candidate),
    );
  const candidates = ranked.map((r) => r.candidate);
  return {
    class: 'ambiguous',
    invoices: [],
    candidates: (ctx.twins > 1 ? twinsFirst(candidates, sets, ctx.twins) : candidates).slice(0, SHOWN),
    note: `${why}: choose with --accept LINE=INVOICE`,
  };
}

/** A line that needs a person, read again only to see whether it is now confident: its options are not ranked. */
export const UNRANKED: Verdict = { class: 'ambiguous', invoices: [], candidates: [], note: '' };

/** What an option asks to believe: whether it has an invoice already recorded paid (1) or not (0), how many schools' invoices, how many invoices. */
function coincidences(set: readonly BookInvoice[]): { recorded: number; schools: number; size: number } {
  let recorded = 0;
  let schools = 0;
  for (let k = 0; k < set.length; k += 1) {
    const i = set[k] as BookInvoice;
    if (!OPEN_STATES.has(i.state)) recorded = 1;
    // A school counted at its first invoice in the set (a set has at most `SET_MAX`).
    let first = true;
    for (let j = 0; j < k && first; j += 1) if ((set[j] as BookInvoice).school_id === i.school_id) first = false;
    if (first) schools += 1;
  }
  return { recorded, schools, size: set.length };
}

/**
 * Ranked options reordered for `twins` identical lines: options alike (the same payer, the schools of their
 * invoices, and as many invoices) of which at least `twins` share no invoice come first, grouped in the
 * order of each group's best; then the rest, in their order.
 *
 * @example
 * twinsFirst([x1, y1, z1, z2], sets, 2) // [z1, z2, x1, y1]: only z can have paid both lines
 */
function twinsFirst(
  ranked: readonly Candidate[],
  sets: readonly (readonly BookInvoice[])[],
  twins: number,
): Candidate[] {
  const schoolOf = new Map(sets.flat().map((i) => [i.id, i.school_id] as const));
  const kindOf = (c: Candidate): string =>
    `${[...new Set(c.invoices.map((id) => schoolOf.get(id)))].sort().join()}/${c.invoices.length}`;
  const alike = new Map<string, Candidate[]>();
  for (const c of ranked) push(alike, kindOf(c), c);
  // How many of the options share no invoice with one counted before.
  const apart = (list: readonly Candidate[]): number => {
    const used = new Set<number>();
    let count = 0;
    for (const c of list) {
      if (c.invoices.some((id) => used.has(id))) continue;
      for (const id of c.invoices) used.add(id);
      count += 1;
    }
    return count;
  };
  const first = [...alike.values()].filter((list) => apart(list) >= twins).flat();
  return [...first, ...ranked.filter((c) => !first.includes(c))];
}
