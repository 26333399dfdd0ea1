/**
 * Stage 6, contest: lines compared. Two confident lines claiming one invoice both need a person (no two
 * lines ever mark one invoice); then, by elimination, a line that needs a person only because other
 * lines' invoices fit it too is read again once those lines settle them, and may become confident.
 */
import { ELIMINATION_ROUNDS } from '../tuning.js';
import type { Verdict } from '../verdict.js';
import type { BookIndex } from './index.js';
import type { MatchRun } from './run.js';

/** A line's verdict given the invoices other lines settle (`decide`: only whether it is confident matters). */
export type MatchOne = (k: number, taken: ReadonlySet<number>, decide?: boolean) => Verdict;

/**
 * The verdicts of `count` lines, each first decided alone by `match`, then contested and settled by
 * elimination: an ambiguous line whose only other options are invoices other lines settle (confident,
 * or decided by a person in `fixed`, by line position) settles what is left, as a person would ("the
 * other 600.00 of Oakfield was paid by the line naming it, so this 600.00 is for the one left"). At most
 * `ELIMINATION_ROUNDS` rounds, each reading again only lines whose payers' invoices were settled since
 * (what each verdict weighed, in the run). `fixed` verdicts stand as given.
 *
 * @example
 * contest(lines.length, (k, taken, decide) => matchRead(reads[k], run, taken, 1, today, decide), run, new Map())
 */
export function contest(count: number, match: MatchOne, run: MatchRun, fixed: ReadonlyMap<number, Verdict>): Verdict[] {
  const { index } = run;
  const none = new Set<number>();
  let verdicts = resolveContests(
    Array.from({ length: count }, (_, k) => fixed.get(k) ?? match(k, none)),
    index,
    fixed,
  );
  let before = new Set<number>();
  for (let round = 0; round < ELIMINATION_ROUNDS; round += 1) {
    const taken = new Set(verdicts.flatMap((v) => v.invoices));
    const since = before;
    before = taken;
    // The schools of the invoices settled since the lines were last read.
    const fresh = new Set<number>();
    for (const id of taken) if (!since.has(id)) fresh.add(index.byId.get(id)?.school_id ?? -1);
    let settled = false;
    const next = verdicts.map((v, k) => {
      // Ambiguous lines, and overpaid ones (more than the invoices named: a set with others of the payer
      // may fit alone), whose payers' invoices another line has settled since they were last read.
      if ((v.class !== 'ambiguous' && v.class !== 'overpaid') || fixed.has(k)) return v;
      const w = run.weighed.get(v);
      if (
        w === undefined ||
        ('schools' in w
          ? ![...w.schools].some((s) => fresh.has(s))
          : !w.invoices.some((i) => taken.has(i.id) && !since.has(i.id)))
      )
        return v;
      // Read again only to see whether it is now confident: otherwise its verdict stands.
      const again = match(k, taken, true);
      if (again.class !== 'confident') return v;
      settled = true;
      return { ...again, note: 'the other invoices that fit are settled by other lines' };
    });
    if (!settled) break;
    verdicts = resolveContests(next, index, fixed);
  }
  return verdicts;
}

/**
 * Confident verdicts that claim one invoice between them become ambiguous; a `fixed` verdict (a person's)
 * stands, and a line claiming one of its invoices needs a person again.
 */
function resolveContests(
  verdicts: readonly Verdict[],
  index: BookIndex,
  fixed: ReadonlyMap<number, Verdict> = new Map(),
): Verdict[] {
  const claims = new Map<number, number>();
  for (const v of verdicts) for (const id of v.invoices) claims.set(id, (claims.get(id) ?? 0) + 1);
  const chosen = new Set([...fixed.values()].flatMap((v) => v.invoices));
  return verdicts.map((v, k) => {
    if (fixed.has(k)) return v;
    const contested = v.invoices.filter((id) => (claims.get(id) ?? 0) > 1);
    if (contested.length === 0) return v;
    const numbers = contested.map((id) => index.byId.get(id)?.number ?? String(id)).join(', ');
    if (contested.some((id) => chosen.has(id)))
      return {
        class: 'ambiguous',
        invoices: [],
        candidates: v.candidates,
        note: `invoice ${numbers} is accepted for another line`,
      };
    return {
      class: 'ambiguous',
      invoices: [],
      candidates: v.candidates,
      note: `invoice${contested.length > 1 ? 's' : ''} ${contested.join(', ')} claimed by another line too: choose with --accept LINE=INVOICE`,
    };
  });
}
