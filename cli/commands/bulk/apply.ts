import type { Command } from 'commander';
import { bulkFlags } from '../../bulk/bulk-options.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';

/** `edshed bulk apply FILE`: run a plan saved by a bulk dry run (`--dry-run --plan FILE`). */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Run a plan saved by a bulk dry run (--from FILE --dry-run --plan plan.json), exactly as planned')
    .argument('<file>', 'the plan file (JSON)')
    .option('--results <file>', "write each item's status, HTTP status, message and request id here (.csv or .ndjson)")
    .option('--concurrency <n>', 'requests in flight at most (default 4)')
    .option('--rate <n>', 'requests per second at most')
    .option('-y, --yes', 'do not ask before a production run (needed off a terminal)')
    .addHelpText(
      'after',
      '\nThe input file must be unchanged since the plan (its hash is checked); a plan that is not valid or whose input changed exits 2, nothing sent.' +
        '\nInvoice and subscription targets are read again first: an item whose target changed state since the plan is skipped (drift), and the run exits 3.' +
        '\nItem N is sent with the idempotency key edshed-plan-<plan id>-N, so applying a plan twice applies nothing twice.' +
        '\n\nExamples:\n  edshed invoices mark-paid --from payments.csv --method bacs --dry-run --plan plan.json\n  edshed subscriptions move --from moves.csv --to 2 --dry-run --plan moves-plan.json\n  edshed bulk apply plan.json --results results.csv',
    );
  addCommonOptions(cmd);
  cmd.action(async (file: string) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const c = leafFactory(f, cmd);
    const flags = bulkFlags({ ...opts, from: file });
    const { runApply } = await import('../../bulk/apply.js');
    await runApply(c, {
      file,
      concurrency: flags?.concurrency ?? 4,
      rate: flags?.rate,
      results: flags?.results,
      yes: opts.yes === true,
    });
  });
};

export default define;
