import type { Command } from 'commander';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { pageFlags } from '../../write/options.js';
import type { DefineCommand } from '../define.js';
import { printPages } from '../generated/pages.js';
import { notDoneHint, parseSnapshotId } from './snapshot.js';

export interface SnapshotDataOptions {
  readonly id: number;
  /** At most this many rows; absent: every row. */
  readonly limit?: number | undefined;
}

/**
 * Prints the rows of a finished snapshot (one per school) in the chosen format, page after page, so
 * `--format csv` streams a spreadsheet of any size. Returns how many rows were printed.
 *
 * @example
 * await runSnapshotData(c.withGlobals({ format: 'csv' }), { id: 3 });
 */
export async function runSnapshotData(c: Factory, options: SnapshotDataOptions): Promise<number> {
  const plan = planOutput(c, { write: false, command: 'snapshots data' });
  try {
    return await printPages(c, tableEndpoint('snapshots data'), { id: options.id }, { limit: options.limit }, plan);
  } catch (error) {
    throw notDoneHint(error, options.id);
  }
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Print the rows of an engagement snapshot, one per school')
    .argument('<id>', 'snapshot id')
    .option('--limit <n>', 'only the first N rows (default: all)');
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  edshed snapshots data 3 --format csv > engagement.csv\n  edshed snapshots data 3 --fields school_id,school_name,engagement_rate',
  );
  cmd.action(async (idArg: string, opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    const id = parseSnapshotId(idArg);
    await runSnapshotData(c, { id, limit: pageFlags(opts).limit });
  });
};

export default define;
