/**
 * What bulk runs know of the commands they serve, registered by the commands (cli/commands/index.ts
 * registers them all): bulk looks them up by name and imports none of them.
 * - the curated commands a bulk run or plan can be of, by the kind their journal or plan records, so
 *   that `runs resume` and `bulk apply` build the same command again;
 * - what a table command's row asks of its target (`invoices mark-paid`: paid), so that a dry run of
 *   `--from FILE` marks the rows already so "no change".
 * Both are loaded lazily: registering costs a command that never runs in bulk nothing.
 */
import { CliError, EXIT } from '../errors/cli-error.js';
import type { BulkCommand } from './bulk-command.js';
import type { TargetWish } from './plan-no-change.js';
import type { TargetKind } from './targets.js';

/** Builds a curated bulk command again from the arguments its journal or plan keeps (lazily: import() its module). */
export type BuildBulkCommand = (args: Readonly<Record<string, string>>) => Promise<BulkCommand>;

const BUILDERS = new Map<string, BuildBulkCommand>();

/**
 * Registers the curated bulk commands, by kind; a kind registered again is replaced.
 *
 * @example
 * registerBulkCommands({ 'snapshots create': async () => (await import('./snapshots/create-bulk.js')).snapshotBulkCommand() });
 */
export function registerBulkCommands(builders: Readonly<Record<string, BuildBulkCommand>>): void {
  for (const [kind, build] of Object.entries(builders)) BUILDERS.set(kind, build);
}

/**
 * The curated bulk command a journal or plan names (exit 2 for a kind no command registered).
 *
 * @example
 * const command = await curatedBulkCommand('invoices mark', { action: 'paid' });
 */
export async function curatedBulkCommand(kind: string, args: Readonly<Record<string, string>>): Promise<BulkCommand> {
  const build = BUILDERS.get(kind);
  if (build === undefined) throw new CliError(`this version of edshed cannot resume a run of "${kind}"`, EXIT.usage);
  return build(args);
}

/**
 * What one row of a table command asks of its target, from the command and the row's payload; undefined
 * when the target's state cannot tell (or the command is not one the registering commands know).
 */
export type TargetWishes = (command: string, payload: Readonly<Record<string, unknown>>) => TargetWish | undefined;

const WISHES = new Map<TargetKind, () => Promise<TargetWishes>>();

/**
 * Registers, by target kind, where the wishes of table commands writing to that kind are loaded from.
 *
 * @example
 * registerTargetWishes({ invoices: async () => (await import('./invoices/actions.js')).wishOf });
 */
export function registerTargetWishes(
  loaders: Readonly<Partial<Record<TargetKind, () => Promise<TargetWishes>>>>,
): void {
  for (const [kind, load] of Object.entries(loaders) as [TargetKind, () => Promise<TargetWishes>][])
    WISHES.set(kind, load);
}

/**
 * The registered wishes of table commands writing to a kind of target; undefined when none are registered.
 *
 * @example
 * const wishes = await targetWishes('invoices');
 * wishes?.('invoices void', {}) // { state: 'void', reason: 'already void' }
 */
export async function targetWishes(kind: TargetKind | undefined): Promise<TargetWishes | undefined> {
  const load = kind === undefined ? undefined : WISHES.get(kind);
  return load?.();
}
