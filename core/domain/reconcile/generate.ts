/**
 * Statements with their truth, for rehearsal and measurement: lines paying a book's open invoices the
 * ways schools pay (the invoice number, cut short or spaced; the PO only; the name and amount; one
 * payment for several invoices; short by a fee; part payments; overpayments; another currency;
 * identical lines on one day; noise), rendered as CSV (day/month dates), OFX 1.x, OFX 2.x or CAMT.053
 * (./render.ts), against the API's book or a synthetic one (./synthetic-book.ts). Pure and seeded: the
 * same seed gives the same statement.
 */
import type { Book, BookInvoice } from './book.js';
import { OPEN_STATES } from './book.js';
import { addDays } from './day-number.js';
import type { StatementLine } from './line.js';
import { createRng as seededRng, type Rng } from '../random.js';

/** What a generated line is, and what the reconciler should make of it. */
export const TRUTH_KINDS = [
  'reference',
  'reference-cut',
  'po',
  'name',
  'fee',
  'multi',
  'partial',
  'overpaid',
  'other-currency',
  'identical',
  'noise',
] as const;
export type TruthKind = (typeof TRUTH_KINDS)[number];

export interface TruthLine {
  /** The line's position in the statement (0-based), the same in every rendering. */
  readonly index: number;
  readonly kind: TruthKind;
  /** The invoices the payment is for (none for noise). */
  readonly invoices: readonly number[];
  /** Whether the invoices may be marked paid from this line (partial, overpaid, other currency: never). */
  readonly settles: boolean;
}

export interface GeneratedLine extends Omit<StatementLine, 'id' | 'file' | 'line'> {
  readonly bankId: string;
}

export interface GeneratedStatement {
  readonly lines: readonly GeneratedLine[];
  readonly truth: readonly TruthLine[];
}

const MIX: readonly (readonly [TruthKind, number])[] = [
  ['reference', 26],
  ['reference-cut', 10],
  ['po', 8],
  ['name', 20],
  ['fee', 5],
  ['multi', 8],
  ['partial', 5],
  ['overpaid', 4],
  ['other-currency', 3],
  ['identical', 3],
  ['noise', 8],
];
const NOISE = [
  'INTEREST PAID',
  'HMRC VAT REFUND',
  'TFR FROM SAVINGS',
  'AMAZON MKTPLACE RFND',
  'CASH DEPOSIT',
  'STRIPE PAYOUT',
  'BANK CHARGES',
  'DIRECT DEBIT ELEC',
];
const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/\bChurch of England\b/gi, 'CE'],
  [/\bC of E\b/gi, 'CE'],
  [/\bPrimary\b/gi, 'PRIM'],
  [/\bSchool\b/gi, ''],
  [/\bSaint\b/gi, 'ST'],
  [/\bAcademy\b/gi, 'ACAD'],
  [/\bJunior\b/gi, 'JNR'],
  [/\bElementary\b/gi, 'ELEM'],
  [/\bCommunity\b/gi, 'COMM'],
  [/\bCatholic\b/gi, 'CATH'],
  [/\bInfant\b/gi, 'INF'],
];

