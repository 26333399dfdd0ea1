import type { Command } from 'commander';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import type { DefineCommand } from '../define.js';
import {
  capitalise,
  describeSnapshot,
  fetchSnapshot,
  parseSnapshotId,
  SNAPSHOT_FIELDS,
  type Snapshot,
} from './snapshot.js';

export interface SnapshotShowOptions {
  readonly id: number;
}

/**
 * Prints one snapshot with its job's state and progress; a note on stderr says what to do next when it
 * is not done (wait for it) or failed (the job's error).
 *
 * @example
 * await runSnapshotShow(c, { id: 3 });
 */
export async function runSnapshotShow(c: Factory, options: SnapshotShowOptions): Promise<Snapshot> {
  const plan = planOutput(c, { write: false, knownFields: SNAPSHOT_FIELDS, command: 'snapshots show' });
  const snapshot = await fetchSnapshot(c, options.id);
  await printResponse(c, { snapshot }, 'snapshot', plan);
  if (c.globals.quiet) return snapshot;
  const what = describeSnapshot(snapshot);
  if (snapshot.state === 'failed')
    c.io.stderr.write(
      `The job computing ${what} failed: ${snapshot.error ?? 'no reason given'}. Take it again with \`edshed snapshots create\`.\n`,
    );
  else if (snapshot.state !== 'done')
    c.io.stderr.write(
      `${capitalise(what)} is ${snapshot.state} (${Math.round(snapshot.progress)}%): \`edshed snapshots wait ${snapshot.id}\` waits for it.\n`,
    );
  return snapshot;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd.description('Show one engagement snapshot: its period, state and progress').argument('<id>', 'snapshot id');
  addCommonOptions(cmd);
  cmd.addHelpText('after', '\nExamples:\n  edshed snapshots show 3\n  edshed snapshots show 3 --json');
  cmd.action(async (idArg: string) => {
    const c = leafFactory(f, cmd);
    await runSnapshotShow(c, { id: parseSnapshotId(idArg) });
  });
};

export default define;
