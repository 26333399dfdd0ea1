/**
 * Stage 2, read: what a line says whatever other lines settle, read once per run. Its text collapsed
 * ("INV-000123" as "INV000123"), the invoice numbers and POs found in it (`findKeys`), a reference cut
 * short at its end, its day, and its name words with what they name (stage 3, `namesOf`).
 */
import type { BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import type { StatementLine } from '../line.js';
import { nameWords } from '../names.js';
import { CUT_MIN, KEY_MIN } from '../tuning.js';
import { namesOf, type NamesRead } from './identify.js';
import { collapse, headCode, type BookIndex } from './index.js';
import type { MatchRun } from './run.js';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * Keys of `index` found in the collapsed text, never as a part of a longer number ("024869" is not in
 * "PO88024869": the digits run on before it).
 */
function findKeys(
  text: string,
  lengths: readonly number[],
  index: ReadonlyMap<string, BookInvoice[]>,
  heads: ReadonlySet<number>,
): readonly BookInvoice[] {
  // The lists hit, each once, in the order first hit.
  const lists: BookInvoice[][] = [];
  // Only where a key may begin (every key has at least `KEY_MIN` characters).
  const starts: number[] = [];
  for (let i = 0; i + KEY_MIN <= text.length; i += 1) if (heads.has(headCode(text, i))) starts.push(i);
  for (const length of lengths) {
    for (const i of starts) {
      if (i + length > text.length) break;
      const hits = index.get(text.slice(i, i + length));
      if (hits === undefined) continue;
      if ((isDigit(text[i]) && isDigit(text[i - 1])) || (isDigit(text[i + length - 1]) && isDigit(text[i + length])))
        continue;
      if (!lists.includes(hits)) lists.push(hits);
    }
  }
  // One list (as nearly always) is the index's own, not copied: a PO of thousands of invoices would cost
  // every line naming it a copy. Its invoices are each in it once.
  if (lists.length === 1) return lists[0] as readonly BookInvoice[];
  return [...new Set(lists.flat())];
}

/** The invoice a reference cut short at the text's end names: the longest tail that begins exactly one invoice number. */
function cutReference(text: string, index: BookIndex): BookInvoice | undefined {
  const longest = Math.max(0, ...index.numberLengths);
  for (let n = Math.min(text.length, longest - 1); n >= CUT_MIN; n -= 1) {
    const hits = index.byPrefix.get(text.slice(-n));
    if (hits !== undefined) return hits.length === 1 ? hits[0] : undefined;
  }
  return undefined;
}

/**
 * Invoices whose number begins with the text's longest tail that begins any (at least `CUT_MIN`
 * characters): a reference cut short, which may pick one of several options that fit the amount.
 *
 * @example
 * cutPrefixHits('OAKFIELD INV0005', index) // the invoices numbered INV-0005...
 */
export function cutPrefixHits(text: string, index: BookIndex): ReadonlySet<BookInvoice> | undefined {
  const longest = Math.max(0, ...index.numberLengths);
  for (let n = Math.min(text.length, longest - 1); n >= CUT_MIN; n -= 1) {
    const hits = index.byPrefix.get(text.slice(-n));
    if (hits !== undefined) return new Set(hits);
  }
  return undefined;
}

/** What a line says whatever other lines settle: its text collapsed, its day, its names, the invoices and POs it names. */
export interface LineRead {
  readonly line: StatementLine;
  readonly text: string;
  /** Its name words (`nameWords`, only those that can match a name). */
  readonly words: readonly string[];
  readonly lineDay: number;
  readonly names: NamesRead;
  readonly refs: readonly BookInvoice[];
  readonly cut: BookInvoice | undefined;
  readonly pos: readonly BookInvoice[];
}

/**
 * What `line` says, against the run's book.
 *
 * @example
 * readLine(line, run).refs // the invoices whose numbers are in the text
 */
export function readLine(line: StatementLine, run: MatchRun): LineRead {
  const { index } = run;
  const text = collapse(line.text);
  const refs = findKeys(text, index.numberLengths, index.byNumber, index.numberHeads);
  const words = nameWords(line.text).filter(index.nameWord);
  return {
    line,
    text,
    refs,
    words,
    lineDay: dayNumber(line.date),
    names: namesOf(words, run),
    cut: refs.length === 0 ? cutReference(text, index) : undefined,
    pos: findKeys(text, index.poLengths, index.byPo, index.poHeads),
  };
}
