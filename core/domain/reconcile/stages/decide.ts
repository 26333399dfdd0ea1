/**
 * Stage 5, decide: one line's verdict from what it says (stage 2) and who it names (stage 3), against
 * the amount (stage 4). Who paid is told by reference first, then PO, then name; the amount must then
 * pick exactly one invoice, or one set of the payer's, for the line to be confident. A reference or PO
 * under another payer's clear name, a name only partly shown, or the amount alone needs a person. A line
 * naming its invoices goes on in ./decide-identified.ts, one told by PO or name in ./decide-pool.ts.
 */
import { OPEN_STATES, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import { conflictNote, payerConflict, type PayerConflict } from '../payer-conflict.js';
import { FUTURE_DAYS, HALF_NAMED, NAME_STRONG, POINTS, SHOWN } from '../tuning.js';
import type { Signal, Verdict } from '../verdict.js';
import { byIdentity } from './decide-identified.js';
import { byPool } from './decide-pool.js';
import { cutShort, namedPayers, type Named } from './identify.js';
import { push, type Live } from './index.js';
import { dateGap } from './price.js';
import { byScore, candidateOf, UNRANKED, type Context } from './rank.js';
import { cutPrefixHits, type LineRead } from './read.js';
import { weighed, type MatchRun } from './run.js';
import { indexedPayerPool, poPayerPool, usableLive } from './payer-pool.js';
import { NO_PO, poView } from './po-view.js';
import { sortedPool, type SetGroup, type SetPool } from './set-search.js';

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
export function matchRead(
  read: LineRead,
  run: MatchRun,
  taken: ReadonlySet<number>,
  twins: number,
  today: string | undefined,
  decide = false,
): Verdict {
  const { index } = run;
  const { line, text, lineDay, refs, cut, pos } = read;
  const { reachedSchools, top, schools, districts, best, payerSchools, payers } = read.names;
  const fitsBest = (n: Named): boolean => top > 0 && n.cover >= top && n.leads;
  const po = pos.length === 0 ? NO_PO : poView(run.pos, pos);
  const ctx: Context = {
    line,
    signals: new Map(),
    po: po.set,
    taken,
    twins,
    decide,
    today,
    index,
    run,
    schools: read.names.schoolScore,
    districts: read.names.districtScore,
  };
  const note = (invoice: BookInvoice, signal: Signal): void => push(ctx.signals, invoice.id, signal);
  const settleable = (i: BookInvoice): boolean =>
    OPEN_STATES.has(i.state) && i.currency === line.currency && dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS;

  // Who paid: by reference, PO, then name.
  for (const i of refs) note(i, { signal: 'reference', points: POINTS.reference, detail: `${i.number} in the text` });
  if (cut)
    note(cut, {
      signal: 'reference-cut',
      points: POINTS['reference-cut'],
      detail: `${cut.number} cut short at the end of the text`,
    });

  const identified = [...new Set([...refs, ...(cut ? [cut] : [])])];
  // A reference or PO of one payer's invoices under a name that is clearly another payer's: the signals
  // contradict each other, and a person decides.
  const conflict =
    identified.length > 0 || pos.length > 0
      ? payerConflict(read.words, namedPayers(read, run), identified.length > 0 ? identified : pos, index)
      : undefined;
  if (conflict !== undefined) return contradicted(ctx, read, conflict, identified.length > 0 ? identified : pos);
  if (identified.length > 0)
    return weighed(run, byIdentity(ctx, identified, settleable, index), {
      schools: new Set(identified.map((i) => i.school_id)),
    });
  if (pos.length > 0) {
    // The PO's invoices dated and sorted by total once per run (`poView`), of all its schools and of each,
    // and looked up as a payer's are: a PO of thousands of invoices costs a line what a PO of a few does.
    const takes = usableLive(lineDay, taken);
    const ofCurrency = (lists: ReadonlyMap<string, readonly Live[]>): SetPool =>
      sortedPool(lists.get(line.currency) ?? [], takes, run.sets);
    const group: SetGroup = {
      pool: sortedPool(po.byCurrency.get(line.currency)?.sorted ?? [], takes, run.sets),
      schools: () => po.bySchool.map(([school, lists]) => [school, ofCurrency(lists)] as const),
    };
    return weighed(
      run,
      byPool(ctx, poPayerPool(po, line.currency, takes), () => pos, settleable, 'the PO', undefined, [group]),
      { invoices: pos },
    );
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
    const schoolPool = (school: number): SetPool =>
      sortedPool(index.sortedBySchool.get(school)?.get(line.currency) ?? [], takes, run.sets);
    const groups: SetGroup[] = [
      ...payerSchools.map((school) => ({
        pool: schoolPool(school),
        schools: () => [[school, schoolPool(school)] as const],
      })),
      ...districts.map((d) => ({
        pool: sortedPool(index.sortedByDistrict.get(d.id)?.get(line.currency) ?? [], takes, run.sets),
        schools: () => (index.schoolsOfDistrict.get(d.id) ?? []).map((school) => [school, schoolPool(school)] as const),
      })),
    ];
    const weighedAll = { schools: new Set(payers) };
    const all = (): BookInvoice[] => payers.flatMap((s) => index.bySchool.get(s) ?? []);
    const verdict = byPool(
      ctx,
      indexedPayerPool(index, payers, line.currency, takes, run.byDue),
      all,
      settleable,
      'the payer named',
      cutPrefixHits(text, index),
      groups,
    );
    if (verdict.class !== 'confident') return weighed(run, verdict, weighedAll);
    // The invoices picked must be of a payer the text names well (its school's name or its district's), or
    // fits as well as any other: a district named only in part widens the options but never decides.
    const payerOf = (id: number): { school: Named | undefined; district: Named | undefined } => {
      const school = index.byId.get(id)?.school_id;
      const district = school === undefined ? undefined : index.districtOf.get(school);
      return { school: schools.find((n) => n.id === school), district: districts.find((n) => n.id === district) };
    };
    // A name only partly shown decides when the bank's name field is full of it: the text cut short.
    const cutName = (n: Named | undefined, wordsOf: ReadonlyMap<number, string[]>): boolean =>
      n !== undefined && fitsBest(n) && cutShort(line.text, wordsOf.get(n.id) ?? [], run);
    const byCut = verdict.invoices.every(
      (id) => cutName(payerOf(id).school, index.schoolWords) || cutName(payerOf(id).district, index.districtWords),
    );
    if (best < NAME_STRONG && !byCut)
      return weighed(
        run,
        {
          class: 'ambiguous',
          invoices: [],
          candidates: verdict.candidates,
          note: 'the name only partly agrees: check who paid, then --accept LINE=INVOICE',
        },
        weighedAll,
      );
    const strong = (n: Named | undefined): boolean => n !== undefined && (n.score >= NAME_STRONG || fitsBest(n));
    const namedWell = verdict.invoices.every((id) => strong(payerOf(id).school) || strong(payerOf(id).district));
    if (namedWell) return verdict;
    return weighed(
      run,
      {
        class: 'ambiguous',
        invoices: [],
        candidates: verdict.candidates,
        note: 'the invoices that fit are of a payer the text names only in part: check who paid, then --accept LINE=INVOICE',
      },
      weighedAll,
    );
  }
  // The amount alone never makes a line confident: it shows the invoices of that amount, nearest in date first.
  const same = (index.byAmount.get(`${line.currency} ${line.amount}`) ?? []).filter(settleable);
  if (same.length === 0)
    return {
      class: 'unmatched',
      invoices: [],
      candidates: [],
      note: 'no reference, PO or name found, and no open invoice of this amount',
    };
  // Invoices of schools the text half names first, then nearest in date.
  const half = new Map(reachedSchools.filter((s) => s.score >= HALF_NAMED).map((s) => [s.id, s.score] as const));
  const nearest = [...same]
    .sort(
      (a, b) =>
        (half.get(b.school_id) ?? 0) - (half.get(a.school_id) ?? 0) || dateGap(lineDay, [a]) - dateGap(lineDay, [b]),
    )
    .slice(0, SHOWN);
  return {
    class: 'ambiguous',
    invoices: [],
    candidates: nearest.map((i) => candidateOf(ctx, [i])),
    note: `only the amount agrees (${same.length} open invoice${same.length === 1 ? '' : 's'} of it): check who paid`,
  };
}
