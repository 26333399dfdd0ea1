/**
 * The curated commands a bulk run or plan can be of, by the kind their journal or plan records, so
 * that `runs resume` and `bulk apply` build the same command again. The commands register here
 * (cli/commands/index.ts registers them all): bulk looks them up by name and imports none of them.
 * Loaded lazily: registering costs a command that never runs in bulk nothing.
 */
import { CliError, EXIT } from '../cli-error.js';
import type { BulkCommand } from './bulk-command.js';

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

