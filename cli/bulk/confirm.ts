import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { confirmOrRefuse } from '../prompt/prompter.js';
import type { BulkCommand } from './bulk-command.js';

/**
 * Asks before a bulk run where a slip is costly: in production the user types the number of operations;
 * a destructive command asks yes or no, once for the whole run (never per row). `--yes` skips both; off a terminal they are refused (exit 2),
 * before anything is sent.
 *
 * @example
 * await confirmBulk(c, command, 868, 'payments.csv', opts.yes);
 * await confirmBulk(c, command, 40, 'moves-plan.json', opts.yes, 'to Maple Elementary School (school 2, US)');
 */
export async function confirmBulk(
  c: Factory,
  command: Pick<BulkCommand, 'name' | 'destructive'>,
  count: number,
  file: string,
  yes: boolean | undefined,
  destination?: string,
): Promise<void> {
  if (yes === true) return;
  const connection = await c.connection();
  // Where the run takes its targets, when the command says (a move's schools): the question is about it.
  const what = `${count} × ${command.name} from ${file}${destination ? ` ${destination}` : ''}`;
  if (connection.environment === 'production') {
    if (!c.prompter.interactive)
      throw new CliError(
        `${what} in PRODUCTION: pass --yes to confirm (no terminal to ask on); nothing was sent`,
        EXIT.usage,
      );
    const answer = await c.prompter.text(`${what} in PRODUCTION (${connection.baseUrl}). Type ${count} to go on: `);
    if (answer.trim() !== String(count)) throw new CliError('Cancelled; nothing was sent', EXIT.usage);
    return;
  }
  if (command.destructive) await confirmOrRefuse(c.prompter, `${what}?`, { yes });
}
