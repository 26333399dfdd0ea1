import type { Command } from 'commander';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { pageFlags } from '../../write/options.js';
import type { DefineCommand } from '../define.js';
import { printPages } from '../generated/pages.js';
import { SNAPSHOT_FIELDS } from './snapshot.js';

export interface SnapshotListOptions {
  /** At most this many, newest first; absent: every snapshot. */
  readonly limit?: number | undefined;
}

/** The columns a terminal table shows unless `--fields` says otherwise (JSON, CSV and TSV keep them all). */
const TABLE_FIELDS = ['id', 'start', 'end', 'state', 'progress', 'rows', 'created_at'];

/**
 * Prints the engagement snapshots, newest first, page after page. Returns how many were printed.
 *
 * @example
 * await runSnapshotList(c, { limit: 10 });
 */
export async function runSnapshotList(c: Factory, options: SnapshotListOptions = {}): Promise<number> {
  const plan = planOutput(c, { write: false, knownFields: SNAPSHOT_FIELDS, command: 'snapshots list' });
  const shown = plan.format === 'table' && !plan.fields ? { ...plan, fields: TABLE_FIELDS } : plan;
  return printPages(c, tableEndpoint('snapshots list'), {}, { limit: options.limit }, shown);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('List the engagement snapshots, newest first, with their state')
    .option('--limit <n>', 'only the newest N (default: all)');
  addCommonOptions(cmd);
  cmd.addHelpText('after', '\nExamples:\n  edshed snapshots list\n  edshed snapshots list --limit 5 --format csv');
  cmd.action(async (opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    await runSnapshotList(c, { limit: pageFlags(opts).limit });
  });
};

export default define;
