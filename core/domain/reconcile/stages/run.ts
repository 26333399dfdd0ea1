/**
 * What one matching run keeps between lines, for speed: hit counts and the short list of `reach`, the
 * used-word marks of `weighedFit`, the name readings of texts already read, which invoices each
 * verdict weighed, the set searches made, and the PO lists viewed. Created per run (`matchLines`, `matchLine`,
 * `namedOtherPayer`), so no call shares state with another, and dropped with it.
 */
import type { BookInvoice } from '../book.js';
import { fitScratch, type FitScratch } from '../names.js';
import { REACHED } from '../tuning.js';
import type { Verdict } from '../verdict.js';
import type { BookIndex, NameIndex } from './index.js';
import type { NamesRead } from './identify.js';
import type { DueMemo } from './payer-pool.js';
import type { PoView } from './po-view.js';
import type { SetMemo } from './set-search.js';

/**
 * The invoices a verdict weighed (its payers'): settling by elimination reads a line again only when
 * another line has since settled one of them.
 */
export type Weighed = { readonly schools: ReadonlySet<number> } | { readonly invoices: readonly BookInvoice[] };

/** One run's state: the index it matches against, and its scratch (never shared with another run). */
export interface MatchRun {
  readonly index: BookIndex;
  /** Each name index's hit counts, zero between lines. */
  readonly hits: Map<NameIndex, Float64Array>;
  /** The highest reaches of a line's names, best first. */
  readonly top: Float64Array;
  readonly fit: FitScratch;
  /** Name readings by name words: lines repeat their payers' names, and elimination reads lines again. */
  readonly names: Map<string, NamesRead>;
  /** What each verdict of the run weighed, by verdict (a verdict copied, as a contested one is, weighed nothing). */
  readonly weighed: WeakMap<Verdict, Weighed>;
  /** The set searches made, by what they searched (`setsAmong`). */
  readonly sets: SetMemo;
  /** The PO invoice lists of texts, viewed once each (`poView`). */
  readonly pos: WeakMap<readonly BookInvoice[], PoView>;
  /** A school's invoices of one total in one currency sorted by due day, made once a run each (`indexedPayerPool`). */
  readonly byDue: DueMemo;
}

/**
 * A fresh run against `index`.
 *
 * @example
 * const run = matchRun(indexBook(book)); readLine(line, run);
 */
export function matchRun(index: BookIndex): MatchRun {
  return {
    index,
    hits: new Map(),
    top: new Float64Array(REACHED),
    fit: fitScratch(),
    names: new Map(),
    weighed: new WeakMap(),
    sets: new Map(),
    pos: new WeakMap(),
    byDue: new Map(),
  };
}

/**
 * Records what `verdict` weighed, and returns it.
 *
 * @example
 * return weighed(run, verdict, { schools: new Set([12]) });
 */
export function weighed(run: MatchRun, verdict: Verdict, what: Weighed): Verdict {
  run.weighed.set(verdict, what);
  return verdict;
}
