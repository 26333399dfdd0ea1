/**
 * Stage 1, index: the book indexed once for every line of a run (by invoice number, number prefix, PO,
 * amount, school, and the words of school and district names), so that reading a line is lookups.
 */
import { OPEN_STATES, type Book, type BookInvoice } from '../book.js';
import { dayNumber } from '../day-number.js';
import { nameWords } from '../names.js';
import { CUT_MIN, DIGITS_KEY, KEY_MIN, PREFIX_MIN } from '../tuning.js';
import { sortedByTotal } from './set-search.js';

/** A text as the matcher compares it: capitals and digits only ("inv-000123" is "INV000123"). */
export const collapse = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Appends `value` to `key`'s list.
 *
 * @example
 * push(byId, 7, invoice) // byId.get(7) ends in invoice
 */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Names by their words: each name has a slot (`ids[slot]` is its school or district), each word the slots of the names using it. */
export interface NameIndex {
  readonly ids: readonly number[];
  /** Each slot's name words, and their weights (`wordWeight`), computed once. */
  readonly words: readonly (readonly string[])[];
  readonly weights: readonly Float64Array[];
  readonly byWord: ReadonlyMap<string, readonly number[]>;
}

/** Names by their words (`NameIndex`), each name's words weighed once. */
function nameIndex(wordsOf: ReadonlyMap<number, readonly string[]>, wordWeight: (word: string) => number): NameIndex {
  const ids = [...wordsOf.keys()];
  const words = ids.map((id) => wordsOf.get(id) ?? []);
  const byWord = new Map<string, number[]>();
  words.forEach((list, slot) => {
    for (const word of list) push(byWord, word, slot);
  });
  return { ids, words, weights: words.map((list) => Float64Array.from(list, wordWeight)), byWord };
}

/** An invoice a payment may be of, with its dates as day numbers (NaN for no payment date). */
export interface Live {
  readonly invoice: BookInvoice;
  readonly id: number;
  readonly open: boolean;
  readonly issued: number;
  readonly paid: number;
  /** When it falls due (issued, without a due date): how near in date to a line it is (`dateGap`). */
  readonly due: number;
  /** Its position in the book: its school's list is in this order. */
  readonly at: number;
}

/**
 * `invoice` as a payment may be of it (open, or paid or refunded: a line may be what paid it), at position
 * `at` of its list; undefined for the others.
 *
 * @example
 * liveOf(invoice, 0)?.issued // its issue date's day number
 */
export function liveOf(invoice: BookInvoice, at: number): Live | undefined {
  const open = OPEN_STATES.has(invoice.state);
  if (!open && invoice.state !== 'paid' && invoice.state !== 'refunded') return undefined;
  const paid = !open && typeof invoice.paid_date === 'string' ? dayNumber(invoice.paid_date) : Number.NaN;
  return {
    invoice,
    id: invoice.id,
    open,
    issued: dayNumber(invoice.issued_at),
    paid,
    due: dayNumber(invoice.due_at ?? invoice.issued_at),
    at,
  };
}

/** The book indexed for matching: by number, number prefix, digits, PO, name word, amount. */
export interface BookIndex {
  readonly book: Book;
  readonly byId: ReadonlyMap<number, BookInvoice>;
  readonly byNumber: ReadonlyMap<string, BookInvoice[]>;
  readonly numberLengths: readonly number[];
  readonly byPrefix: ReadonlyMap<string, BookInvoice[]>;
  readonly byPo: ReadonlyMap<string, BookInvoice[]>;
  readonly poLengths: readonly number[];
  readonly bySchool: ReadonlyMap<number, BookInvoice[]>;
  readonly schoolsOfDistrict: ReadonlyMap<number, number[]>;
  /** Every invoice of a district's schools. */
  readonly byDistrict: ReadonlyMap<number, BookInvoice[]>;
  readonly schoolWords: ReadonlyMap<number, string[]>;
  readonly districtWords: ReadonlyMap<number, string[]>;
  readonly schoolNames: NameIndex;
  readonly districtNames: NameIndex;
  readonly wordWeight: (word: string) => number;
  readonly knownWord: (word: string) => boolean;
  /**
   * Whether a text word can match a word of some name (`weighedFit`: the same word, or at least `PREFIX_MIN` letters
   * and one a prefix of the other). The others ("INV", "000123") change no name's fit: a line's names are
   * read from its name words alone, so lines repeating a payer's name share one reading.
   */
  readonly nameWord: (word: string) => boolean;
  readonly schoolName: ReadonlyMap<number, string>;
  readonly districtOf: ReadonlyMap<number, number>;
  readonly districtName: ReadonlyMap<number, string>;
  readonly byAmount: ReadonlyMap<string, BookInvoice[]>;
  /**
   * Each school's invoices a payment may be of (open, and paid or refunded: a line may be what paid them),
   * by currency, in book order, with their day numbers computed once: every line filters its payers'.
   */
  readonly liveBySchool: ReadonlyMap<number, ReadonlyMap<string, readonly Live[]>>;
  /**
   * The same lists sorted by total (ties by id), and a district's schools' lists joined in the
   * district's order of schools and sorted so: the set search walks only their start below a line's amount.
   */
  readonly sortedBySchool: ReadonlyMap<number, ReadonlyMap<string, readonly Live[]>>;
  readonly sortedByDistrict: ReadonlyMap<number, ReadonlyMap<string, readonly Live[]>>;
  /**
   * Each school's open invoices by currency, sorted by due day: a line's nearest in date are found around
   * its day (`indexedPayerPool`). None for a school with a due date that is not a date (its options are
   * ranked from its whole list, as a gap that is not a number ranks with any other).
   */
  readonly openByDue: ReadonlyMap<number, ReadonlyMap<string, readonly Live[] | undefined>>;
  /** The first 3 characters of every key of `byNumber`, and of `byPo` (as `headCode`s): where a key may begin in a text. */
  readonly numberHeads: ReadonlySet<number>;
  readonly poHeads: ReadonlySet<number>;
}

