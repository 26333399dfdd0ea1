/**
 * Statements with their truth, for rehearsal and measurement: lines paying a book's open invoices the
 * ways schools pay (the invoice number, cut short or spaced; the PO only; the name and amount; one
 * payment for several invoices; short by a fee; part payments; overpayments; another currency;
 * identical lines on one day; noise), rendered as CSV (day/month dates), OFX 1.x, OFX 2.x or CAMT.053.
 * Pure and seeded: the same seed gives the same statement.
 */
import type { Book, BookInvoice } from './book.js';
import { OPEN_STATES } from './book.js';
import type { StatementFormat, StatementLine } from './line.js';
import { createRng as seededRng, type Rng } from '../random.js';

/** What a generated line is, and what the reconciler should make of it. */
export const TRUTH_KINDS = ['reference', 'reference-cut', 'po', 'name', 'fee', 'multi', 'partial', 'overpaid', 'other-currency', 'identical', 'noise'] as const;
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
  ['reference', 26], ['reference-cut', 10], ['po', 8], ['name', 20], ['fee', 5], ['multi', 8], ['partial', 5], ['overpaid', 4], ['other-currency', 3], ['identical', 3], ['noise', 8],
];
const NOISE = ['INTEREST PAID', 'HMRC VAT REFUND', 'TFR FROM SAVINGS', 'AMAZON MKTPLACE RFND', 'CASH DEPOSIT', 'STRIPE PAYOUT', 'BANK CHARGES', 'DIRECT DEBIT ELEC'];
const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/\bChurch of England\b/gi, 'CE'], [/\bC of E\b/gi, 'CE'], [/\bPrimary\b/gi, 'PRIM'], [/\bSchool\b/gi, ''], [/\bSaint\b/gi, 'ST'], [/\bAcademy\b/gi, 'ACAD'],
  [/\bJunior\b/gi, 'JNR'], [/\bElementary\b/gi, 'ELEM'], [/\bCommunity\b/gi, 'COMM'], [/\bCatholic\b/gi, 'CATH'], [/\bInfant\b/gi, 'INF'],
];