/** A name as a bank writes it: capitals, no punctuation, common words shortened, cut at 18 characters. */
export function bankName(name: string, rng: Rng): string {
  let text = name;
  for (const [pattern, short] of ABBREVIATIONS) if (rng.chance(0.85)) text = text.replace(pattern, short);
  return text
    .toUpperCase()
    .replace(/['’`.]/g, '')
    .replace(/[^A-Z0-9& ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 18)
    .trim();
}

/** A reference as a bank may carry it: spaced, dashed or joined. */
function spaced(reference: string, rng: Rng): string {
  const r = rng.next();
  if (r < 0.4) return reference;
  if (r < 0.6) return reference.replace(/[^A-Za-z0-9]/g, '');
  if (r < 0.8) return reference.replace(/-/g, ' ');
  return reference.replace(/(\d{3})(?=\d)/, '$1 ').toLowerCase();
}

/**
 * A statement of `count` lines paying the book's open invoices (each at most once), with its truth.
 *
 * @example
 * const { lines, truth } = generateStatement(book, { seed: 7, count: 500 });
 */
export function generateStatement(
  book: Book,
  o: {
    readonly seed: number;
    readonly count: number;
    readonly currency?: StatementLine['currency'];
    readonly today?: string;
  },
): GeneratedStatement {
  const rng = seededRng(o.seed);
  const currency = o.currency ?? 'gbp';
  const schools = new Map(book.schools.map((s) => [s.id, s] as const));
  const districtOf = new Map(book.districts.map((d) => [d.id, d] as const));
  const po = new Map(book.subscriptions.filter((s) => s.po_number).map((s) => [s.id, s.po_number as string] as const));
  const used = new Set<number>();
  // A payment is never dated after today (the API refuses a payment date in the future).
  const today = o.today ?? '9999-12-31';
  const open = book.invoices.filter((i) => OPEN_STATES.has(i.state) && i.issued_at <= today);
  const ours = open.filter((i) => i.currency === currency);
  const others = open.filter((i) => i.currency !== currency);
  const bySchool = new Map<number, BookInvoice[]>();
  for (const i of ours) bySchool.set(i.school_id, [...(bySchool.get(i.school_id) ?? []), i]);
  const free = (list: readonly BookInvoice[]): BookInvoice[] => list.filter((i) => !used.has(i.id) && i.total > 0);
  const pickFree = (list: readonly BookInvoice[]): BookInvoice | undefined => {
    for (let tries = 0; tries < 30 && list.length > 0; tries += 1) {
      const i = rng.pick(list);
      if (!used.has(i.id) && i.total > 0) return i;
    }
    return free(list)[0];
  };
  const nameOf = (i: BookInvoice): string => {
    const school = schools.get(i.school_id);
    const district = typeof school?.district_id === 'number' ? districtOf.get(school.district_id) : undefined;
    return bankName(district && rng.chance(0.2) ? district.name : (school?.name ?? 'SCHOOL'), rng);
  };
  const dateFor = (invoices: readonly BookInvoice[]): string => {
    const date = addDays(
      invoices
        .map((i) => i.issued_at)
        .sort()
        .at(-1) as string,
      rng.int(1, 40),
    );
    return date > today ? today : date;
  };
  const lines: GeneratedLine[] = [];
  const truth: TruthLine[] = [];
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  let n = 0;
  const add = (
    kind: TruthKind,
    invoices: readonly BookInvoice[],
    amount: number,
    text: string,
    settles: boolean,
    lineCurrency = currency,
    date?: string,
  ): void => {
    for (const i of invoices) used.add(i.id);
    n += 1;
    lines.push({
      date:
        date ??
        (invoices.length > 0
          ? dateFor(invoices)
          : (() => {
              const d = addDays('2026-09-01', rng.int(0, 60));
              return d > today ? today : d;
            })()),
      amount,
      currency: lineCurrency,
      text,
      bankId: `G${o.seed}-${n}`,
    });
    truth.push({ index: -1, kind, invoices: invoices.map((i) => i.id), settles });
  };
  for (let attempts = 0; lines.length < o.count && attempts < o.count * 20; attempts += 1) {
    let r = rng.int(1, total);
    let kind: TruthKind = 'noise';
    for (const [k, w] of MIX) {
      r -= w;
      if (r <= 0) {
        kind = k;
        break;
      }
    }
    if (kind === 'noise') {
      const text = rng.pick(NOISE);
      add('noise', [], rng.chance(0.5) ? -rng.int(100, 90_000) : rng.int(100, 90_000) + 7, text, false);
      continue;
    }
    if (kind === 'other-currency') {
      const i = pickFree(others);
      if (i) add(kind, [i], i.total, `${nameOf(i)} ${spaced(i.number, rng)}`, false);
      continue;
    }
    if (kind === 'multi') {
      const school = rng.pick([...bySchool.keys()]);
      const pool = free(bySchool.get(school) ?? []);
      if (pool.length < 2) continue;
      const k = Math.min(pool.length, rng.int(2, 5));
      const set = pool.slice(0, k);
      const sum = set.reduce((s, i) => s + i.total, 0);
      add(
        kind,
        set,
        sum,
        rng.chance(0.5)
          ? `${nameOf(set[0] as BookInvoice)} ${set.map((i) => i.number).join(' ')}`.slice(0, 60)
          : nameOf(set[0] as BookInvoice),
        true,
      );
      continue;
    }
    if (kind === 'identical') {
      if (lines.length + 2 > o.count) continue;
      const pair = [...bySchool.values()]
        .map(free)
        .find(
          (list) =>
            list.some((a) => list.some((b) => a !== b && a.total === b.total && a.id !== b.id)) && rng.chance(0.3),
        );
      const a = pair?.find((x) => pair.some((y) => y !== x && y.total === x.total));
      const b = a ? pair?.find((y) => y !== a && y.total === a.total) : undefined;
      if (!a || !b) continue;
      const text = nameOf(a);
      const date = dateFor([a, b]);
      add(kind, [a], a.total, text, true, currency, date);
      add(kind, [b], b.total, text, true, currency, date);
      continue;
    }
    const i = pickFree(ours);
    if (!i) break;
    if (kind === 'reference')
      add(kind, [i], i.total, rng.chance(0.7) ? `${nameOf(i)} ${spaced(i.number, rng)}` : spaced(i.number, rng), true);
    else if (kind === 'reference-cut')
      add(kind, [i], i.total, `${nameOf(i)} ${`BGC ${i.number}`.slice(0, rng.int(10, 13))}`, true);
    else if (kind === 'po') {
      const reference =
        (typeof i.subscription_id === 'number' ? po.get(i.subscription_id) : undefined) ?? i.promised_reference;
      if (!reference) continue;
      add(kind, [i], i.total, `${rng.chance(0.5) ? 'PO ' : ''}${spaced(reference, rng)}`, true);
    } else if (kind === 'name') add(kind, [i], i.total, `${nameOf(i)}${rng.chance(0.3) ? ' BACS' : ''}`, true);
    else if (kind === 'fee')
      add(
        kind,
        [i],
        i.total - Math.min(rng.int(50, 2000), Math.floor(i.total * 0.04)),
        `${nameOf(i)} ${spaced(i.number, rng)}`,
        true,
      );
    else if (kind === 'partial')
      add(
        kind,
        [i],
        Math.max(1, Math.round(i.total * (rng.int(20, 80) / 100))),
        `${nameOf(i)} ${spaced(i.number, rng)}`,
        false,
      );
    else if (kind === 'overpaid')
      add(kind, [i], i.total + rng.int(3000, 50_000), `${nameOf(i)} ${spaced(i.number, rng)}`, false);
  }
  // In date order, as a bank lists them; the truth follows the lines.
  const order = lines
    .map((_, k) => k)
    .sort((a, b) => (lines[a] as GeneratedLine).date.localeCompare((lines[b] as GeneratedLine).date) || a - b);
  return {
    lines: order.map((k) => lines[k] as GeneratedLine),
    truth: order.map((k, index) => ({ ...(truth[k] as TruthLine), index })),
  };
}
