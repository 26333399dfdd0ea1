import type { Command } from 'commander';
import { bulkFlags } from '../../bulk/bulk-options.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';

/** `edshed bulk rehearse PLAN --db FILE`: what a saved plan would do, applied to a throw-away copy of a sandbox database. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      'Rehearse a saved bulk plan on a throw-away copy of a sandbox database: what production would do, item by item',
    )
    .argument('<plan>', 'the plan file (JSON), from --dry-run --plan FILE or invoices reconcile --plan FILE')
    .requiredOption(
      '--db <file>',
      "the sandbox database to copy (edshed sandbox import writes one of production's schools); left as it was",
    )
    .option(
      '--results <file>',
      "write each item's status, HTTP status, message and request id here (.csv or .ndjson), as bulk apply --results does",
    )
    .option('--concurrency <n>', 'requests in flight at most (default 4)')
    .option('--rate <n>', 'requests per second at most')
    .addHelpText(
      'after',
      '\nThe plan is applied as edshed bulk apply applies it (the same checks, drift, keys, results columns), but to a copy' +
        '\nof FILE served by this process on 127.0.0.1 and a free port, signed in as its superuser with a profile of its own:' +
        "\nnothing is sent to the plan's real target or any other API, your credentials and run journals are not touched," +
        '\nand the copy (in a private folder under $TMPDIR) is removed at the end, also on Ctrl-C or an error. FILE is only read: rehearse again after a change.' +
        "\n\nIt prints each item's outcome (done; refused, with the API's reason; drift, its target changed since the plan;" +
        '\nset aside; failed), the totals by outcome, and the records changed on the copy: invoices by state and total,' +
        '\nsubscriptions by school (--json: all of it as one JSON object).' +
        '\nExit 0 when every item would be done, 3 when some would not (as bulk apply would), 2 for a bad plan, FILE or' +
        '\n--results path (nothing started).' +
        '\n\nExamples:\n  edshed invoices mark-paid --from payments.csv --method bacs --dry-run --plan plan.json' +
        '\n  edshed bulk rehearse plan.json --db production-copy.db\n  edshed bulk rehearse plan.json --db production-copy.db --results rehearsal.csv' +
        '\n  edshed bulk apply plan.json --results results.csv',
    );
  // Its report is text or --json only (not a table: --format and --fields are not offered), and its connection is its own.
  addCommonOptions(cmd, new Set(['format', 'fields']), { connection: false });
  cmd.action(async (plan: string) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const flags = bulkFlags({ ...opts, from: plan });
    const { runRehearse } = await import('./rehearse-run.js');
    await runRehearse(leafFactory(f, cmd), {
      plan,
      db: String(opts.db),
      concurrency: flags?.concurrency ?? 4,
      rate: flags?.rate,
      results: flags?.results,
    });
  });
};

export default define;
