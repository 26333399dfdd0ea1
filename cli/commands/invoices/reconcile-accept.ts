/**
 * `invoices reconcile --accept LINE=INVOICE[,INVOICE]`: a line a person reviewed, made confident with the
 * invoices they chose. What can be checked without the API (the spec's form, the file being a statement
 * read, the line being in it, an id being a whole number) is checked before the first request; what needs
 * the invoices (their state, currency, school, the payment's date) once they are read. Either way a bad
 * acceptance is exit 2 and nothing is written.
 */
import { resolve } from 'node:path';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { formatMoney } from '../../../core/domain/money.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { BOOK_INVOICE, type Book, type BookInvoice } from '../../../core/domain/reconcile/book.js';
import { namedOtherPayer, type BookIndex, type Verdict } from '../../../core/domain/reconcile/match.js';
import { paymentProblems } from '../../../core/domain/reconcile/payment-check.js';
import { replyProblems } from '../../../core/shapes/schema.js';
import { listInvoices, readInvoices } from '../../read/invoices.js';

const usage = (why: string): CliError => new CliError(`${why}; nothing was sent`, EXIT.usage);

/** One `--accept` as given: the line (an id, FILE:LINE, or LINE with one statement) and the invoices (ids or numbers). */
export interface Acceptance {
  readonly spec: string;
  readonly line: string;
  readonly invoices: readonly (number | string)[];
}

/** An acceptance whose line was found: `at` is its position among the statement lines read. */
export interface LocatedAcceptance extends Acceptance {
  readonly at: number;
}

/**
 * An `--accept` value read: LINE=INVOICE[,INVOICE...], 1 to 5 invoices, each a whole-number id (digits
 * only) or an invoice number (with a letter). Exit 2 naming the problem otherwise.
 *
 * @example
 * parseAccept('nov.csv:41=8812,INV-000813') // { spec: ..., line: 'nov.csv:41', invoices: [8812, 'INV-000813'] }
 */
export function parseAccept(spec: string): Acceptance {
  const m = /^(.+)=([^=]+)$/.exec(spec);
  const refs = m?.[2]?.split(',').map((s) => s.trim()) ?? [];
  if (!m || refs.length === 0 || refs.length > 5 || refs.some((s) => s === ''))
    throw usage(
      `--accept "${spec}": give LINE=INVOICE[,INVOICE...] (LINE: the line's id from the plan, or FILE:LINE; INVOICE: an id or number, 1 to 5)`,
    );
  const invoices = refs.map((ref) => {
    if (/^\d+$/.test(ref) && Number.isSafeInteger(Number(ref)) && Number(ref) > 0) return Number(ref);
    // Digits and signs or points without a letter are a mistyped id, not an invoice number.
    if (!/[A-Za-z]/.test(ref))
      throw usage(
        `--accept "${spec}": invoice id "${ref}" is not a whole number (give an id such as 1733, or a number such as INV-001733)`,
      );
    return ref;
  });
  return { spec, line: (m[1] as string).trim(), invoices };
}

/**
 * Finds each acceptance's line among the lines read, before any request: by its id, by FILE:LINE (FILE
 * one of the statements named), or by LINE when one statement was read. Exit 2 naming what is wrong.
 *
 * @example
 * locateAccepts(lines, [parseAccept('nov.csv:41=8812')], ['nov.csv']) // [{ ..., at: 39 }]
 */
