import { ENDPOINTS } from '../../core/endpoints/index.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { BulkCommand } from './bulk-command.js';
import { tableBulkCommand } from './endpoint-command.js';
import type { RunHeader } from './journal.js';
import { curatedBulkCommand } from './registry.js';

/**
 * The command a run's journal names, built again for `runs resume`: a curated command from its kind and
 * arguments (registered in cli/bulk/registry.ts), else the table endpoint of the same words.
 *
 * @example
 * const command = await commandOfRun(state.header); // tableBulkCommand(invoices mark-paid)
 */
export async function commandOfRun(header: RunHeader): Promise<BulkCommand> {
  if (header.bulk) return curatedBulkCommand(header.bulk.kind, header.bulk.args);
  const endpoint = ENDPOINTS.find((e) => e.command === header.command);
  if (!endpoint)
    throw new CliError(
      `run ${header.run_id} is of "${header.command}", which this version of edshed does not know; it cannot be resumed`,
      EXIT.usage,
    );
  return tableBulkCommand(endpoint);
}
