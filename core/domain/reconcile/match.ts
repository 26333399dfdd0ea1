/**
 * Matching a statement's lines to invoices. Each line gets a class, its candidates (invoice sets with a
 * score and the signals behind it), and, only when confident, the invoices it would mark paid.
 *
 * Signals: the invoice number in the text (whole, or cut short at the end as banks cut references),
 * the PO number (a subscription's, or a promised invoice's reference), the school's or district's name as
 * banks write it, the amount (exact, or short by a small fee), the date (issued before the payment).
 * A line is confident only when a reference, PO or name picks out the payer and exactly one invoice, or
 * one set of 2 to 5 of that payer's invoices, fits the amount; and no other line claims those invoices.
 */
import { z } from 'zod';
import { OPEN_STATES, type Book, type BookInvoice } from './book.js';
import type { StatementLine } from './line.js';
import { nameFit, nameWords, weighedFit } from './names.js';
import { payerConflict, conflictNote, type ClearPayer, type PayerConflict } from './payer-conflict.js';
import { paymentRefusal } from './payment-check.js';

export const LINE_CLASSES = ['confident', 'ambiguous', 'refused', 'partial', 'overpaid', 'other-currency', 'already-paid', 'unmatched'] as const;
export type LineClass = (typeof LINE_CLASSES)[number];

export const SIGNALS = ['reference', 'reference-cut', 'po', 'name', 'district', 'amount', 'amount-fee', 'date', 'accepted'] as const;

export const signalSchema = z.strictObject({ signal: z.enum(SIGNALS), points: z.number(), detail: z.string() });
export type Signal = z.infer<typeof signalSchema>;
export const candidateSchema = z.strictObject({ invoices: z.array(z.number().int()).min(1), score: z.number(), signals: z.array(signalSchema) });
export type Candidate = z.infer<typeof candidateSchema>;

/** A line's verdict; the plan file's line is the statement line and this. */
export interface Verdict {
  readonly class: LineClass;
  readonly invoices: number[];
  readonly candidates: Candidate[];
  /** Why, and for partial, overpaid, other-currency, refused and ambiguous lines what to do instead. */
  readonly note: string;
}

/** Invoices issued up to this many days after the payment are candidates (a payment made before the invoice was sent). */
export const FUTURE_DAYS = 3;
/** The most a payment may be short and still settle an invoice (a bank's fee): 25.00, and at most 5% of the total. */
export const FEE_LIMIT = 2500;
/** Candidates shown for a line that needs a person. */
export const SHOWN = 3;
/** Name scores from which a school or district counts as named; from which a name alone may make a line confident; how far below the best a name still counts. */
const NAME_MIN = 0.55;
const NAME_STRONG = 0.72;
const NAME_WINDOW = 0.25;
const DISTRICT_MIN = 0.4;
/** Invoices of one payer searched for a set of 2..5 that sum to a payment. */
const SET_POOL = 40;
/** Names scored in full for a line: those its words reach most. */
const REACHED = 24;
/** Steps of the search for such sets, at most, per line. */
const SET_STEPS = 20_000;
const POINTS = { reference: 50, 'reference-cut': 35, po: 40, name: 30, district: 25, amount: 30, 'amount-fee': 15, date: 5 } as const;

const collapse = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
const digit = (text: string, at: number): number => text.charCodeAt(at) - 48;
/**
 * A YYYY-MM-DD date's day number (days since 1970-01-01), by arithmetic: every line compares the dates of
 * hundreds of invoices, and Date.UTC with its string slices dominated the matcher's time.
 *
 * @example
 * dayNumber('1970-01-02') // 1
 */
