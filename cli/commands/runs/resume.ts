import type { Command } from 'commander';
import { bulkFlags } from '../../bulk/bulk-options.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';

/** `edshed runs resume ID [--retry-failed]`: go on with a run that was interrupted, paused or killed. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Resume a bulk run: send the items not done, each with its same idempotency key')
    .argument('<id>', 'run id (edshed runs list)')
    .option('--retry-failed', 'send failed items again too (items whose outcome is unknown always go again)')
    .option(
      '--results <file>',
      "a run without a results file: keep every item's outcome here from now on (.csv or .ndjson); a run's own is completed without it",
    )
    .option('--concurrency <n>', "requests in flight at most (default: the run's own, else 4)")
    .option('--rate <n>', "requests per second at most (default: the run's own); none: no limit")
    .addHelpText(
      'after',
      "\nDone items are skipped. It sends with the run's own --concurrency and --rate unless given here (--rate none lifts the run's limit). The server replays any item it had already applied (same key), so nothing is applied twice.\nThe run must resume against the API it started on.\n\nExamples:\n  edshed runs resume 20261102-100000-8000\n  edshed runs resume 20261102-100000-8000 --retry-failed --results retry.csv",
    );
  addCommonOptions(cmd);
  cmd.action(async (id: string) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const c = leafFactory(f, cmd);
    // --rate none: no limit, though the run had one (bulkFlags checks the numbers).
    const unlimited = opts.rate === 'none';
    const flags = bulkFlags({ ...opts, ...(unlimited ? { rate: undefined } : {}), from: `run ${id}` });
    const { runResume } = await import('../../bulk/resume.js');
    // Only flags given override the run's settings: bulkFlags fills in the default concurrency.
    const concurrency = opts.concurrency === undefined ? undefined : flags?.concurrency;
    await runResume(c, {
      runId: id,
      retryFailed: opts.retryFailed === true,
      concurrency,
      rate: unlimited ? null : flags?.rate,
      results: flags?.results,
    });
  });
};

export default define;