/**
 * Indexes a book once for all lines.
 *
 * @example
 * const index = indexBook(book); matchLines(lines, index);
 */
export function indexBook(book: Book): BookIndex {
  const DIGITS_TAIL = new RegExp(`\\d{${DIGITS_KEY},}$`);
  const byId = new Map<number, BookInvoice>();
  const byNumber = new Map<string, BookInvoice[]>();
  const byPrefix = new Map<string, BookInvoice[]>();
  const byPo = new Map<string, BookInvoice[]>();
  const bySchool = new Map<number, BookInvoice[]>();
  const bySubscription = new Map<number, BookInvoice[]>();
  const byAmount = new Map<string, BookInvoice[]>();
  const numberLengths = new Set<number>();
  const poLengths = new Set<number>();
  for (const invoice of book.invoices) {
    byId.set(invoice.id, invoice);
    const key = collapse(invoice.number);
    if (key.length >= KEY_MIN) {
      push(byNumber, key, invoice);
      numberLengths.add(key.length);
      for (let n = CUT_MIN; n < key.length; n += 1) push(byPrefix, key.slice(0, n), invoice);
      const digits = DIGITS_TAIL.exec(key)?.[0];
      if (digits !== undefined && digits !== key) {
        push(byNumber, digits, invoice);
        numberLengths.add(digits.length);
      }
    }
    push(bySchool, invoice.school_id, invoice);
    if (typeof invoice.subscription_id === 'number') push(bySubscription, invoice.subscription_id, invoice);
    if (OPEN_STATES.has(invoice.state)) push(byAmount, `${invoice.currency} ${invoice.total}`, invoice);
    const promised = invoice.promised_reference ? collapse(invoice.promised_reference) : '';
    if (promised.length >= KEY_MIN) {
      push(byPo, promised, invoice);
      poLengths.add(promised.length);
    }
  }
  const poSeen = new Map<string, Set<BookInvoice>>();
  for (const sub of book.subscriptions) {
    const po = sub.po_number ? collapse(sub.po_number) : '';
    if (po.length < KEY_MIN) continue;
    // A PO of many invoices is checked against a set of those it has, not its list: a long list made this quadratic.
    let listed = poSeen.get(po);
    if (listed === undefined) poSeen.set(po, (listed = new Set(byPo.get(po))));
    for (const invoice of bySubscription.get(sub.id) ?? []) {
      if (listed.has(invoice)) continue;
      listed.add(invoice);
      push(byPo, po, invoice);
    }
    poLengths.add(po.length);
  }
  const schoolsOfDistrict = new Map<number, number[]>();
  const schoolWords = new Map<number, string[]>();
  const df = new Map<string, number>();
  for (const school of book.schools) {
    if (typeof school.district_id === 'number') push(schoolsOfDistrict, school.district_id, school.id);
    const words = [...new Set(nameWords(school.name))];
    schoolWords.set(school.id, words);
    for (const word of words) {
      df.set(word, (df.get(word) ?? 0) + 1);
    }
  }
  const districtWords = new Map<number, string[]>();
  for (const district of book.districts) {
    const words = [...new Set(nameWords(district.name))];
    districtWords.set(district.id, words);
    for (const word of words) {
      df.set(word, (df.get(word) ?? 0) + 1);
    }
  }
  const total = book.schools.length + book.districts.length + 1;
  const weights = new Map([...df].map(([word, n]) => [word, Math.log(1 + total / n)] as const));
  const rare = Math.log(1 + total);
  const wordWeight = (word: string): number => weights.get(word) ?? rare;
  const knownWord = (word: string): boolean => df.has(word);
  // Words of `PREFIX_MIN` letters or more, sorted: a text word begins one of them when the first not before it does.
  const long = [...df.keys()].filter((w) => w.length >= PREFIX_MIN).sort();
  const nameWord = (word: string): boolean => {
    if (df.has(word)) return true;
    if (word.length < PREFIX_MIN) return false;
    for (let n = PREFIX_MIN; n < word.length; n += 1) if (df.has(word.slice(0, n))) return true;
    let lo = 0;
    let hi = long.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((long[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo < long.length && (long[lo] as string).startsWith(word);
  };
  const schoolName = new Map(book.schools.map((s) => [s.id, s.name] as const));
  const districtOf = new Map(
    book.schools.flatMap((s) => (typeof s.district_id === 'number' ? [[s.id, s.district_id] as const] : [])),
  );
  const districtName = new Map(book.districts.map((d) => [d.id, d.name] as const));
  const byDistrict = new Map(
    [...schoolsOfDistrict].map(([d, ids]) => [d, ids.flatMap((s) => bySchool.get(s) ?? [])] as const),
  );
  const heads = (keys: Iterable<string>): Set<number> => {
    const set = new Set<number>();
    for (const key of keys) set.add(headCode(key, 0));
    return set;
  };
  const liveBySchool = new Map<number, Map<string, Live[]>>();
  for (const [at, invoice] of book.invoices.entries()) {
    const live = liveOf(invoice, at);
    if (live === undefined) continue;
    let byCurrency = liveBySchool.get(invoice.school_id);
    if (byCurrency === undefined) liveBySchool.set(invoice.school_id, (byCurrency = new Map()));
    push(byCurrency, invoice.currency, live);
  }
  const sortedBySchool = new Map(
    [...liveBySchool].map(
      ([school, byCurrency]) =>
        [school, new Map([...byCurrency].map(([c, list]) => [c, sortedByTotal(list)] as const))] as const,
    ),
  );
  const byDue = (list: readonly Live[]): Live[] | undefined => {
    const open = list.filter((l) => l.open);
    return open.some((l) => Number.isNaN(l.due)) ? undefined : open.sort((a, b) => a.due - b.due);
  };
  const openByDue = new Map(
    [...liveBySchool].map(
      ([school, byCurrency]) =>
        [school, new Map([...byCurrency].map(([c, list]) => [c, byDue(list)] as const))] as const,
    ),
  );
  const sortedByDistrict = new Map<number, Map<string, Live[]>>();
  for (const [district, ids] of schoolsOfDistrict) {
    const joined = new Map<string, Live[]>();
    for (const school of ids)
      for (const [c, list] of liveBySchool.get(school) ?? []) for (const l of list) push(joined, c, l);
    sortedByDistrict.set(district, new Map([...joined].map(([c, list]) => [c, sortedByTotal(list)] as const)));
  }
  return {
    liveBySchool,
    sortedBySchool,
    sortedByDistrict,
    openByDue,
    numberHeads: heads(byNumber.keys()),
    poHeads: heads(byPo.keys()),
    byDistrict,
    knownWord,
    nameWord,
    schoolName,
    districtOf,
    districtName,
    book,
    byId,
    byNumber,
    numberLengths: [...numberLengths],
    byPrefix,
    byPo,
    poLengths: [...poLengths],
    bySchool,
    schoolsOfDistrict,
    schoolWords,
    districtWords,
    schoolNames: nameIndex(schoolWords, wordWeight),
    districtNames: nameIndex(districtWords, wordWeight),
    wordWeight,
    byAmount,
  };
}

/**
 * The 3 characters of a text from `at` as one number (a collapsed text's are below 128): a key's head, looked up
 * without cutting a string.
 *
 * @example
 * headCode('INV000123', 0) === headCode('INV', 0) // true
 */
export const headCode = (text: string, at: number): number =>
  (text.charCodeAt(at) << 16) | (text.charCodeAt(at + 1) << 8) | text.charCodeAt(at + 2);