export function dayNumber(date: string): number {
  const y0 = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const m = digit(date, 5) * 10 + digit(date, 6);
  const d = digit(date, 8) * 10 + digit(date, 9);
  // Days from the civil date (H. Hinnant's algorithm), years beginning in March.
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
const feeShort = (amount: number, total: number): boolean => amount < total && total - amount <= Math.min(FEE_LIMIT, Math.ceil(total * 0.05));
const money = (minor: number, currency: string): string => `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
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
   * Whether a text word can match a word of some name (`weighedFit`: the same word, or at least 3 letters
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
    if (key.length >= 4) {
      push(byNumber, key, invoice);
      numberLengths.add(key.length);
      for (let n = 6; n < key.length; n += 1) push(byPrefix, key.slice(0, n), invoice);
      const digits = /\d{5,}$/.exec(key)?.[0];
      if (digits !== undefined && digits !== key) {
        push(byNumber, digits, invoice);
        numberLengths.add(digits.length);
      }
    }
    push(bySchool, invoice.school_id, invoice);
    if (typeof invoice.subscription_id === 'number') push(bySubscription, invoice.subscription_id, invoice);
    if (OPEN_STATES.has(invoice.state)) push(byAmount, `${invoice.currency} ${invoice.total}`, invoice);
    const promised = invoice.promised_reference ? collapse(invoice.promised_reference) : '';
    if (promised.length >= 4) {
      push(byPo, promised, invoice);
      poLengths.add(promised.length);
    }
  }
  for (const sub of book.subscriptions) {
    const po = sub.po_number ? collapse(sub.po_number) : '';
    if (po.length < 4) continue;
    for (const invoice of bySubscription.get(sub.id) ?? []) if (!(byPo.get(po) ?? []).includes(invoice)) push(byPo, po, invoice);
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
  // Words of 3 letters or more, sorted: a text word begins one of them when the first not before it does.
  const long = [...df.keys()].filter((w) => w.length >= 3).sort();
  const nameWord = (word: string): boolean => {
    if (df.has(word)) return true;
    if (word.length < 3) return false;
    for (let n = 3; n < word.length; n += 1) if (df.has(word.slice(0, n))) return true;
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
  const districtOf = new Map(book.schools.flatMap((s) => (typeof s.district_id === 'number' ? [[s.id, s.district_id] as const] : [])));
  const districtName = new Map(book.districts.map((d) => [d.id, d.name] as const));
  const byDistrict = new Map([...schoolsOfDistrict].map(([d, ids]) => [d, ids.flatMap((s) => bySchool.get(s) ?? [])] as const));
  const heads = (keys: Iterable<string>): Set<number> => {
    const set = new Set<number>();
    for (const key of keys) set.add(headCode(key, 0));
    return set;
  };
  const liveBySchool = new Map<number, Map<string, Live[]>>();
  for (const invoice of book.invoices) {
    const open = OPEN_STATES.has(invoice.state);
    if (!open && invoice.state !== 'paid' && invoice.state !== 'refunded') continue;
    let byCurrency = liveBySchool.get(invoice.school_id);
    if (byCurrency === undefined) liveBySchool.set(invoice.school_id, (byCurrency = new Map()));
    const paid = !open && typeof invoice.paid_date === 'string' ? dayNumber(invoice.paid_date) : Number.NaN;
    push(byCurrency, invoice.currency, { invoice, id: invoice.id, open, issued: dayNumber(invoice.issued_at), paid });
  }
  return {
    liveBySchool,
    numberHeads: heads(byNumber.keys()),
    poHeads: heads(byPo.keys()),
    byDistrict,
    knownWord, nameWord, schoolName, districtOf, districtName, book, byId, byNumber, numberLengths: [...numberLengths], byPrefix, byPo, poLengths: [...poLengths], bySchool, schoolsOfDistrict,
    schoolWords, districtWords, schoolNames: nameIndex(schoolWords, wordWeight), districtNames: nameIndex(districtWords, wordWeight), wordWeight, byAmount,
  };
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
/** The 3 characters of a text from `at` as one number (a collapsed text's are below 128): a key's head, looked up without cutting a string. */
const headCode = (text: string, at: number): number => (text.charCodeAt(at) << 16) | (text.charCodeAt(at + 1) << 8) | text.charCodeAt(at + 2);

/**
 * Keys of `index` found in the collapsed text, never as a part of a longer number ("024869" is not in
 * "PO88024869": the digits run on before it).
 */
function findKeys(text: string, lengths: readonly number[], index: ReadonlyMap<string, BookInvoice[]>, heads: ReadonlySet<number>): BookInvoice[] {
  const found = new Set<BookInvoice>();
  // Only where a key may begin (every key has at least 4 characters).
  const starts: number[] = [];
  for (let i = 0; i + 4 <= text.length; i += 1) if (heads.has(headCode(text, i))) starts.push(i);
  for (const length of lengths) {
    for (const i of starts) {
      if (i + length > text.length) break;
      const hits = index.get(text.slice(i, i + length));
      if (hits === undefined) continue;
      if ((isDigit(text[i]) && isDigit(text[i - 1])) || (isDigit(text[i + length - 1]) && isDigit(text[i + length]))) continue;
      for (const invoice of hits) found.add(invoice);
    }
  }
  return [...found];
}

/** The invoice a reference cut short at the text's end names: the longest tail that begins exactly one invoice number. */
function cutReference(text: string, index: BookIndex): BookInvoice | undefined {
  const longest = Math.max(0, ...index.numberLengths);
  for (let n = Math.min(text.length, longest - 1); n >= 6; n -= 1) {
    const hits = index.byPrefix.get(text.slice(-n));
    if (hits !== undefined) return hits.length === 1 ? hits[0] : undefined;
  }
  return undefined;
}

/** Invoices whose number begins with the text's longest tail that begins any (at least 5 characters): a reference cut short. */
function cutPrefixHits(text: string, index: BookIndex): ReadonlySet<BookInvoice> | undefined {
  const longest = Math.max(0, ...index.numberLengths);
  for (let n = Math.min(text.length, longest - 1); n >= 6; n -= 1) {
    const hits = index.byPrefix.get(text.slice(-n));
    if (hits !== undefined) return new Set(hits);
  }
  return undefined;
}

export interface Named {
  readonly id: number;
  /** How much of the name the text shows, how much of the text it explains, whether it shows its first word (`nameFit`). */
  readonly score: number;
  readonly cover: number;
  readonly leads: boolean;
}

const NO_WEIGHTS = new Float64Array(0);
/** The highest reaches of a line's names, best first (`reach`'s scratch). */
const topReach = new Float64Array(REACHED);
/** Each name index's hit counts, zero between calls. */
const hitsOf = new WeakMap<NameIndex, Float64Array>();

/** Schools, or districts, the text's words reach most, each scored, best score first. */
function reach(words: readonly string[], names: NameIndex, index: BookIndex): Named[] {
  let hits = hitsOf.get(names);
  if (hits === undefined) hitsOf.set(names, (hits = new Float64Array(names.ids.length)));
  const touched: number[] = [];
  for (const word of new Set(words)) {
    if (word.length < 2) continue;
    const slots = names.byWord.get(word);
    // Very common words (PRIM, ST) alone reach too many to score; a rarer word of the same name reaches it.
    if (slots === undefined || slots.length > 400) continue;
    const w = index.wordWeight(word);
    for (const slot of slots) {
      if (hits[slot] === 0) touched.push(slot);
      hits[slot] = (hits[slot] ?? 0) + w;
    }
  }
  // Only the names the text's words reach most are scored in full: the 24 reached most, and every name
  // reached as much as the last of them (a cut among names the text reaches alike would drop a payer).
  // The 24th highest reach (the lowest, for fewer names), kept in a short list: sorting every name a
  // line's words touch (hundreds) cost more than scoring.
  const top = topReach;
  let kept = 0;
  for (const slot of touched) {
    const v = hits[slot] ?? 0;
    if (kept === REACHED && v <= (top[REACHED - 1] ?? 0)) continue;
    let at = kept < REACHED ? kept++ : REACHED - 1;
    for (; at > 0 && (top[at - 1] ?? 0) < v; at -= 1) top[at] = top[at - 1] ?? 0;
    top[at] = v;
  }
  const floor = (kept === 0 ? 0 : (top[kept - 1] ?? 0)) - 1e-9;
  const reached = touched.filter((slot) => (hits[slot] ?? 0) >= floor);
  for (const slot of touched) hits[slot] = 0;
  // The text's words weighed once for every name scored.
  const textWeights = words.map(index.wordWeight);
  const against = words.map((t) => t.length >= 3 && index.knownWord(t));
  return reached
    .map((slot) => {
      const fit = weighedFit(names.words[slot] ?? [], names.weights[slot] ?? NO_WEIGHTS, words, textWeights, against);
      // Rounded, so that two names explaining the same words compare equal whatever the order of the sum.
      return { id: names.ids[slot] as number, score: fit.score, cover: Math.round(fit.cover * 1e6) / 1e6, leads: fit.leads };
    })
    .sort((a, b) => b.score - a.score);
}

/** Characters of a payer's name a bank carries (a BACS payment's name field). */
const BANK_NAME = 18;

/**
 * Whether the text begins with the name cut short by the bank: its first `BANK_NAME` characters (the text
 * at least one short of them, trimmed) are all words of the name from its first, the last perhaps cut
 * inside a word of the name.
 *
 * @example
 * cutShort('HILLCREST VILLAGE', ['HILLCREST', 'VILL', 'PRIM', 'ACAD'], index) // true
 * cutShort('BROOKFIELD GREEN P BACS', ['BROOKFIELD', 'GREEN', 'PRIM'], index) // true
 * cutShort('HILLCREST BACS', ['HILLCREST', 'VILL', 'PRIM', 'ACAD'], index) // false: not cut
 * cutShort('HILLCREST VILL BACS', ['HILLCREST', 'VILL', 'PRIM', 'ACAD'], index) // false: BAC begins no word of it
 */
function cutShort(text: string, name: readonly string[], index: BookIndex): boolean {
  if (text.trim().length < BANK_NAME - 1) return false;
  const head = nameWords(text.slice(0, BANK_NAME));
  const last = head.at(-1) ?? '';
  const whole = name.some((w) => w.startsWith(last)) && !name.includes(last) ? head.slice(0, -1) : head;
  const fit = nameFit(name, whole, index.wordWeight, index.knownWord);
  return whole.length > 0 && fit.leads && Math.abs(fit.cover - whole.reduce((sum, w) => sum + index.wordWeight(w), 0)) < 1e-9;
}

/**
 * Sets of 2..5 invoices of `pool` summing to `amount`: at most `limit` of them.
 *
 * @example
 * setsSumming(invoices, 30000, 2) // [[a, b]]
 */
export function setsSumming(pool: readonly BookInvoice[], amount: number, limit: number): BookInvoice[][] {
  // Only invoices below the amount can be in a set; a payer with more of them than the search takes
  // cannot show that one set alone fits, as below.
  const below = pool.filter((i) => i.total > 0 && i.total < amount);
  const sorted = below.sort((a, b) => a.total - b.total).slice(0, SET_POOL);
  const found: BookInvoice[][] = [];
  const pick: BookInvoice[] = [];
  // A pool with too many combinations to search in time cannot show that one set alone fits: its search
  // stops, and the sets found are padded to the limit, so the line is never confident by a set.
  let steps = 0;
  const walk = (from: number, left: number): void => {
    if (found.length >= limit) return;
    if (left === 0 && pick.length >= 2) {
      found.push([...pick]);
      return;
    }
    if (pick.length === 5) return;
    for (let i = from; i < sorted.length; i += 1) {
      steps += 1;
      if (steps > SET_STEPS) return;
      const invoice = sorted[i] as BookInvoice;
      if (invoice.total > left) break;
      if (invoice.total <= 0) continue;
      pick.push(invoice);
      walk(i + 1, left - invoice.total);
      pick.pop();
      if (found.length >= limit) return;
    }
  };
  walk(0, amount);
  if (steps > SET_STEPS || below.length > SET_POOL) while (found.length > 0 && found.length < limit) found.push(found[0] as BookInvoice[]);
  return found;
}

/**
 * Days between a line and the recorded payment date of a paid invoice within which that payment may be
 * this line (applied plans record the line's date; a payment recorded by hand is dated within a working
 * week or so of the bank's date). An invoice paid further from the line was paid by something else.
 */
export const PAID_NEAR = 7;

interface Context {
  readonly line: StatementLine;
  /** Invoices other lines of these statements settle (confident or accepted): never an option for this one. */
  readonly taken: ReadonlySet<number>;
  readonly signals: Map<number, Signal[]>;
  /** Schools and districts the text names, with their scores: their invoices get a name signal when shown. */
  readonly schools: ReadonlyMap<number, number>;
  readonly districts: ReadonlyMap<number, number>;
  readonly index: BookIndex;
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

function candidateOf(ctx: Context, invoices: readonly BookInvoice[]): Candidate {
  const { line } = ctx;
  const signals: Signal[] = [];
  const seen = new Set<string>();
  const { index } = ctx;
  const namedSignals = (invoice: BookInvoice): Signal[] => {
    const out: Signal[] = [];
    const school = ctx.schools.get(invoice.school_id);
    if (school !== undefined) out.push({ signal: 'name', points: Math.round(POINTS.name * school * 10) / 10, detail: `"${index.schoolName.get(invoice.school_id) ?? ''}" (${Math.round(school * 100)}%)` });
    const district = index.book.schools.length > 0 ? districtOfSchool(index, invoice.school_id) : undefined;
    const score = district === undefined ? undefined : ctx.districts.get(district);
    if (district !== undefined && score !== undefined) out.push({ signal: 'district', points: Math.round(POINTS.district * score * 10) / 10, detail: `district "${index.districtName.get(district) ?? ''}" (${Math.round(score * 100)}%)` });
    return out;
  };
  // A set is as well named as its least named invoice: invoices of several payers the text names do not add up.
  let namePoints = Infinity;
  for (const invoice of invoices) {
    const byName = namedSignals(invoice);
    namePoints = Math.min(namePoints, byName.reduce((sum, s) => sum + s.points, 0));
    for (const s of [...(ctx.signals.get(invoice.id) ?? []), ...byName]) {
      if (!seen.has(`${s.signal}${s.detail}`)) {
        seen.add(`${s.signal}${s.detail}`);
        signals.push(s);
      }
    }
  }
  const total = invoices.reduce((sum, i) => sum + i.total, 0);
  const currency = invoices[0]?.currency ?? line.currency;
  if (currency === line.currency && total === line.amount) signals.push({ signal: 'amount', points: POINTS.amount, detail: invoices.length === 1 ? 'exact' : `exact, ${invoices.length} invoices together` });
  else if (currency === line.currency && feeShort(line.amount, total)) signals.push({ signal: 'amount-fee', points: POINTS['amount-fee'], detail: `short by ${money(total - line.amount, currency)} (a fee?)` });
  const lineDay = dayNumber(line.date);
  if (invoices.every((i) => dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS && lineDay - dayNumber(i.issued_at) <= 400)) signals.push({ signal: 'date', points: POINTS.date, detail: `issued ${invoices.map((i) => i.issued_at).join(', ')}` });
  const others = signals.filter((s) => s.signal !== 'name' && s.signal !== 'district').reduce((sum, s) => sum + s.points, 0);
  const score = Math.round((others + (invoices.length > 0 ? namePoints : 0)) * 10) / 10;
  return { invoices: invoices.map((i) => i.id).sort((a, b) => a - b), score, signals };
}

function districtOfSchool(index: BookIndex, school: number): number | undefined {
  const id = index.districtOf.get(school);
  return id ?? undefined;
}

const byScore = (a: Candidate, b: Candidate): number => b.score - a.score || (a.invoices[0] ?? 0) - (b.invoices[0] ?? 0);

/**
 * What the school and district names of a text tell, read once for every text with the same name words:
 * the names reached with their fits, the most of the text one name explains (`top`), those named enough
 * to be payers, and the payers themselves (schools, and the schools of districts named).
 */
export interface NamesRead {
  readonly reachedSchools: readonly Named[];
  readonly top: number;
  readonly schools: readonly Named[];
  readonly districts: readonly Named[];
  readonly schoolScore: ReadonlyMap<number, number>;
  readonly districtScore: ReadonlyMap<number, number>;
  readonly best: number;
  readonly payerSchools: readonly number[];
  readonly payers: readonly number[];
}

/** Name readings by book index and name words: lines repeat their payers' names, and elimination reads lines again. */
const namesBefore = new WeakMap<BookIndex, Map<string, NamesRead>>();

function namesOf(words: readonly string[], index: BookIndex): NamesRead {
  const key = words.join(' ');
  let memo = namesBefore.get(index);
  if (memo === undefined) namesBefore.set(index, (memo = new Map()));
  const known = memo.get(key);
  if (known !== undefined) return known;
  const reachedSchools = reach(words, index.schoolNames, index);
  const reachedDistricts = reach(words, index.districtNames, index);
  // The most of the text one name explains. A name explaining that much fits the text as well as any: a
  // bank cuts a name at 18 characters, so "HILLCREST ACADEMY" names the trust "Hillcrest Academy Trust"
  // as much as the school "Hillcrest Primary Academy", however many words either has that it does not show.
  let top = 0;
  for (const n of reachedSchools) top = Math.max(top, n.cover);
  for (const n of reachedDistricts) top = Math.max(top, n.cover);
  const fitsBest = (n: Named): boolean => top > 0 && n.cover >= top && n.leads;
  const schools = reachedSchools.filter((n) => n.score >= NAME_MIN || fitsBest(n));
  // A district named even in part widens the payers: its schools' invoices become options too (never fewer).
  const districts = reachedDistricts.filter((n) => n.score >= DISTRICT_MIN || fitsBest(n));
  // By name: the best-named schools (within a whisker of the best), any named district's schools, and
  // every school and district the text fits as well as any other.
  const best = Math.max(schools[0]?.score ?? 0, districts[0]?.score ?? 0);
  const payerSchools = schools.filter((s) => s.score >= best - NAME_WINDOW || fitsBest(s)).map((s) => s.id);
  const districtSchools = districts.flatMap((d) => index.schoolsOfDistrict.get(d.id) ?? []);
  const read: NamesRead = {
    reachedSchools, top, schools, districts, best, payerSchools,
    schoolScore: new Map(schools.map((n) => [n.id, n.score])),
    districtScore: new Map(districts.map((n) => [n.id, n.score])),
    payers: [...new Set([...payerSchools, ...districtSchools])],
  };
  if (memo.size < 50_000) memo.set(key, read);
  return read;
}

/** What a line says whatever other lines settle: its text collapsed, its day, its names, the invoices and POs it names. */
interface LineRead {
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

function readLine(line: StatementLine, index: BookIndex): LineRead {
  const text = collapse(line.text);
  const refs = findKeys(text, index.numberLengths, index.byNumber, index.numberHeads);
  const words = nameWords(line.text).filter(index.nameWord);
  return {
    line, text, refs, words,
    lineDay: dayNumber(line.date),
    names: namesOf(words, index),
    cut: refs.length === 0 ? cutReference(text, index) : undefined,
    pos: findKeys(text, index.poLengths, index.byPo, index.poHeads),
  };
}

/**
 * One line's verdict, before lines are compared (a contested invoice is found by `matchLines`).
 *
 * @example
 * matchLine(line, indexBook(book), '2026-11-01') // { class: 'confident', invoices: [123], candidates: [...], note: '' }
 */
export function matchLine(line: StatementLine, index: BookIndex, taken: ReadonlySet<number> = new Set(), twins = 1): Verdict {
  if (line.amount <= 0) return MONEY_OUT;
  return matchRead(readLine(line, index), index, taken, twins, undefined);
}

const MONEY_OUT: Verdict = { class: 'unmatched', invoices: [], candidates: [], note: 'money out: not a payment of an invoice' };

/**
 * The payers a line's text names clearly: schools and districts named well (`NAME_STRONG`), or cut short
 * by the bank's name field as far as it goes, as a name must be to decide a line alone.
 */
function clearPayers(read: LineRead, index: BookIndex): ClearPayer[] {
  const { top, schools, districts } = read.names;
  const clearly = (n: Named, wordsOf: ReadonlyMap<number, string[]>): boolean => n.score >= NAME_STRONG || (top > 0 && n.cover >= top && n.leads && cutShort(read.line.text, wordsOf.get(n.id) ?? [], index));
  return [
    ...schools.filter((n) => clearly(n, index.schoolWords)).map((named) => ({ kind: 'school' as const, named })),
    ...districts.filter((n) => clearly(n, index.districtWords)).map((named) => ({ kind: 'district' as const, named })),
  ];
}

/**
 * A line whose reference or PO names invoices of a payer its text clearly does not name: ambiguous, with
 * the invoices named and what the name alone would pick, and a note naming both payers.
 */
function contradicted(ctx: Context, read: LineRead, conflict: PayerConflict, named: readonly BookInvoice[]): Verdict {
  if (ctx.decide) return UNRANKED;
  const byName = matchRead({ ...read, refs: [], cut: undefined, pos: [] }, ctx.index, ctx.taken, ctx.twins, ctx.today);
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
 * Whether a line's text clearly names another payer than the school of one of `invoices` (nor of its
 * district): what makes a reference under another school's name ambiguous, asked of invoices a person
 * chose with --accept.
 *
 * @example
 * namedOtherPayer(line('OAKFIELD PRIM INV-000556', 2880), index, [invoice556])
 * // { invoice: invoice556, named: 'Oakfield Primary School', owner: 'Ashgrove Primary School 12' }
 */
export function namedOtherPayer(line: StatementLine, index: BookIndex, invoices: readonly BookInvoice[]): PayerConflict | undefined {
  const read = readLine(line, index);
  return payerConflict(read.words, clearPayers(read, index), invoices, index);
}

function matchRead(read: LineRead, index: BookIndex, taken: ReadonlySet<number>, twins: number, today: string | undefined, decide = false): Verdict {
  const { line, text, lineDay, refs, cut, pos } = read;
  const { reachedSchools, top, schools, districts, best, payerSchools, payers } = read.names;
  const fitsBest = (n: Named): boolean => top > 0 && n.cover >= top && n.leads;
  const ctx: Context = { line, signals: new Map(), taken, twins, decide, today, index, schools: read.names.schoolScore, districts: read.names.districtScore };
  const note = (invoice: BookInvoice, signal: Signal): void => push(ctx.signals, invoice.id, signal);
  const settleable = (i: BookInvoice): boolean => OPEN_STATES.has(i.state) && i.currency === line.currency && dayNumber(i.issued_at) <= lineDay + FUTURE_DAYS;

  // Who paid: by reference, PO, then name.
  for (const i of refs) note(i, { signal: 'reference', points: POINTS.reference, detail: `${i.number} in the text` });
  if (cut) note(cut, { signal: 'reference-cut', points: POINTS['reference-cut'], detail: `${cut.number} cut short at the end of the text` });
  for (const i of pos) note(i, { signal: 'po', points: POINTS.po, detail: 'the PO number in the text' });

  const identified = [...new Set([...refs, ...(cut ? [cut] : [])])];
  // A reference or PO of one payer's invoices under a name that is clearly another payer's: the signals
  // contradict each other, and a person decides.
  const conflict = identified.length > 0 || pos.length > 0 ? payerConflict(read.words, clearPayers(read, index), identified.length > 0 ? identified : pos, index) : undefined;
  if (conflict !== undefined) return contradicted(ctx, read, conflict, identified.length > 0 ? identified : pos);
  if (identified.length > 0) return weighed(byIdentity(ctx, identified, settleable, index), { schools: new Set(identified.map((i) => i.school_id)) });
  if (pos.length > 0) {
    const usable = (i: BookInvoice): boolean => !taken.has(i.id) && (settleable(i) || paidNear(ctx, i));
    return weighed(byPool(ctx, pos.filter(usable), () => pos, settleable, 'the PO'), { invoices: pos });
  }
  // By name (`namesOf`): the amount (or a reference cut short) must pick one invoice or set among all the
  // payers' invoices: a name shared by two payers never picks one.
  if (payers.length > 0) {
    // A payment of several invoices is of one payer: sets are sought within one school, or one district.
    // Each payer's invoices this line may be of (not settled by another line; open and issued by then, or
    // paid near it), from the index by school and currency, in book order.
    const usableOf = new Map<number, BookInvoice[]>();
    const usable = (school: number): BookInvoice[] => {
      let list = usableOf.get(school);
      if (list !== undefined) return list;
      list = [];
      for (const l of index.liveBySchool.get(school)?.get(line.currency) ?? []) {
        if ((l.open ? l.issued <= lineDay + FUTURE_DAYS : Math.abs(l.paid - lineDay) <= PAID_NEAR) && !taken.has(l.id)) list.push(l.invoice);
      }
      usableOf.set(school, list);
      return list;
    };
    const concat = (schools: readonly number[]): BookInvoice[] => {
      const list: BookInvoice[] = [];
      for (const s of schools) for (const i of usable(s)) list.push(i);
      return list;
    };
    const groups = [...payerSchools.map(usable), ...districts.map((d) => concat(index.schoolsOfDistrict.get(d.id) ?? []))];
    const weighedAll = { schools: new Set(payers) };
    const all = (): BookInvoice[] => payers.flatMap((s) => index.bySchool.get(s) ?? []);
    const verdict = byPool(ctx, concat(payers), all, settleable, 'the payer named', cutPrefixHits(text, index), groups);
    if (verdict.class !== 'confident') return weighed(verdict, weighedAll);
    // The invoices picked must be of a payer the text names well (its school's name or its district's), or
    // fits as well as any other: a district named only in part widens the options but never decides.
    const payerOf = (id: number): { school: Named | undefined; district: Named | undefined } => {
      const school = index.byId.get(id)?.school_id;
      const district = school === undefined ? undefined : index.districtOf.get(school);
      return { school: schools.find((n) => n.id === school), district: districts.find((n) => n.id === district) };
    };
    // A name only partly shown decides when the bank's name field is full of it: the text cut short.
    const cutName = (n: Named | undefined, wordsOf: ReadonlyMap<number, string[]>): boolean => n !== undefined && fitsBest(n) && cutShort(line.text, wordsOf.get(n.id) ?? [], index);
    const byCut = verdict.invoices.every((id) => cutName(payerOf(id).school, index.schoolWords) || cutName(payerOf(id).district, index.districtWords));
    if (best < NAME_STRONG && !byCut) return weighed({ class: 'ambiguous', invoices: [], candidates: verdict.candidates, note: 'the name only partly agrees: check who paid, then --accept LINE=INVOICE' }, weighedAll);
    const strong = (n: Named | undefined): boolean => n !== undefined && (n.score >= NAME_STRONG || fitsBest(n));
    const namedWell = verdict.invoices.every((id) => strong(payerOf(id).school) || strong(payerOf(id).district));
    if (namedWell) return verdict;
    return weighed({ class: 'ambiguous', invoices: [], candidates: verdict.candidates, note: 'the invoices that fit are of a payer the text names only in part: check who paid, then --accept LINE=INVOICE' }, weighedAll);
  }
  // The amount alone never makes a line confident: it shows the invoices of that amount, nearest in date first.
  const same = (index.byAmount.get(`${line.currency} ${line.amount}`) ?? []).filter(settleable);
  if (same.length === 0) return { class: 'unmatched', invoices: [], candidates: [], note: 'no reference, PO or name found, and no open invoice of this amount' };
  // Invoices of schools the text half names first, then nearest in date.
  const half = new Map(reachedSchools.filter((s) => s.score >= 0.2).map((s) => [s.id, s.score] as const));
  const nearest = [...same]
    .sort((a, b) => (half.get(b.school_id) ?? 0) - (half.get(a.school_id) ?? 0) || dateGap(lineDay, [a]) - dateGap(lineDay, [b]))
    .slice(0, SHOWN);
  return { class: 'ambiguous', invoices: [], candidates: nearest.map((i) => candidateOf(ctx, [i])), note: `only the amount agrees (${same.length} open invoice${same.length === 1 ? '' : 's'} of it): check who paid` };
}

/** A line that names invoices (number or PO): those invoices decide. */
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
  const since = identified.filter((i) => !settleable(i) && paidNear(ctx, i));
  const both = [...open, ...since];
  const options = [...both.filter((i) => i.total === line.amount).map((i) => [i]), ...(both.length > 1 ? setsSumming(both, line.amount, 2) : [])];
  if (options.length === 1 && since.some((i) => (options[0] as BookInvoice[]).includes(i))) return alreadyPaid(ctx, options[0] as BookInvoice[]);
  if (options.length === 1) return confident(ctx, options[0] as BookInvoice[]);
  if (options.length > 1) return ambiguous(ctx, options, 'more than one of the invoices named, or set of them, fits the amount');
  if (line.amount > sum) {
    // The named invoices and others of the same payer together.
    const payer = [...new Set(open.map((i) => i.school_id))];
    const pool = payer.flatMap((s) => index.bySchool.get(s) ?? []).filter((i) => !ctx.taken.has(i.id) && (settleable(i) || paidNear(ctx, i)));
    const sets = setsSumming(pool, line.amount, 3);
    const withNamed = sets.filter((set) => open.every((i) => set.includes(i)));
    if (withNamed.length === 1 && sets.length === 1 && (withNamed[0] as BookInvoice[]).some((i) => !settleable(i))) return alreadyPaid(ctx, withNamed[0] as BookInvoice[]);
    if (withNamed.length === 1 && sets.length === 1) return confident(ctx, withNamed[0] as BookInvoice[]);
    return { class: 'overpaid', invoices: [], candidates: all, note: `paid ${money(line.amount, line.currency)}, ${money(line.amount - sum, line.currency)} more than ${open.map((i) => i.number).join(' + ')}: not marked paid; mark it by hand and refund or credit the difference` };
  }
  return { class: 'partial', invoices: [], candidates: all, note: `paid ${money(line.amount, line.currency)} of ${money(sum, line.currency)} due on ${open.map((i) => i.number).join(' + ')}: not marked paid; ask for the rest, or record the part payment by hand` };
}

/**
 * Invoices paid within `PAID_NEAR` days of the line: the line may be what paid them (a statement read
 * again after its plan was applied, or a payment recorded by hand), so they still count as options.
 */
function paidNear(ctx: Context, i: BookInvoice): boolean {
  return (i.state === 'paid' || i.state === 'refunded') && i.currency === ctx.line.currency && typeof i.paid_date === 'string' && Math.abs(dayNumber(i.paid_date) - dayNumber(ctx.line.date)) <= PAID_NEAR;
}

/**
 * A payer's invoices (a school's, a district's schools', a PO's) against the amount: every set of 1 to 5
 * of them summing to it is an option, counting those paid near the line; exactly one option of open
 * invoices is confident, of paid ones already paid; more are ambiguous. Else one invoice short by a fee.
 */
function byPool(ctx: Context, pool: readonly BookInvoice[], all: () => readonly BookInvoice[], settleable: (i: BookInvoice) => boolean, what: string, cutHits?: ReadonlySet<BookInvoice>, groups: readonly (readonly BookInvoice[])[] = [pool]): Verdict {
  const { line } = ctx;
  const isPaid = (i: BookInvoice): boolean => !settleable(i);
  const singles = pool.filter((i) => i.total === line.amount).map((i) => [i]);
  // Every single, and up to 3 sets, each of one payer (`groups`): a reference cut short picks among all of them (the best 3 are shown).
  const sets = new Map<string, BookInvoice[]>();
  for (const group of groups) {
    if (sets.size >= 3) break;
    // A set found twice is the search's padding (it could not finish): kept twice, so no set is alone.
    const found = setsSumming(group, line.amount, 3 - sets.size);
    found.forEach((set, n) => sets.set(`${set.map((i) => i.id).join()}${found.indexOf(set) < n ? `#${n}` : ''}`, set));
  }
  const options = [...singles, ...sets.values()];
  const fee = options.length === 0 ? pool.filter((i) => feeShort(line.amount, i.total)).map((i) => [i]) : [];
  let fits = options.length > 0 ? options : fee;
  // A reference cut short that begins the numbers of only one option's invoices picks that option.
  if (fits.length > 1 && cutHits !== undefined) {
    const picked = fits.filter((set) => set.some((i) => cutHits.has(i)));
    if (picked.length === 1) {
      fits = picked;
      for (const i of (picked[0] as BookInvoice[]).filter((x) => cutHits.has(x))) push(ctx.signals, i.id, { signal: 'reference-cut', points: 20, detail: `the text ends in the start of ${i.number}, and of no other invoice that fits` });
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
    return ambiguous(ctx, options.length > 0 && !ctx.decide ? [...fits, ...schoolSets(groups, line.amount, fits)] : fits, fee.length > 0 ? 'several invoices are just over the amount (a fee?)' : `more than one invoice or set of ${what} fits the amount`);
  }
  const open = pool.filter(settleable);
  const shown = (list: readonly BookInvoice[]): Candidate[] => list.map((i) => candidateOf(ctx, [i])).sort(byScore).slice(0, SHOWN);
  if (open.length === 0) {
    const other = all().filter((i) => OPEN_STATES.has(i.state) && i.currency !== line.currency);
    if (other.length > 0) return { class: 'other-currency', invoices: [], candidates: shown(other), note: `the open invoices of ${what} are in ${[...new Set(other.map((i) => i.currency.toUpperCase()))].join(', ')}, the payment in ${line.currency.toUpperCase()}: record it with invoices mark forex, or by hand` };
    return { class: 'unmatched', invoices: [], candidates: [], note: `${what} has no open invoice` };
  }
  if (open.every((i) => i.total > line.amount)) {
    return { class: 'partial', invoices: [], candidates: shown(open), note: `paid ${money(line.amount, line.currency)}, less than any open invoice of ${what}: not marked paid; ask for the rest, or record the part payment by hand` };
  }
  if (open.reduce((sum, i) => sum + i.total, 0) < line.amount) {
    return { class: 'overpaid', invoices: [], candidates: shown(open), note: `paid ${money(line.amount, line.currency)}, more than all open invoices of ${what}: not marked paid; mark by hand and refund or credit the difference` };
  }
  // The search across a whole trust takes only its smallest invoices: a set of one school's may still fit, to show first.
  const oneSchool = ctx.decide ? [] : schoolSets(groups, line.amount, []);
  if (oneSchool.length > 0) return ambiguous(ctx, [...oneSchool, ...open.map((i) => [i])], `sets of one school's invoices fit the amount, but ${what} has too many invoices to tell whether only one set does`);
  return ambiguous(ctx, open.map((i) => [i]), `${what} is named but no invoice or set of them fits the amount`);
}

