import { Option, type Command } from 'commander';
import { offerValues } from '../../completion/values.js';
import { PAYMENT_METHODS } from '../../../core/domain/billing.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { addCuratedBulk, runCuratedBulk } from '../../bulk/curated.js';
import { addWriteOptions, writeFlags } from '../../write/options.js';
import type { DefineCommand } from '../define.js';
import type { Factory } from '../../factory/factory.js';
import { ACTION_NAMES, DETAIL_NAMES, type ActionDetails } from './actions.js';

const HELP = `
Actions and their options (each calls one entry of the endpoint table, checked the same way):
  paid --method M --date YYYY-MM-DD   invoices mark-paid (method: ${PAYMENT_METHODS.join(', ')})
  promised --reference R             invoices mark-promised
  void                               invoices void (asks once for the whole list; --yes off a terminal)
  restore --provider NAME            card-invoices restore: a void invoice back to open, at the card
                                     payment provider NAME (the route takes the invoice's subscription)
  forex                              invoices mark-forex
  remittance --received YYYY-MM-DD [--file NAME]   invoices add-remittance (NAME is sent as new_file)
  accounting --system NAME           invoices send-to-accounting (NAME: the accounting system, e.g. xero)

Each invoice is read first (its state before), then written once; the write's reply gives its state
after (read back only when a reply does not carry it): one line per invoice with its state before and after. A write that changes nothing is "unchanged". Invoice ids are checked
before anything is sent; an id given twice is marked once. An invoice whose read shows the API would
refuse the action (a paid invoice voided, a void one marked paid) is not sent nor asked about: a failed
line; when that is every invoice, exit 2 before any question, nothing sent.

Each write carries the idempotency key <run>-<id>: with --idempotency-key K, K-<id>, so running the same
command again with the same K never applies a write twice.

Exit codes: 0 every invoice done or unchanged; 3 some failed (the others were still sent); 1 every one
failed; 2 bad input, nothing sent; 4 not signed in or not allowed (stops at once); 130 interrupted
(the first Ctrl-C lets the invoice in flight finish and sends no more; the lines so far are printed).

--dry-run reads the invoices and prints each planned request (method, URL, body) without sending it.

With --from FILE (CSV or NDJSON), one invoice per row: column id plus the action's options (method,
date, reference, received, file, system, provider); options given on the command line are defaults for
every row. Every row is checked before anything is sent; a void run asks once for the whole file. The
run is journaled and resumable (edshed runs resume ID): the invoices are read a page at a time before
the writes, then each row is one write, its reply trusted as above.

Examples:
  edshed invoices mark 8 9 paid --method bacs --date 2026-11-02
  edshed invoices mark 12 promised --reference "PO 4471"
  edshed invoices mark 7 8 9 void --yes
  edshed invoices mark 8 remittance --received 2026-11-01 --file remit-8.pdf --dry-run
  edshed invoices mark 8 accounting --system xero --json
  edshed invoices mark paid --from payments.csv --method bacs   # columns id,date (and method to vary it)`;

/** `edshed invoices mark ID... ACTION`: one action on one or many invoices, a line per invoice. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Mark invoices paid, promised, void, restored, forex, remittance or sent to accounting, a line each')
    .usage('ID... ACTION [options]')
    .argument('<ids-and-action...>', `invoice ids, then the action: ${ACTION_NAMES.join(', ')}`)
    .addOption(
      offerValues(
        new Option('--method <method>', `paid: payment method (${PAYMENT_METHODS.join(', ')})`),
        PAYMENT_METHODS,
      ),
    )
    .option('--date <date>', 'paid: payment date, YYYY-MM-DD')
    .option('--reference <text>', 'promised: the payment reference')
    .option('--received <date>', 'remittance: date received, YYYY-MM-DD')
    .option('--file <name>', 'remittance: the remittance file name (sent as new_file; not uploaded)')
    .option('--system <name>', 'accounting: the accounting system, e.g. xero')
    .option('--provider <name>', 'restore: the card payment provider, e.g. stripe')
    .addHelpText('after', HELP);
  addWriteOptions(cmd, { destructive: true });
  addCuratedBulk(cmd, {
    usage: 'ACTION --from FILE [options]',
    columns: "id and the action's options",
    yes: false,
    plan: true,
  });
  addCommonOptions(cmd);
  cmd.action(async (words: string[]) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const details: ActionDetails = Object.fromEntries(
      DETAIL_NAMES.filter((n) => opts[n] !== undefined).map((n) => [n, String(opts[n])]),
    );
    await runMarkCommand(leafFactory(f, cmd), { words, details, write: writeFlags(opts), flags: opts });
  });
};

export interface MarkCommandOptions {
  /** The invoice ids then the action, as typed (or the action alone with --from). */
  readonly words: readonly string[];
  readonly details: ActionDetails;
  readonly write: ReturnType<typeof writeFlags>;
  /** The command's flags as commander read them: the bulk ones (--from, --results...) among them. */
  readonly flags: Readonly<Record<string, unknown>>;
}

/**
 * `invoices mark` as typed: a bulk run with --from, else the ids marked one by one; a summary that is not
 * all done is thrown as its exit code with why.
 *
 * @example
 * await runMarkCommand(c, { words: ['8', 'paid'], details: { method: 'bacs', date: '2026-11-02' }, write, flags: {} });
 */
export async function runMarkCommand(c: Factory, options: MarkCommandOptions): Promise<void> {
  const { words, details, write, flags } = options;
  const [{ splitWords, bulkAction }, { runMark }] = await Promise.all([
    import('./mark-input.js'),
    import('./mark-run.js'),
  ]);
  if (flags.from !== undefined) {
    const bulk = bulkAction([...words]);
    const command = async () => (await import('./mark-bulk.js')).markBulkCommand(bulk);
    if (await runCuratedBulk(c, flags, write, { command, defaults: { ...details } })) return;
  }
  const { ids, action } = splitWords([...words]);
  const summary = await runMark(c, { ids, action, ...details, ...write, signal: c.io.interrupts() });
  if (summary.exitCode === EXIT.ok) return;
  const failed = summary.results.filter((r) => r.status === 'failed').length;
  const reasons: Record<number, string> = {
    [EXIT.requestFailed]: `every invoice failed (${failed})`,
    [EXIT.bulkPartial]: `${failed} of ${summary.results.length} invoices failed`,
    [EXIT.auth]: `stopped: not signed in or not allowed${summary.notSent.length > 0 ? `; not sent: ${summary.notSent.join(', ')}` : ''}`,
    [EXIT.interrupted]: `interrupted; not sent: ${summary.notSent.join(', ')}`,
  };
  throw new CliError(reasons[summary.exitCode] ?? 'failed', summary.exitCode);
}

export default define;
