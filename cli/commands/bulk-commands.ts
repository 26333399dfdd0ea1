/**
 * The curated commands a bulk run can be of, by the kind their journal records: `runs resume` builds
 * the same command again from it. Lazy, like the commands themselves.
 */
import type { BulkCommand } from '../bulk/bulk-command.js';
import { CliError, EXIT } from '../cli-error.js';

type Build = (args: Readonly<Record<string, string>>) => Promise<BulkCommand>;

const CURATED_BULK: Readonly<Record<string, Build>> = {
  // Bulk runs of curated workflows: invoices, subscriptions, pupils, snapshots.
  'invoices mark': async (args) => {
    const [{ markBulkCommand }, { ACTION_NAMES }] = await Promise.all([import('./invoices/mark-bulk.js'), import('./invoices/actions.js')]);
    const action = ACTION_NAMES.find((name) => name === args.action);
    if (action === undefined) throw new CliError(`this run's journal names no known action ("${args.action ?? ''}")`, EXIT.usage);
    return markBulkCommand(action);
  },
  'subscriptions move': async () => (await import('./subscriptions/move-bulk.js')).moveBulkCommand(),
  'pupils generate': async (args) => {
    if (args.out === undefined) throw new CliError("this run's journal names no passwords file", EXIT.usage);
    return (await import('./pupils/generate-bulk.js')).generateBulkCommand(args.out, false);
  },
  'snapshots create': async () => (await import('./snapshots/create-bulk.js')).snapshotBulkCommand(),
};

/**
 * The curated bulk command a journal names.
 *
 * @example
 * const command = await curatedBulkCommand('invoices mark', { action: 'paid' });
 */
export async function curatedBulkCommand(kind: string, args: Readonly<Record<string, string>>): Promise<BulkCommand> {
  const build = CURATED_BULK[kind];
  if (build === undefined) throw new CliError(`this version of edshed cannot resume a run of "${kind}"`, EXIT.usage);
  return build(args);
}