/**
 * More options for a line that needs a person, to show: the sets of each school's own invoices (in the
 * groups searched) that sum to the amount, which the search across a whole trust's schools, stopping at
 * its first few sets, may not reach. Never used to decide: only ranked with the others (`ambiguous`).
 */
function schoolSets(groups: readonly (readonly BookInvoice[])[], amount: number, known: readonly (readonly BookInvoice[])[]): BookInvoice[][] {
  const key = (set: readonly BookInvoice[]): string => set.map((i) => i.id).sort((a, b) => a - b).join();
  const seen = new Set(known.map(key));
  const bySchool = new Map<number, BookInvoice[]>();
  for (const group of groups) for (const i of group) push(bySchool, i.school_id, i);
  const found: BookInvoice[][] = [];
  for (const list of bySchool.values()) {
    if (list.length < 2) continue;
    for (const set of setsSumming([...new Set(list)], amount, SHOWN)) {
      const k = key(set);
      if (seen.has(k)) continue;
      seen.add(k);
      found.push(set);
    }
  }
  return found;
}

function alreadyPaid(ctx: Context, invoices: readonly BookInvoice[]): Verdict {
  return { class: 'already-paid', invoices: [], candidates: invoices.slice(0, SHOWN).map((i) => candidateOf(ctx, [i])), note: `already paid: ${invoices.map((i) => `${i.number} on ${i.paid_date ?? '?'}`).join(', ')}; nothing to mark` };
}

