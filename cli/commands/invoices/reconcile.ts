import { Option, type Command } from 'commander';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';
import { DATE_FORMATS } from '../../../core/domain/reconcile/line.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const HELP = `
Reads bank statements (CSV with headers, OFX 1.x or 2.x, CAMT.053; UTF-8 with or without a BOM, or
Windows-1252), reads the open, promised and paid invoices, schools, districts and subscriptions, and
classes every line: confident, ambiguous, refused, partial, overpaid, other-currency, already-paid,
unmatched, outgoing (money out: a refund or a charge, left alone and counted apart). A payment the API would refuse (dated after today or before the invoice was issued) is
refused, never planned.
Only confident (and --accept'ed) lines become writes: invoices mark paid, method bacs unless the line
says otherwise (a cheque...), date = the line's date. It sends no write itself: save the plan with
--plan FILE and apply it with edshed bulk apply FILE (drift check, journal, resume, audit).
edshed help reconcile explains the classes and the signals.

A statement whose dates all read both as day/month and month/day (03/04/2026) is refused (exit 2)
until --date-format says which. Statements that overlap are read together: a line in both counts once;
two identical lines of one day in one statement stay two.

--accept is checked before any request (the file is a statement named, the line is in it, ids are
whole numbers), and then against the invoice: void, paid, another currency, a date the API refuses, or
another school's than the line names is exit 2, saying which, with no plan written.

--review opens a screen over the plan before it is written: every line with candidates, those needing a
person first, then the confident ones. For each, its candidates and the signals behind them; keys:
up/down a line, left/right another candidate, a or Enter accept it (the checks of --accept), r reject
(the line marks nothing), s skip (leave it as matched), w write the plan, Esc leave writing nothing.
Lines the decisions touch are matched again, as with --accept. It sends nothing: bulk apply does.

Exit codes: 0 planned; 2 bad option, statement or --accept (the message names file:line), nothing
sent; 4 not signed in; 130 the review left without writing.

Examples:
  edshed invoices reconcile november.csv
  edshed invoices reconcile november.csv --date-format dmy --plan plan.json
  edshed invoices reconcile oct.ofx nov.ofx --plan plan.json --accept nov.ofx:41=8812
  edshed invoices reconcile november.csv --plan plan.json --review
  edshed invoices reconcile export.csv --columns date=Posted,amount=Value,text=Memo+Payee --json
  edshed bulk apply plan.json`;

/** `edshed invoices reconcile STATEMENT...`: match bank statement lines to invoices; a plan, no writes. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      'Match bank statement lines (CSV, OFX, CAMT.053) to open invoices and plan which to mark paid; writes nothing',
    )
    .argument('<statements...>', 'statement files')
    .option('--plan <file>', 'save the plan here (and the rows it applies in FILE.items.csv) for edshed bulk apply')
    .option(
      '--accept <line=invoices>',
      'LINE=INVOICE[,INVOICE]: a reviewed line made confident (repeatable; LINE: id or FILE:LINE)',
      collect,
      [],
    )
    .option(
      '--review',
      'go through the lines on a screen (accept, reject, pick another candidate) before the plan is written; needs --plan',
    )
    .option('--columns <map>', 'CSV columns by header: date=H,amount=H (or in=H,out=H),currency=H,text=H+H,id=H,type=H')
    .addOption(
      new Option('--date-format <order>', 'how slashed dates read: dmy, mdy (or ymd)').choices([...DATE_FORMATS]),
    )
    .option('--currency <code>', 'currency of CSV lines without a currency column (default gbp)')
    .addHelpText('after', HELP);
  addCommonOptions(cmd);
  cmd.action(async (statements: string[]) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const c = leafFactory(f, cmd);
    const { runReconcile } = await import('./reconcile-run.js');
    await runReconcile(c, {
      statements,
      plan: opts.plan as string | undefined,
      accept: (opts.accept as string[] | undefined) ?? [],
      columns: opts.columns as string | undefined,
      dateFormat: opts.dateFormat as string | undefined,
      currency: opts.currency as string | undefined,
      review: opts.review === true,
    });
  });
};

export default define;
