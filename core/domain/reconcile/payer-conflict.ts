/**
 * Signals that contradict each other: a reference (or PO) of one school's invoice in a text whose name is
 * clearly another payer's ("OAKFIELD PRIM INV-000556", INV-000556 being Ashgrove's). Either the reference
 * or the name is wrong, and which one only a person can tell: such a line is never confident.
 */
import type { BookInvoice } from './book.js';
import type { Named } from './stages/identify.js';
import type { BookIndex } from './stages/index.js';
import { nameFit } from './names.js';

/** A payer a text names clearly: a school, or a district (trust), with its fit. */
export interface ClearPayer {
  readonly kind: 'school' | 'district';
  readonly named: Named;
}

/** An invoice a line names by reference or PO, and the other payer its text names. */
export interface PayerConflict {
  readonly invoice: BookInvoice;
  /** The payer the text names, as the book names it ("the trust ..." for a district). */
  readonly named: string;
  /** The invoice's school, as the book names it. */
  readonly owner: string;
}

/** Covers are sums of weights: equal ones may differ in their last bits. */
const EPSILON = 1e-6;

/**
 * The first of `invoices` whose school the text's name contradicts: a payer of `clear` that is not that
 * school, not its district and not a school of its district, explains more of the text's name words
 * than the school's own name or its district's does (words of the text the invoice's payer lacks name
 * someone else). Only words that can name a payer count: not those of the invoice numbers named ("INV",
 * "032" of "INV-032 183"), and a number only whole ("183" does not begin "1836" here as a word cut
 * short does). Undefined when none is contradicted.
 *
 * @example
 * payerConflict(['OAKFIELD', 'PRIM'], [{ kind: 'school', named: oakfield }], [inv556], index)
 * // { invoice: inv556, named: 'Oakfield Primary School', owner: 'Ashgrove Primary School 12' }
 */
export function payerConflict(
  words: readonly string[],
  clear: readonly ClearPayer[],
  invoices: readonly BookInvoice[],
  index: BookIndex,
): PayerConflict | undefined {
  if (clear.length === 0) return undefined;
  const numbers = invoices.map((i) => i.number.toUpperCase().replace(/[^A-Z0-9]/g, ''));
  const named = words.filter((w) => !numbers.some((n) => n.includes(w)) && (/[A-Z]/.test(w) || index.knownWord(w)));
  const cover = (name: readonly string[] | undefined): number =>
    name === undefined ? 0 : nameFit(name, named, index.wordWeight, index.knownWord).cover;
  const wordsOf = (p: ClearPayer): readonly string[] | undefined =>
    (p.kind === 'school' ? index.schoolWords : index.districtWords).get(p.named.id);
  for (const invoice of invoices) {
    const school = invoice.school_id;
    const district = index.districtOf.get(school);
    const related = (p: ClearPayer): boolean =>
      p.kind === 'school'
        ? p.named.id === school || (district !== undefined && index.districtOf.get(p.named.id) === district)
        : p.named.id === district;
    const explained = Math.max(
      cover(index.schoolWords.get(school)),
      district === undefined ? 0 : cover(index.districtWords.get(district)),
    );
    const other = clear.find((p) => !related(p) && cover(wordsOf(p)) > explained + EPSILON);
    if (other === undefined) continue;
    const name =
      other.kind === 'school'
        ? (index.schoolName.get(other.named.id) ?? `school ${other.named.id}`)
        : `the trust ${index.districtName.get(other.named.id) ?? other.named.id}`;
    return { invoice, named: name, owner: index.schoolName.get(school) ?? `school ${school}` };
  }
  return undefined;
}

/**
 * The note of a line whose signals contradict each other, naming both payers.
 *
 * @example
 * conflictNote(conflict) // 'the text names Oakfield Primary School, but INV-000556 is Ashgrove Primary School 12's, ...'
 */
export function conflictNote(conflict: PayerConflict): string {
  return `the text names ${conflict.named}, but ${conflict.invoice.number} is ${conflict.owner}'s (not the same school or trust): check who paid, then --accept LINE=INVOICE`;
}
