import type { Command } from 'commander';
import { buildRequest } from '../../../core/endpoints/call.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import { confirmOrRefuse, refuseUnanswerable } from '../../prompt/prompter.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { printDryRun } from '../../write/dry-run.js';
import { addWriteOptions, writeFlags, type WriteFlags } from '../../write/options.js';
import { sendWrite } from '../../write/send.js';
import type { DefineCommand } from '../define.js';
import { describeSnapshot, fetchSnapshot, parseSnapshotId } from './snapshot.js';

export interface SnapshotDeleteOptions extends WriteFlags {
  readonly id: number;
}

/**
 * Deletes a snapshot after asking, naming its period (read first, so the question says what goes);
 * `yes` skips the question, and off a terminal without it nothing, not even the read, is sent (exit 2).
 *
 * @example
 * await runSnapshotDelete(c, { id: 3, yes: true });
 */
export async function runSnapshotDelete(c: Factory, options: SnapshotDeleteOptions): Promise<void> {
  const plan = planOutput(c, { write: true, command: 'snapshots delete' });
  const idempotencyKey = options.idempotencyKey ?? `edshed-cli-${globalThis.crypto.randomUUID()}`;
  const request = buildRequest(tableEndpoint('snapshots delete'), { id: options.id }, { idempotencyKey });
  if (options.dryRun) return printDryRun(c, request);
  refuseUnanswerable(c.prompter, `Delete engagement snapshot ${options.id}?`, { yes: options.yes });
  const what = describeSnapshot(await fetchSnapshot(c, options.id));
  await confirmOrRefuse(c.prompter, `Delete ${what}?`, { yes: options.yes });
  const response = await sendWrite(c, request);
  await printResponse(c, response.data, undefined, plan);
  if (!c.globals.quiet) c.io.stderr.write(`Deleted ${what}.\n`);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd.description('Delete an engagement snapshot (asks first; --yes in scripts)').argument('<id>', 'snapshot id');
  addWriteOptions(cmd, { destructive: true });
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nOff a terminal it needs --yes, else nothing is sent (exit 2).\n\nExamples:\n  edshed snapshots delete 3\n  edshed snapshots delete 3 --yes',
  );
  cmd.action(async (idArg: string, opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    const id = parseSnapshotId(idArg);
    await runSnapshotDelete(c, { id, ...writeFlags(opts) });
  });
};

export default define;