export function locateAccepts(
  lines: readonly StatementLine[],
  accepts: readonly Acceptance[],
  statements: readonly string[],
): LocatedAcceptance[] {
  const oneFile = statements.length === 1;
  return accepts.map((a) => {
    const byId = lines.findIndex((l) => l.id === a.line);
    if (byId >= 0) return { ...a, at: notOutgoing(a, lines, byId) };
    const m = /^(.*):(\d+)$/.exec(a.line);
    const file = m ? (m[1] as string) : oneFile && /^\d+$/.test(a.line) ? (statements[0] as string) : undefined;
    if (file === undefined)
      throw usage(
        `--accept ${a.spec}: no statement line ${a.line} (give its id from the plan, or FILE:LINE${oneFile ? ', or LINE' : ''})`,
      );
    const statement = statements.find((s) => resolve(s) === resolve(file));
    if (statement === undefined)
      throw usage(`--accept ${a.spec}: ${file} is not a statement read here (${statements.join(', ')})`);
    const number = Number(m ? m[2] : a.line);
    const at = lines.findIndex((l) => resolve(l.file) === resolve(statement) && l.line === number);
    if (at < 0)
      throw usage(`--accept ${a.spec}: ${statement} has no statement line ${number}${lineRange(lines, statement)}`);
    return { ...a, at: notOutgoing(a, lines, at) };
  });
}

/** An acceptance of a line of money out would plan a payment from a refund or charge: refused, before any request. */
function notOutgoing(a: Acceptance, lines: readonly StatementLine[], at: number): number {
  const line = lines[at] as StatementLine;
  const problem = moneyOutProblem(line);
  if (problem !== undefined) throw usage(`--accept ${a.spec}: ${line.file}:${line.line} ${problem}`);
  return at;
}

/** Why a line cannot pay an invoice because no money came in, or undefined when it did. */
const moneyOutProblem = (line: StatementLine): string | undefined =>
  line.amount > 0
    ? undefined
    : `is ${formatMoney(line.amount, line.currency)}, money out (a refund or a charge), not a payment: it pays no invoice`;

/** The first and last statement lines of a file, to say where its lines are. */
function lineRange(lines: readonly StatementLine[], file: string): string {
  const numbers = lines.filter((l) => resolve(l.file) === resolve(file)).map((l) => l.line);
  return numbers.length === 0
    ? ' (it has no statement lines)'
    : ` (its statement lines are ${Math.min(...numbers)} to ${Math.max(...numbers)})`;
}

/**
 * Invoices the book lacks (it reads the states a payment can meet), read only to say what an accepted one
 * is: ids by the invoice reader, numbers by the list's `number` filter, one request each.
 */
async function outsideBook(
  api: ApiMethods,
  refs: readonly (number | string)[],
): Promise<Map<number | string, BookInvoice>> {
  const ids = refs.filter((ref): ref is number => typeof ref === 'number');
  const byId = await readInvoices(api, ids, (invoice) =>
    replyProblems(BOOK_INVOICE, invoice).length === 0 ? (invoice as BookInvoice) : undefined,
  );
  const found = new Map<number | string, BookInvoice>();
  for (const [id, invoice] of byId) if (invoice !== undefined) found.set(id, invoice);
  for (const ref of refs) {
    if (typeof ref === 'number') continue;
    const { invoices } = await listInvoices(api, { number: ref.toUpperCase() }, BOOK_INVOICE);
    const invoice = invoices.find((i) => i.number.toUpperCase() === ref.toUpperCase());
    if (invoice !== undefined) found.set(ref, invoice);
  }
  return found;
}

/**
 * Why a person may not accept these invoices for this line, or undefined when they may: each must be one
 * the API would mark paid as the line says (open or promised, the line's date neither after `today` nor
 * before it was issued), in the line's currency, and of a school the line's text does not clearly name
 * another than. The review screen asks this of each acceptance as it is made; `--accept` of each given.
 *
 * @example
 * acceptanceProblem(line, [paidInvoice], index, '2026-11-02') // 'invoice INV-000004 (id 4) cannot be marked paid: it is paid'
 */
export function acceptanceProblem(
  line: StatementLine,
  invoices: readonly BookInvoice[],
  index: BookIndex,
  today: string,
): string | undefined {
  const out = moneyOutProblem(line);
  if (out !== undefined) return `the line ${out}`;
  for (const invoice of invoices) {
    const name = `invoice ${invoice.number} (id ${invoice.id})`;
    const problem = paymentProblems(line, [invoice], today)[0];
    if (problem !== undefined) return `${name} cannot be marked paid: ${problem.reason}`;
    if (invoice.currency !== line.currency)
      return `${name} is in ${invoice.currency.toUpperCase()}, the line in ${line.currency.toUpperCase()}`;
  }
  const conflict = namedOtherPayer(line, index, invoices);
  if (conflict !== undefined)
    return `the line names ${conflict.named}, but invoice ${conflict.invoice.number} is ${conflict.owner}'s; if that is right, mark it by hand (edshed invoices mark-paid)`;
  return undefined;
}