function confident(ctx: Context, invoices: readonly BookInvoice[]): Verdict {
  const candidate = candidateOf(ctx, invoices);
  // A write the API would refuse is never planned: the person fixes the date (or the statement's order).
  const refusal = paymentRefusal(ctx.line, invoices, ctx.today);
  if (refusal !== undefined) return { class: 'refused', invoices: [], candidates: [candidate], note: refusal };
  return { class: 'confident', invoices: candidate.invoices, candidates: [candidate], note: '' };
}

/**
 * Days between a payment and when its invoices fell due (or were issued, without a due date), the furthest
 * of a set: a payment is most likely of invoices due about when it was made.
 */
function dateGap(lineDay: number, invoices: readonly BookInvoice[]): number {
  return Math.max(0, ...invoices.map((i) => Math.abs(lineDay - dayNumber(i.due_at ?? i.issued_at))));
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
 */
function ambiguous(ctx: Context, sets: readonly (readonly BookInvoice[])[], why: string): Verdict {
  if (ctx.decide) return UNRANKED;
  const lineDay = dayNumber(ctx.line.date);
  const ranked = sets
    .map((set) => ({ candidate: candidateOf(ctx, set), gap: dateGap(lineDay, set), ...coincidences(set) }))
    .sort((a, b) => b.candidate.score - a.candidate.score || a.recorded - b.recorded || a.schools - b.schools || a.size - b.size || a.gap - b.gap || byScore(a.candidate, b.candidate));
  const candidates = ranked.map((r) => r.candidate);
  return { class: 'ambiguous', invoices: [], candidates: (ctx.twins > 1 ? twinsFirst(candidates, sets, ctx.twins) : candidates).slice(0, SHOWN), note: `${why}: choose with --accept LINE=INVOICE` };
}

/** A line that needs a person, read again only to see whether it is now confident: its options are not ranked. */
const UNRANKED: Verdict = { class: 'ambiguous', invoices: [], candidates: [], note: '' };

/** What an option asks to believe: whether it has an invoice already recorded paid (1) or not (0), how many schools' invoices, how many invoices. */
function coincidences(set: readonly BookInvoice[]): { recorded: number; schools: number; size: number } {
  let recorded = 0;
  let schools = 0;
  for (let k = 0; k < set.length; k += 1) {
    const i = set[k] as BookInvoice;
    if (!OPEN_STATES.has(i.state)) recorded = 1;
    // A school counted at its first invoice in the set (a set has at most 5).
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
function twinsFirst(ranked: readonly Candidate[], sets: readonly (readonly BookInvoice[])[], twins: number): Candidate[] {
  const schoolOf = new Map(sets.flat().map((i) => [i.id, i.school_id] as const));
  const kindOf = (c: Candidate): string => `${[...new Set(c.invoices.map((id) => schoolOf.get(id)))].sort().join()}/${c.invoices.length}`;
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

/**
 * The invoices a verdict weighed (its payers'), by verdict: settling by elimination reads a line again
 * only when another line has since settled one of them.
 */
type Weighed = { readonly schools: ReadonlySet<number> } | { readonly invoices: readonly BookInvoice[] };
const weighedBy = new WeakMap<Verdict, Weighed>();
function weighed(verdict: Verdict, what: Weighed): Verdict {
  weighedBy.set(verdict, what);
  return verdict;
}

/** What the plan is made against besides the book. */
export interface MatchOptions {
  /**
   * The day the plan is made (`YYYY-MM-DD`, the CLI's clock): a line dated after it is `refused`, as the
   * API refuses a payment date in the future. Without it no line is in the future.
   */
  readonly today?: string | undefined;
}

/** Rounds of settling by elimination, at most (each re-reads only the lines still ambiguous). */
const ELIMINATION_ROUNDS = 3;

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
export function matchLines(lines: readonly StatementLine[], index: BookIndex, fixed: ReadonlyMap<number, Verdict> = new Map(), options: MatchOptions = {}): Verdict[] {
  const twinKey = (line: StatementLine): string => `${line.date} ${line.currency} ${line.amount} ${line.text}`;
  const twins = new Map<string, number>();
  const keys = lines.map(twinKey);
  for (const key of keys) twins.set(key, (twins.get(key) ?? 0) + 1);
  const twinsOf = keys.map((key) => twins.get(key) ?? 1);
  // What each line says whatever other lines settle, read once for every round.
  const reads = lines.map((line) => (line.amount > 0 ? readLine(line, index) : undefined));
  const match = (k: number, taken: ReadonlySet<number>, decide = false): Verdict => {
    const read = reads[k];
    return read === undefined ? MONEY_OUT : matchRead(read, index, taken, twinsOf[k] ?? 1, options.today, decide);
  };
  const none = new Set<number>();
  let verdicts = resolveContests(lines.map((_, k) => fixed.get(k) ?? match(k, none)), index, fixed);
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
      const w = weighedBy.get(v);
      if (w === undefined || ('schools' in w ? ![...w.schools].some((s) => fresh.has(s)) : !w.invoices.some((i) => taken.has(i.id) && !since.has(i.id)))) return v;
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
function resolveContests(verdicts: readonly Verdict[], index: BookIndex, fixed: ReadonlyMap<number, Verdict> = new Map()): Verdict[] {
  const claims = new Map<number, number>();
  for (const v of verdicts) for (const id of v.invoices) claims.set(id, (claims.get(id) ?? 0) + 1);
  const chosen = new Set([...fixed.values()].flatMap((v) => v.invoices));
  return verdicts.map((v, k) => {
    if (fixed.has(k)) return v;
    const contested = v.invoices.filter((id) => (claims.get(id) ?? 0) > 1);
    if (contested.length === 0) return v;
    const numbers = contested.map((id) => index.byId.get(id)?.number ?? String(id)).join(', ');
    if (contested.some((id) => chosen.has(id))) return { class: 'ambiguous', invoices: [], candidates: v.candidates, note: `invoice ${numbers} is accepted for another line` };
    return { class: 'ambiguous', invoices: [], candidates: v.candidates, note: `invoice${contested.length > 1 ? 's' : ''} ${contested.join(', ')} claimed by another line too: choose with --accept LINE=INVOICE` };
  });
}
