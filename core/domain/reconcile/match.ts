/**
 * Matching a statement's lines to invoices. Each line gets a class, its candidates (invoice sets with a
 * score and the signals behind it), and, only when confident, the invoices it would mark paid.
 *
 * Signals: the invoice number in the text (whole, or cut short at the end as banks cut references),
 * the PO number (a subscription's, or a promised invoice's reference), the school's or district's name as
 * banks write it, the amount (exact, or short by a small fee), the date (issued before the payment).
 * A line is confident only when a reference, PO or name picks out the payer and exactly one invoice, or
 * one set of 2 to 5 of that payer's invoices, fits the amount; and no other line claims those invoices.
 *
 * The work is in stages (./stages/), each a pure module: index the book once (index), read each line
 * (read), find who it names (identify), fit its amount (price), decide its verdict (decide), then compare
 * lines (contest). Every weight, threshold and limit is in ./tuning.ts. A run's scratch lives in an
 * object made per run (./stages/run.ts), never shared between calls.
 */
import type { BookInvoice } from './book.js';
import type { StatementLine } from './line.js';
import { payerConflict, type PayerConflict } from './payer-conflict.js';
import { contest } from './stages/contest.js';
import { matchRead } from './stages/decide.js';
import { clearPayers } from './stages/identify.js';
import type { BookIndex } from './stages/index.js';
import { readLine } from './stages/read.js';
import { matchRun } from './stages/run.js';
import { notMoneyIn, type MatchOptions, type Verdict } from './verdict.js';

export { dayNumber } from './day-number.js';
export type { Named, NamesRead } from './stages/identify.js';
export { indexBook, type BookIndex, type Live, type NameIndex } from './stages/index.js';
export { setsSumming } from './stages/price.js';
export { FEE_LIMIT, FUTURE_DAYS, PAID_NEAR, SHOWN } from './tuning.js';
export {
  candidateSchema,
  LINE_CLASSES,
  SIGNALS,
  signalSchema,
  type Candidate,
  type LineClass,
  type MatchOptions,
  type Signal,
  type Verdict,
} from './verdict.js';

/**
 * Every line's verdict; a confident line whose invoice another confident line also claims becomes
 * ambiguous, both of them, so no two lines ever mark one invoice. Then by elimination: an ambiguous
 * line whose only other options are invoices other lines settle (confident, or decided by a person in
 * `fixed`, by line position) settles what is left, as a person would ("the other 600.00 of Oakfield
 * was paid by the line naming it, so this 600.00 is for the one left"). `fixed` verdicts stand as given.
 *
 * @example
 * const verdicts = matchLines(lines, indexBook(book)); // verdicts[i] is lines[i]'s
 */
export function matchLines(
  lines: readonly StatementLine[],
  index: BookIndex,
  fixed: ReadonlyMap<number, Verdict> = new Map(),
  options: MatchOptions = {},
): Verdict[] {
  const run = matchRun(index);
  const twinKey = (line: StatementLine): string => `${line.date} ${line.currency} ${line.amount} ${line.text}`;
  const twins = new Map<string, number>();
  const keys = lines.map(twinKey);
  for (const key of keys) twins.set(key, (twins.get(key) ?? 0) + 1);
  const twinsOf = keys.map((key) => twins.get(key) ?? 1);
  // What each line says whatever other lines settle, read once for every round.
  const reads = lines.map((line) => (line.amount > 0 ? readLine(line, run) : undefined));
  const match = (k: number, taken: ReadonlySet<number>, decide = false): Verdict => {
    const read = reads[k];
    return read === undefined
      ? notMoneyIn(lines[k]?.amount ?? 0)
      : matchRead(read, run, taken, twinsOf[k] ?? 1, options.today, decide);
  };
  return contest(lines.length, match, run, fixed);
}

/**
 * One line's verdict, before lines are compared (a contested invoice is found by `matchLines`).
 *
 * @example
 * matchLine(line, indexBook(book), '2026-11-01') // { class: 'confident', invoices: [123], candidates: [...], note: '' }
 */
export function matchLine(
  line: StatementLine,
  index: BookIndex,
  taken: ReadonlySet<number> = new Set(),
  twins = 1,
): Verdict {
  if (line.amount <= 0) return notMoneyIn(line.amount);
  const run = matchRun(index);
  return matchRead(readLine(line, run), run, taken, twins, undefined);
}

/**
 * Whether a line's text clearly names another payer than the school of one of `invoices` (nor of its
 * district): what makes a reference under another school's name ambiguous, asked of invoices a person
 * chose with --accept.
 *
 * @example
 * namedOtherPayer(line('OAKFIELD PRIM INV-000556', 2880), index, [invoice556])
 * // { invoice: invoice556, named: 'Oakfield Primary School', owner: 'Ashgrove Primary School 12' }
 */
export function namedOtherPayer(
  line: StatementLine,
  index: BookIndex,
  invoices: readonly BookInvoice[],
): PayerConflict | undefined {
  const run = matchRun(index);
  const read = readLine(line, run);
  return payerConflict(read.words, clearPayers(read, run), invoices, index);
}