/** A name as a bank writes it: capitals, no punctuation, common words shortened, cut at 18 characters. */
export function bankName(name: string, rng: Rng): string {
  let text = name;
  for (const [pattern, short] of ABBREVIATIONS) if (rng.chance(0.85)) text = text.replace(pattern, short);
  return text.toUpperCase().replace(/['’`.]/g, '').replace(/[^A-Z0-9& ]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 18).trim();
}

/** A reference as a bank may carry it: spaced, dashed or joined. */
function spaced(reference: string, rng: Rng): string {
  const r = rng.next();
  if (r < 0.4) return reference;
  if (r < 0.6) return reference.replace(/[^A-Za-z0-9]/g, '');
  if (r < 0.8) return reference.replace(/-/g, ' ');
  return reference.replace(/(\d{3})(?=\d)/, '$1 ').toLowerCase();
}

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A statement of `count` lines paying the book's open invoices (each at most once), with its truth.
 *
 * @example
 * const { lines, truth } = generateStatement(book, { seed: 7, count: 500 });
 */
export function generateStatement(book: Book, o: { readonly seed: number; readonly count: number; readonly currency?: StatementLine['currency']; readonly today?: string }): GeneratedStatement {
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
    const date = addDays(invoices.map((i) => i.issued_at).sort().at(-1) as string, rng.int(1, 40));
    return date > today ? today : date;
  };
  const lines: GeneratedLine[] = [];
  const truth: TruthLine[] = [];
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  let n = 0;
  const add = (kind: TruthKind, invoices: readonly BookInvoice[], amount: number, text: string, settles: boolean, lineCurrency = currency, date?: string): void => {
    for (const i of invoices) used.add(i.id);
    n += 1;
    lines.push({ date: date ?? (invoices.length > 0 ? dateFor(invoices) : (() => { const d = addDays('2026-09-01', rng.int(0, 60)); return d > today ? today : d; })()), amount, currency: lineCurrency, text, bankId: `G${o.seed}-${n}` });
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
      add(kind, set, sum, rng.chance(0.5) ? `${nameOf(set[0] as BookInvoice)} ${set.map((i) => i.number).join(' ')}`.slice(0, 60) : nameOf(set[0] as BookInvoice), true);
      continue;
    }
    if (kind === 'identical') {
      if (lines.length + 2 > o.count) continue;
      const pair = [...bySchool.values()].map(free).find((list) => list.some((a) => list.some((b) => a !== b && a.total === b.total && a.id !== b.id)) && rng.chance(0.3));
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
    if (kind === 'reference') add(kind, [i], i.total, rng.chance(0.7) ? `${nameOf(i)} ${spaced(i.number, rng)}` : spaced(i.number, rng), true);
    else if (kind === 'reference-cut') add(kind, [i], i.total, `${nameOf(i)} ${`BGC ${i.number}`.slice(0, rng.int(10, 13))}`, true);
    else if (kind === 'po') {
      const reference = (typeof i.subscription_id === 'number' ? po.get(i.subscription_id) : undefined) ?? i.promised_reference;
      if (!reference) continue;
      add(kind, [i], i.total, `${rng.chance(0.5) ? 'PO ' : ''}${spaced(reference, rng)}`, true);
    } else if (kind === 'name') add(kind, [i], i.total, `${nameOf(i)}${rng.chance(0.3) ? ' BACS' : ''}`, true);
    else if (kind === 'fee') add(kind, [i], i.total - Math.min(rng.int(50, 2000), Math.floor(i.total * 0.04)), `${nameOf(i)} ${spaced(i.number, rng)}`, true);
    else if (kind === 'partial') add(kind, [i], Math.max(1, Math.round(i.total * (rng.int(20, 80) / 100))), `${nameOf(i)} ${spaced(i.number, rng)}`, false);
    else if (kind === 'overpaid') add(kind, [i], i.total + rng.int(3000, 50_000), `${nameOf(i)} ${spaced(i.number, rng)}`, false);
  }
  // In date order, as a bank lists them; the truth follows the lines.
  const order = lines.map((_, k) => k).sort((a, b) => (lines[a] as GeneratedLine).date.localeCompare((lines[b] as GeneratedLine).date) || a - b);
  return {
    lines: order.map((k) => lines[k] as GeneratedLine),
    truth: order.map((k, index) => ({ ...(truth[k] as TruthLine), index })),
  };
}

const dmy = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const decimal = (minor: number): string => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const csvCell = (text: string): string => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A statement rendered in one format: CSV with day/month dates and paid in/paid out columns, OFX 1.x
 * (SGML), OFX 2.x (XML) or CAMT.053. Every line of one currency statement; CSV carries a currency column.
 *
 * @example
 * renderStatement(generated.lines, 'csv', { account: '12345678' })
 */
export function renderStatement(lines: readonly GeneratedLine[], format: StatementFormat, o: { readonly account: string }): string {
  const currency = (lines[0]?.currency ?? 'gbp').toUpperCase();
  if (format === 'csv') {
    const rows = lines.map((l) => [dmy(l.date), csvCell(l.text), l.amount > 0 ? decimal(l.amount) : '', l.amount < 0 ? decimal(-l.amount) : '', l.currency.toUpperCase()].join(','));
    return `Account,${o.account}\n\nDate,Description,Paid in,Paid out,Currency\n${rows.join('\n')}\n`;
  }
  if (format === 'camt') {
    const entries = lines.map(
      (l) =>
        `<Ntry><Amt Ccy="${l.currency.toUpperCase()}">${decimal(Math.abs(l.amount))}</Amt><CdtDbtInd>${l.amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${l.date}</Dt></BookgDt><ValDt><Dt>${l.date}</Dt></ValDt><AcctSvcrRef>${l.bankId}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>${xml(l.text)}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n<BkToCstmrStmt><GrpHdr><MsgId>EDSHED-SANDBOX</MsgId><CreDtTm>${lines.at(-1)?.date ?? '2026-01-01'}T00:00:00</CreDtTm></GrpHdr>\n<Stmt><Id>1</Id><Acct><Id><Othr><Id>${o.account}</Id></Othr></Id><Ccy>${currency}</Ccy></Acct>\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>\n`;
  }
  const closing = format === 'ofx2';
  const tag = (name: string, value: string): string => `<${name}>${xml(value)}${closing ? `</${name}>` : ''}`;
  const txns = lines.map((l) => `<STMTTRN>${tag('TRNTYPE', l.amount < 0 ? 'DEBIT' : 'CREDIT')}${tag('DTPOSTED', l.date.replaceAll('-', ''))}${tag('TRNAMT', decimal(l.amount))}${tag('FITID', l.bankId)}${tag('NAME', l.text.slice(0, 32))}${l.text.length > 32 ? tag('MEMO', l.text.slice(32)) : ''}</STMTTRN>`);
  const body = `<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1${closing ? '</TRNUID>' : ''}<STMTRS>${tag('CURDEF', currency)}<BANKACCTFROM>${tag('BANKID', '400000')}${tag('ACCTID', o.account)}${tag('ACCTTYPE', 'CHECKING')}</BANKACCTFROM>\n<BANKTRANLIST>\n${txns.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  return closing ? `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n${body}` : `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n${body}`;
}

const FIRST = ['St Mary', 'St John', 'St Peter', 'Holy Trinity', 'Oakfield', 'Riverside', 'Hillcrest', 'Brookfield', 'Elmwood', 'Kingsway', 'Meadowbank', 'Ashgrove', 'Fairview', 'Stonebridge', 'Willowdale', 'Harbour', 'Greenfield', 'Beechwood', 'Castle Hill', 'Moorside', 'Abbey', 'Westfield', 'Northgate', 'Southview', 'Bramley', 'Thornton', 'Highfield', 'Lakeside', 'Redwood', 'Foxhill'];
const TRUST_FIRST = ['Anchor', 'Pennine', 'Compass', 'Horizon', 'Keystone', 'Summit', 'Unity', 'Beacon', 'Evolve', 'Lighthouse', 'Cornerstone', 'Heritage', 'Pathfinder', 'Endeavour', 'Aspire', 'Tarka', 'Wolds', 'Solent', 'Chiltern', 'Mendip', 'Cotswold', 'Fenland', 'Dales', 'Peak', 'Weald', 'Severn', 'Tamar', 'Trent', 'Medway', 'Eden'];
const TRUST_KINDS = ['Academy Trust', 'Learning Partnership', 'Learning Trust', 'Schools Partnership', 'Multi Academy Trust', 'Education Trust'];
const MIDDLE = ['', '', "'s C of E", "'s Catholic", ' Community', ' Church of England', ' Park', ' Village', ' Valley', ' Green'];
const KINDS = ['Primary School', 'Primary Academy', 'Junior School', 'Infant School', 'Academy', 'High School', 'Elementary School', 'Primary'];
const PRICES = [30_000, 45_000, 60_000, 72_000, 84_000, 95_000, 120_000, 150_000, 180_000, 240_000];

/**
 * A book of `invoices` open invoices (and as many paid) over `schools` schools in districts, for
 * benchmarks: names built as English schools are named, so many share words ("St Mary's ... Primary").
 *
 * @example
 * const book = syntheticBook({ seed: 1, schools: 2000, invoices: 20000 });
 */
export function syntheticBook(o: { readonly seed: number; readonly schools: number; readonly invoices: number }): Book {
  const rng = seededRng(o.seed);
  // Trusts have names of their own ("Pennine Learning Partnership"); one in eight shares its first word
  // with schools ("Hillcrest Academy Trust"), as some do, so a text naming it may fit a school as well.
  const trusts = new Set<string>();
  const districts = Array.from({ length: Math.max(1, Math.floor(o.schools / 25)) }, (_, k) => {
    let name = '';
    for (let tries = 0; tries < 20 && (name === '' || trusts.has(name)); tries += 1) name = `${rng.chance(0.125) ? rng.pick(FIRST).replace(/^St /, '') : rng.pick(TRUST_FIRST)} ${rng.pick(TRUST_KINDS)}`;
    if (trusts.has(name)) name = `${name} ${k + 1}`;
    trusts.add(name);
    return { id: k + 1, name };
  });
  const names = new Set<string>();
  const schools = Array.from({ length: o.schools }, (_, k) => {
    let name = '';
    for (let tries = 0; tries < 5 && (name === '' || names.has(name)); tries += 1) name = `${rng.pick(FIRST)}${rng.pick(MIDDLE)} ${rng.pick(KINDS)}`;
    if (names.has(name)) name = `${name.replace(/ (\w+)$/, '')} ${k + 1} ${name.split(' ').at(-1) ?? ''}`;
    names.add(name);
    return { id: k + 1, name, district_id: rng.chance(0.4) ? rng.int(1, districts.length) : null };
  });
  const subscriptions = schools.map((s) => ({ id: s.id, school_id: s.id, po_number: rng.chance(0.5) ? `PO-${String(rng.int(10_000, 99_999))}-${s.id}` : null }));
  const invoices: BookInvoice[] = [];
  for (let k = 0; k < o.invoices * 2; k += 1) {
    const school = rng.int(1, o.schools);
    const id = k + 1;
    const open = k % 2 === 0;
    const issued = addDays('2026-06-01', rng.int(0, 120));
    const state = open ? (rng.chance(0.15) ? 'promised' : 'open') : 'paid';
    invoices.push({
      id, number: `INV-${String(id).padStart(6, '0')}`, school_id: school, subscription_id: school, state, currency: rng.chance(0.92) ? 'gbp' : rng.pick(['eur', 'usd'] as const),
      total: rng.pick(PRICES) + (rng.chance(0.5) ? 0 : rng.int(1, 40) * 500), issued_at: issued, due_at: addDays(issued, 30),
      paid_date: open ? null : addDays(issued, rng.int(3, 40)), paid_method: open ? null : 'bacs', promised_reference: state === 'promised' ? `PO-${school}-${id}` : null,
    });
  }
  return { invoices, schools, districts, subscriptions };
}
