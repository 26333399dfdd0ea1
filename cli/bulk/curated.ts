import type { Command } from 'commander';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import type { WriteFlags } from '../write/options.js';
import type { BulkCommand } from './bulk-command.js';
import { addBulkOptions, bulkFlags } from './bulk-options.js';

/**
 * Gives a curated command `--from FILE` and the bulk options. With --from, its required arguments and
 * the options named in `optional` (`--amount`) may be left out: the file's columns give them per row,
 * `plan` offers --plan (a command whose rows have targets: invoices, subscriptions),
 * and any given on the command line are defaults for every row. A second usage line shows the bulk
 * form (`usage`, after the command's words).
 *
 * @example
 * addCuratedBulk(cmd, { usage: '[options] --from FILE', columns: 'start, end', optional: ['--start', '--end'], yes: true });
 */
export function addCuratedBulk(
  cmd: Command,
  o: {
    readonly usage: string;
    readonly columns: string;
    readonly optional?: readonly string[];
    readonly yes: boolean;
    readonly plan?: boolean;
  },
): Command {
  addBulkOptions(cmd, { yes: o.yes, columns: o.columns, plan: o.plan === true });
  const words: string[] = [];
  for (let at: Command | null = cmd; at; at = at.parent) words.unshift(at.name());
  cmd.usage(`${cmd.usage()}\n       ${words.join(' ')} ${o.usage}`);
  // Commander checks arguments and mandatory options after parsing options, so --from relaxes them in time.
  cmd.on('option:from', () => {
    for (const argument of cmd.registeredArguments) argument.required = false;
    for (const option of cmd.options) if (o.optional?.includes(option.long ?? '')) option.mandatory = false;
  });
  return cmd;
}

/**
 * Runs a curated command once per row of `--from FILE` when it was given (true), else does nothing
 * (false: the caller runs the single command). Options that make no sense per row are refused first.
 *
 * @example
 * if (await runCuratedBulk(c, opts, write, { command: () => snapshotBulkCommand(), defaults: { start } })) return;
 */
export async function runCuratedBulk<Row>(
  c: Factory,
  opts: Readonly<Record<string, unknown>>,
  write: WriteFlags,
  o: {
    readonly command: () => Promise<BulkCommand<Row>>;
    readonly defaults: Readonly<Record<string, unknown>>;
    readonly refuse?: readonly (readonly [string, string])[];
  },
): Promise<boolean> {
  const many = bulkFlags(opts);
  if (many === undefined) return false;
  for (const [attribute, flag] of o.refuse ?? []) {
    if (opts[attribute] !== undefined)
      throw new CliError(
        `${flag} does not go with --from (a bulk run reports per row in its journal and results file); nothing was sent`,
        EXIT.usage,
      );
  }
  const defaults = Object.fromEntries(Object.entries(o.defaults).filter(([, value]) => value !== undefined));
  const { runBulk } = await import('./run-bulk.js');
  await runBulk(c, { command: await o.command(), defaults, ...write, ...many });
  return true;
}