/**
 * A line's verdict once a person chose its invoices: confident, with them, and `how` they chose
 * (`--accept nov.csv:14=8812`, or the review screen) as its one signal.
 *
 * @example
 * acceptedVerdict(line, [invoice], '--accept 14=8812') // { class: 'confident', invoices: [8812], note: 'accepted by a person', ... }
 */
export function acceptedVerdict(line: StatementLine, invoices: readonly BookInvoice[], how: string): Verdict {
  const total = invoices.reduce((s, i) => s + i.total, 0);
  const ids = invoices.map((i) => i.id).sort((x, y) => x - y);
  const detail = `${how}${total === line.amount ? '' : ` (invoices total ${formatMoney(total, line.currency)}, the line ${formatMoney(line.amount, line.currency)})`}`;
  return {
    class: 'confident',
    invoices: ids,
    candidates: [{ invoices: ids, score: 100, signals: [{ signal: 'accepted', points: 100, detail }] }],
    note: 'accepted by a person',
  };
}

/**
 * Accepted lines, by position: confident with the invoices a person chose. They stand (`matchLines`'s
 * `fixed`): a line claiming one of their invoices needs a person again, and they settle by elimination.
 * Each invoice must be one the API would mark paid as the line says (open or promised, in the line's
 * currency, the line's date neither after `today` nor before it was issued) and of a school the line's
 * text does not clearly name another than; else exit 2 saying what it is.
 *
 * @example
 * const accepted = await applyAccepts(located, lines, book, index, '2026-11-02', () => c.api());
 */
export async function applyAccepts(
  located: readonly LocatedAcceptance[],
  lines: readonly StatementLine[],
  book: Book,
  index: BookIndex,
  today: string,
  api: () => Promise<ApiMethods>,
): Promise<Map<number, Verdict>> {
  const byNumber = new Map(book.invoices.map((i) => [i.number.toUpperCase(), i] as const));
  const inBook = (ref: number | string): BookInvoice | undefined =>
    typeof ref === 'number' ? index.byId.get(ref) : byNumber.get(ref.toUpperCase());
  const missing = located.flatMap((a) => a.invoices.filter((ref) => inBook(ref) === undefined));
  const elsewhere =
    missing.length > 0 ? await outsideBook(await api(), missing) : new Map<number | string, BookInvoice>();
  const accepted = new Map<number, Verdict>();
  const taken = new Map<number, string>();
  for (const a of located) {
    const line = lines[a.at] as StatementLine;
    const mine = new Set<number>();
    const invoices: BookInvoice[] = a.invoices.map((ref) => {
      const invoice = inBook(ref) ?? elsewhere.get(ref);
      if (invoice === undefined) throw usage(`--accept ${a.spec}: no invoice ${ref}`);
      // Twice in one acceptance, its total would count twice towards the line's amount.
      if (mine.has(invoice.id))
        throw usage(`--accept ${a.spec}: invoice ${invoice.number} (id ${invoice.id}) is given twice; give each once`);
      mine.add(invoice.id);
      const other = taken.get(invoice.id);
      if (other !== undefined && other !== a.spec)
        throw usage(
          `--accept ${a.spec}: invoice ${invoice.number} (id ${invoice.id}) is accepted for another line too (${other})`,
        );
      taken.set(invoice.id, a.spec);
      return invoice;
    });
    const problem = acceptanceProblem(line, invoices, index, today);
    if (problem !== undefined) throw usage(`--accept ${a.spec}: ${problem}`);
    accepted.set(a.at, acceptedVerdict(line, invoices, `--accept ${a.spec}`));
  }
  return accepted;
}
