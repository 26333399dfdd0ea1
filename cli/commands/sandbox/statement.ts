import { InvalidArgumentError, Option, type Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';
import { STATEMENT_FORMATS } from '../../../core/domain/reconcile/line.js';
import { CURRENCIES } from '../../../core/domain/billing.js';
import { checkOutputFile } from '../../write/atomic-file.js';

const HELP = `
Writes a bank statement paying the signed-in API's own open invoices (a sandbox's: edshed sandbox start,
then edshed login; the demo seed's few invoices make a statement of a few lines, --seed large's
hundreds in each currency a statement of a hundred lines or more), and beside it FILE.truth.json: for each line (by position), what it is and the
invoices it pays. The same --seed gives the same statement for the same invoices. Lines mix the ways
schools pay: the invoice number (whole, spaced, cut short at 18 characters), the PO number only, the
school's or district's name as banks write it with the amount, one payment for several invoices, short
by a fee, part payments, overpayments, another currency, identical lines on one day, and noise.
CSV dates are day/month (dd/mm/yyyy). Nothing is written to the API.

Examples:
  edshed sandbox statement --seed 1 --lines 500 --out november.csv
  edshed sandbox statement --seed 1 --lines 500 --out november.ofx --format ofx
  edshed invoices reconcile november.csv --plan plan.json`;

const whole = (flag: string, value: string, min: number, max: number): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new CliError(
      `${flag} must be a whole number from ${min} to ${max}, got "${value}"; nothing was written`,
      EXIT.usage,
    );
  return n;
};

/** Fewer invoices than this, open or not, is a small book (the demo seed's): --seed large is the advice. */
const LARGE_BOOK = 1000;

type StatementFormat = (typeof STATEMENT_FORMATS)[number];
type Currency = (typeof CURRENCIES)[number];

export interface SandboxStatementOptions {
  /** The statement file; its truth goes beside it, in `<out>.truth.json`. */
  readonly out: string;
  readonly seed: number;
  /** How many lines to write (fewer when the open invoices run out). */
  readonly count: number;
  readonly format: StatementFormat;
  readonly currency: Currency;
}

/**
 * Writes a generated statement paying the signed-in API's own open invoices, and its truth beside it.
 *
 * @example
 * await runSandboxStatement(c, { out: 'november.csv', seed: 1, count: 500, format: 'csv', currency: 'gbp' });
 */
export async function runSandboxStatement(c: Factory, options: SandboxStatementOptions): Promise<void> {
  const { seed, count } = options;
  for (const file of [options.out, `${options.out}.truth.json`]) await checkOutputFile(file, '--out', { force: true });
  if (!(await c.connection()).token)
    throw new CliError(
      'sandbox statement reads the invoices: sign in with edshed login first (--env sandbox); nothing was written',
      EXIT.auth,
    );
  const [{ readBook }, { generateStatement }, { renderStatement }, { writeFileAtomic }, { OPEN_STATES }] =
    await Promise.all([
      import('../invoices/reconcile-book.js'),
      import('../../../core/domain/reconcile/generate.js'),
      import('../../../core/domain/reconcile/render.js'),
      import('../../write/atomic-file.js'),
      import('../../../core/domain/reconcile/book.js'),
    ]);
  const { book } = await readBook(await c.api());
  const today = c.now().toISOString().slice(0, 10);
  const statement = generateStatement(book, { seed, count, currency: options.currency, today });
  if (statement.lines.length === 0)
    throw new CliError(`no open ${options.currency.toUpperCase()} invoices to pay: nothing was written`, EXIT.usage);
  await writeFileAtomic(options.out, renderStatement(statement.lines, options.format, { account: '12345678' }), {
    mode: 0o644,
    force: true,
  });
  const truth = {
    statement: options.out,
    format: options.format,
    seed,
    lines: statement.truth.map((t, k) => ({
      ...t,
      date: statement.lines[k]?.date,
      amount: statement.lines[k]?.amount,
      text: statement.lines[k]?.text,
    })),
  };
  await writeFileAtomic(`${options.out}.truth.json`, `${JSON.stringify(truth, null, 1)}\n`, {
    mode: 0o644,
    force: true,
  });
  if (c.globals.quiet) return;
  const written = statement.lines.length;
  c.io.stderr.write(
    `Wrote ${written} line${written === 1 ? '' : 's'} to ${options.out} (${options.format}); the truth is in ${options.out}.truth.json\n`,
  );
  // The generator pays each open invoice at most once: a small book runs out before the lines asked.
  if (written < count) {
    c.io.stderr.write(
      `Only ${written} of the ${count} lines asked: the API's open ${options.currency.toUpperCase()} invoices ran out (each is paid once).\n`,
    );
    // Where a statement could be longer: the currencies with more invoices it could pay than this one.
    const payable = new Map<string, number>();
    for (const i of book.invoices)
      if (OPEN_STATES.has(i.state) && i.issued_at <= today) payable.set(i.currency, (payable.get(i.currency) ?? 0) + 1);
    const ours = payable.get(options.currency) ?? 0;
    const more = [...payable].filter(([, n]) => n > ours).sort((a, b) => b[1] - a[1]);
    if (more.length > 0)
      c.io.stderr.write(
        `More open invoices in ${more.map(([code, n]) => `${code.toUpperCase()} (${n})`).join(', ')}: --currency ${more[0]?.[0]}.\n`,
      );
    // The large seed holds thousands of invoices, hundreds of them open in each currency; the demo seed, a few.
    if (book.invoices.length < LARGE_BOOK)
      c.io.stderr.write(
        'The demo seed has a few; a sandbox started with --seed large has hundreds in each currency.\n',
      );
  }
}

/** `edshed sandbox statement`: a generated statement of the API's own invoices, with its truth. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description("Write a bank statement paying the sandbox's own invoices, with the truth beside it (FILE.truth.json)")
    .requiredOption('--out <file>', 'the statement file to write')
    .option('--seed <n>', 'seed: the same seed, the same statement', '1')
    .option('--lines <n>', 'how many lines', '500')
    .addOption(
      new Option('--format <format>', 'csv, ofx (1.x SGML), ofx2 (2.x XML) or camt (CAMT.053)')
        .choices([...STATEMENT_FORMATS])
        .default('csv'),
    )
    .addOption(
      new Option('--currency <code>', 'the statement currency (any case: gbp or GBP)')
        .choices([...CURRENCIES])
        // As banks write it (GBP): the choices are the API's lower-case codes.
        .argParser((value: string) => {
          const code = value.toLowerCase();
          if (!(CURRENCIES as readonly string[]).includes(code))
            throw new InvalidArgumentError(`Allowed choices are ${CURRENCIES.join(', ')}.`);
          return code;
        })
        .default('gbp'),
    )
    .addHelpText('after', HELP);
  // Its --format is the statement's format, not the output's; it prints no data (no --fields).
  const taken = new Set(['format', 'fields']);
  addCommonOptions(cmd, taken);
  cmd.action(async () => {
    const opts = cmd.opts<{ out: string; seed: string; lines: string; format: StatementFormat; currency: Currency }>();
    const c = leafFactory(f, cmd, taken);
    const seed = whole('--seed', opts.seed, 0, 2 ** 31);
    const count = whole('--lines', opts.lines, 1, 100_000);
    await runSandboxStatement(c, { out: opts.out, seed, count, format: opts.format, currency: opts.currency });
  });
};

export default define;
