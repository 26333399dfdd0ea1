import type { Command } from 'commander';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { OWN_TIMEOUT } from './poll.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import type { DefineCommand } from '../define.js';
import { parseSeconds, waitForSnapshot, type WaitOptions } from './poll.js';
import { parseSnapshotId, SNAPSHOT_FIELDS, type Snapshot } from './snapshot.js';

export interface SnapshotWaitOptions extends WaitOptions {
  readonly id: number;
}

/**
 * Waits for a snapshot's job to finish (progress on stderr) and prints the finished snapshot; exit 1
 * when the job failed.
 *
 * @example
 * await runSnapshotWait(c, { id: 3, intervalMs: 2000 });
 */
export async function runSnapshotWait(c: Factory, options: SnapshotWaitOptions): Promise<Snapshot> {
  const plan = planOutput(c, { write: false, knownFields: SNAPSHOT_FIELDS, command: 'snapshots wait' });
  const done = await waitForSnapshot(c, options.id, options);
  await printResponse(c, { snapshot: done }, 'snapshot', plan);
  return done;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Wait for an engagement snapshot to be computed, with progress on stderr')
    .argument('<id>', 'snapshot id')
    .option('--interval <seconds>', 'seconds between two reads of the job (default 2)')
    .option('--timeout <seconds>', 'give up waiting after this long (exit 1; the job goes on)');
  // Its own --timeout is how long to wait for the job; the request timeout goes before the noun (`edshed --timeout 60 snapshots ...`) or in EDSHED_TIMEOUT.
  addCommonOptions(cmd, OWN_TIMEOUT);
  cmd.addHelpText(
    'after',
    '\nExit 1 when the job failed (its error is shown).\n\nExamples:\n  edshed snapshots wait 3\n  edshed snapshots wait 3 --timeout 600 --json',
  );
  cmd.action(async (idArg: string, opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd, OWN_TIMEOUT);
    const id = parseSnapshotId(idArg);
    const intervalMs = parseSeconds(opts.interval as string | undefined, '--interval') as number;
    const timeoutMs = parseSeconds(opts.timeout as string | undefined, '--timeout', undefined);
    await runSnapshotWait(c, { id, intervalMs, timeoutMs });
  });
};

export default define;
