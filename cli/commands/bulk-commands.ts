/**
 * What the commands tell bulk runs, registered by cli/commands/index.ts with cli/bulk/registry.ts. Lazy,
 * like the commands themselves.
 */
import type { BuildBulkCommand, TargetWishes } from '../bulk/registry.js';
import type { TargetKind } from '../bulk/targets.js';
import { CliError, EXIT } from '../errors/cli-error.js';

/** The curated commands a bulk run can be of, by the kind their journal records: `runs resume` and `bulk apply` build the same command again from it. */
export const CURATED_BULK: Readonly<Record<string, BuildBulkCommand>> = {
  // Bulk runs of curated workflows: invoices, subscriptions, pupils, snapshots.
  'invoices mark': async (args) => {
    const [{ markBulkCommand }, { ACTION_NAMES }] = await Promise.all([
      import('./invoices/mark-bulk.js'),
      import('./invoices/actions.js'),
    ]);
    const action = ACTION_NAMES.find((name) => name === args.action);
    if (action === undefined)
      throw new CliError(`this run's journal names no known action ("${args.action ?? ''}")`, EXIT.usage);
    return markBulkCommand(action);
  },
  'subscriptions move': async () => (await import('./subscriptions/move-bulk.js')).moveBulkCommand(),
  'pupils generate': async (args) => {
    if (args.out === undefined) throw new CliError("this run's journal names no passwords file", EXIT.usage);
    return (await import('./pupils/generate-bulk.js')).generateBulkCommand(args.out, false);
  },
  'snapshots create': async () => (await import('./snapshots/create-bulk.js')).snapshotBulkCommand(),
};

/** What a table command's row asks of its target: the invoice actions of `invoices mark` (mark-paid: paid). */
export const TARGET_WISHES: Readonly<Partial<Record<TargetKind, () => Promise<TargetWishes>>>> = {
  invoices: async () => (await import('./invoices/actions.js')).wishOf,
};
