/** The work of `edshed invoices reconcile`: statements read, the book read, lines matched, the plan written. */
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { formatMoney } from '../../../core/domain/money.js';
import { readColumnMap, type ColumnMap } from '../../../core/domain/reconcile/csv.js';
import { DATE_FORMATS, type DateFormat, type StatementLine } from '../../../core/domain/reconcile/line.js';
import { indexBook, LINE_CLASSES, matchLines, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { ReconcileLine } from '../../../core/domain/reconcile/plan.js';
import { CURRENCIES } from '../../../core/domain/billing.js';
import { applyAccepts, locateAccepts, parseAccept, type Acceptance } from './reconcile-accept.js';
import { readStatements } from './reconcile-statements.js';
import { linesJson, planItemsPath, savePlan } from './reconcile-plan.js';
import { sameFile } from '../../write/same-file.js';
import { checkOutputFile } from '../../write/atomic-file.js';
import { wrap } from '../../output/fit.js';

export interface ReconcileOptions {
  readonly statements: readonly string[];
  readonly plan?: string | undefined;
  readonly accept: readonly string[];
  readonly columns?: string | undefined;
  readonly dateFormat?: string | undefined;
  readonly currency?: string | undefined;
  /** Open the review screen over the plan before it is written. */
  readonly review?: boolean | undefined;
}

const usage = (why: string): CliError => new CliError(`${why}; nothing was sent`, EXIT.usage);

/** The local checks, before any file is read or request sent. */
function checkOptions(o: ReconcileOptions): {
  columns: ColumnMap | undefined;
  dateFormat: DateFormat | undefined;
  currency: StatementLine['currency'] | undefined;
  accepts: Acceptance[];
} {
  if (o.statements.length === 0)
    throw usage('name at least one statement file: edshed invoices reconcile STATEMENT...');
  let columns: ColumnMap | undefined;
  if (o.columns !== undefined) {
    try {
      columns = readColumnMap(o.columns);
    } catch (error) {
      throw usage(`--columns: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (o.dateFormat !== undefined && !(DATE_FORMATS as readonly string[]).includes(o.dateFormat))
    throw usage(
      `--date-format must be one of ${DATE_FORMATS.join(', ')} (dmy: 03/04/2026 is 3 April), got "${o.dateFormat}"`,
    );
  const currency = o.currency?.toLowerCase();
  if (currency !== undefined && !(CURRENCIES as readonly string[]).includes(currency))
    throw usage(`--currency must be one of ${CURRENCIES.join(', ')}, got "${o.currency ?? ''}"`);
  const accepts = o.accept.map(parseAccept);
  if (o.review && o.plan === undefined)
    throw usage('--review writes its decisions into the plan: give --plan FILE too');
  // The plan and its items file are written over whatever is there: never over a statement being read.
  const plan = o.plan;
  const taken =
    plan === undefined ? undefined : o.statements.find((s) => sameFile(plan, s) || sameFile(planItemsPath(plan), s));
  if (plan !== undefined && taken !== undefined)
    throw usage(`--plan ${plan}: it would be written over the statement ${taken}; name another file`);
  return {
    columns,
    dateFormat: o.dateFormat as DateFormat | undefined,
    currency: currency as StatementLine['currency'] | undefined,
    accepts,
  };
}

/**
 * Matches one or more statements against the invoices and writes the plan (`--plan FILE`, and the
 * items file beside it that `edshed bulk apply` replays as `invoices mark paid` rows). Sends no write.
 *
 * @example
 * await runReconcile(c, { statements: ['nov.csv'], plan: 'plan.json', accept: [] });
 */
export async function runReconcile(c: Factory, o: ReconcileOptions): Promise<void> {
  const checked = checkOptions(o);
  if (o.plan !== undefined)
    for (const file of [o.plan, planItemsPath(o.plan)]) await checkOutputFile(file, '--plan', { force: true });
  const statements = await readStatements(o.statements, checked);
  const located = locateAccepts(statements.lines, checked.accepts, o.statements);
  if (o.review) checkReviewable(c);
  if (!(await c.connection()).token)
    throw new CliError(
      'invoices reconcile reads the invoices: sign in with edshed login first; nothing was sent',
      EXIT.auth,
    );
  const { readBook } = await import('./reconcile-book.js');
  const { book, skipped } = await readBook(await c.api());
  // Left out, an invoice cannot be an option: a line it could be for may be matched to another.
  if (skipped > 0) c.io.stderr.write(skippedWarning(skipped));
  const index = indexBook(book);
  const today = c.now().toISOString().slice(0, 10);
  const accepted = await applyAccepts(located, statements.lines, book, index, today, () => c.api());
  const verdicts = matchLines(statements.lines, index, accepted, { today });
  let lines: ReconcileLine[] = statements.lines.map((line, k) => ({
    ...line,
    ...(verdicts[k] as Verdict),
    ...(accepted.has(k) ? { accepted: true } : {}),
  }));
  const byId = new Map(book.invoices.map((i) => [i.id, i] as const));
  if (o.review) {
    const { reviewLines } = await import('./reconcile-review-run.js');
    lines = await reviewLines(c, { statementLines: statements.lines, lines, book, index, accepted, today });
  }
  const planJson = o.plan === undefined ? undefined : await savePlan(c, o.plan, lines, byId, statements.hashes);
  if (c.globals.json) writePieces(c, planJson?.() ?? linesJson(lines));
  else c.io.stdout.write(summaryText(lines, byId, statements.repeated, c.io.stdoutIsTTY ? c.io.columns : undefined));
  if (!c.globals.quiet) {
    const writes = lines.reduce((n, l) => n + l.invoices.length, 0);
    c.io.stderr.write(
      `Nothing was sent.${o.plan === undefined ? ` ${writes} invoice${writes === 1 ? '' : 's'} would be marked paid: save the plan with --plan FILE, then edshed bulk apply FILE` : ` Plan saved in ${o.plan} (${writes} invoice${writes === 1 ? '' : 's'} to mark paid); run it with: edshed bulk apply ${o.plan}`}\n`,
    );
  }
}

/**
 * What the matcher could not read of the book: items of the API's lists (invoices, schools,
 * subscriptions) without a field it needs, left out of every line's options.
 *
 * @example
 * skippedWarning(2) // 'Warning: 2 items of the invoices, schools and subscriptions the API listed ...'
 */
export function skippedWarning(skipped: number): string {
  return (
    `Warning: ${skipped} item${skipped === 1 ? '' : 's'} of the invoices, schools and subscriptions the API listed ` +
    `did not have the fields the matcher reads and ${skipped === 1 ? 'was' : 'were'} left out: a line paying ` +
    `${skipped === 1 ? 'it' : 'one of them'} may be matched to another invoice. Check the plan's confident lines before applying it.\n`
  );
}

/** The review screen needs a terminal to draw on and read keys from; checked before any request. */
function checkReviewable(c: Factory): void {
  if (c.globals.json) throw usage('--review draws on the terminal and --json prints the plan: choose one');
  if (!c.io.stdoutIsTTY || !c.io.stdinIsTTY || c.io.terminal === undefined)
    throw usage('--review draws on a terminal, and this is not one; review with --accept LINE=INVOICE instead');
}

/** JSON to stdout in pieces of about 1 MiB (a plan of many lines is never one string). */
function writePieces(c: Factory, pieces: Iterable<string>): void {
  let batch = '';
  for (const piece of pieces) {
    batch += piece;
    if (batch.length >= 1 << 20) {
      c.io.stdout.write(batch);
      batch = '';
    }
  }
  c.io.stdout.write(`${batch}\n`);
}

/** Lines needing a person shown in the summary, at most. */
const SHOWN_LINES = 25;
const NEEDS_PERSON: ReadonlySet<string> = new Set(['ambiguous', 'refused', 'partial', 'overpaid', 'other-currency']);

/**
 * The terminal summary: counts and money per class and currency, then the lines that need a person.
 *
 * @example
 * summaryText(lines, invoices, 0) // 'Reconciled 500 lines ...'
 */
export function summaryText(
  lines: readonly ReconcileLine[],
  byId: ReadonlyMap<number, BookInvoice>,
  repeated: number,
  width?: number,
): string {
  // On a terminal each line and candidate wraps at its width under its own indent; elsewhere one line each.
  const entry = (indent: string, text: string): string[] =>
    width === undefined
      ? [`${indent}${text}`]
      : wrap(text, Math.max(20, width - indent.length), '    ').map((l) => `${indent}${l}`);
  const out = [
    `Reconciled ${lines.length} statement line${lines.length === 1 ? '' : 's'}${repeated > 0 ? ` (${repeated} repeated in overlapping statements, counted once)` : ''}:`,
  ];
  const totals = (of: readonly ReconcileLine[], sign = 1): string => {
    const money = new Map<string, number>();
    for (const l of of) money.set(l.currency, (money.get(l.currency) ?? 0) + sign * l.amount);
    return [...money].map(([cur, sum]) => formatMoney(sum, cur)).join(', ');
  };
  // Money out is not money received: counted apart, never in a class's total of payments.
  for (const cls of LINE_CLASSES.filter((k) => k !== 'outgoing')) {
    const of = lines.filter((l) => l.class === cls);
    if (of.length > 0) out.push(`  ${cls.padEnd(15)}${String(of.length).padStart(6)}  ${totals(of)}`);
  }
  const outgoing = lines.filter((l) => l.class === 'outgoing');
  if (outgoing.length > 0)
    out.push(
      ...entry(
        '',
        `${outgoing.length} outgoing line${outgoing.length === 1 ? '' : 's'}, ${totals(outgoing, -1)} paid out, not ${outgoing.length === 1 ? 'a payment' : 'payments'}: left alone`,
      ),
    );
  const needs = lines.filter((l) => NEEDS_PERSON.has(l.class));
  if (needs.length > 0)
    out.push(
      '',
      ...entry(
        '',
        `Needing a person (${needs.length}; choose with --accept LINE=INVOICE, LINE being the id or FILE:LINE):`,
      ),
    );
  const number = (id: number): string => byId.get(id)?.number ?? String(id);
  for (const l of needs.slice(0, SHOWN_LINES)) {
    out.push(
      ...entry(
        '  ',
        `${l.file}:${l.line} ${l.date} ${formatMoney(l.amount, l.currency)} "${l.text}" -> ${l.class}: ${l.note}`,
      ),
    );
    for (const cand of l.candidates)
      out.push(
        ...entry(
          '      ',
          `${cand.invoices.map(number).join(' + ')} (ids ${cand.invoices.join(',')}), score ${cand.score}: ${cand.signals.map((s) => `${s.signal} ${s.detail}`).join('; ')}`,
        ),
      );
  }
  if (needs.length > SHOWN_LINES)
    out.push(`  ... and ${needs.length - SHOWN_LINES} more: see the plan file (--plan FILE) or --json`);
  return `${out.join('\n')}\n`;
}
