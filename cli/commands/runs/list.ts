import type { Command } from 'commander';
import { runsDir } from '../../bulk/journal.js';
import { listRuns } from '../../bulk/run-list.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { ownTablePlan } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import type { DefineCommand } from '../define.js';
import type { Factory } from '../../factory/factory.js';

/** `edshed runs list`: the bulk runs journaled on this machine, newest first, with where each stands. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('List the bulk runs started from this machine, newest first, with their counts')
    .addHelpText(
      'after',
      '\nJournals live in the state directory, under runs/.\n\nExamples:\n  edshed runs list\n  edshed runs list --json',
    );
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async () => {
    await runRunsList(leafFactory(f, cmd));
  });
};

/**
 * Lists the bulk runs journaled on this machine, newest first, with their counts (no request).
 *
 * @example
 * await runRunsList(c);
 */
export async function runRunsList(c: Factory): Promise<void> {
  const rows = (await listRuns(c.env)).map(({ id, header, counts }) => ({
    id,
    command: header.command,
    file: header.file,
    created: header.created,
    items: header.items,
    ...counts,
  }));
  if (rows.length === 0 && !c.globals.quiet) c.io.stderr.write(`No bulk runs yet (${runsDir(c.env)}).\n`);
  // On a terminal the run id, what is needed to resume, always stays whole; the file gives way first.
  const plan = ownTablePlan(
    c,
    ['id', 'command', 'created', 'items', 'done', 'failed', 'unknown', 'skipped', 'pending', 'file'],
    { file: 2, created: 2, unknown: 3, skipped: 3, pending: 3 },
  );
  await printResponse(
    c,
    plan ? rows.map((r) => ({ ...r, created: r.created.replace(/\.\d+Z$/, 'Z') })) : rows,
    undefined,
    plan,
  );
}

export default define;
