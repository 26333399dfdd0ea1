import type { Command } from 'commander';
import { runsDir } from '../../bulk/journal.js';
import { listRuns } from '../../bulk/run-list.js';
import { addCommonOptions, leafFactory } from '../../flags.js';
import { printResponse } from '../../print-response.js';
import type { DefineCommand } from '../index.js';

/** `edshed runs list`: the bulk runs journaled on this machine, newest first, with where each stands. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('List the bulk runs started from this machine, newest first, with their counts')
    .addHelpText('after', '\nJournals live in the state directory, under runs/.\n\nExamples:\n  edshed runs list\n  edshed runs list --json');
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async () => {
    const c = leafFactory(f, cmd);
    const rows = (await listRuns(c.env)).map(({ id, header, counts }) => ({ id, command: header.command, file: header.file, created: header.created, items: header.items, ...counts }));
    if (rows.length === 0 && !c.globals.quiet) c.io.stderr.write(`No bulk runs yet (${runsDir(c.env)}).\n`);
    await printResponse(c, rows);
  });
};

export default define;
