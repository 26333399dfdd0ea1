/** The checks of `edshed bulk apply` before anything is sent: the plan's command, its input file, its items. */
import { rmSync } from 'node:fs';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { openBulkInput } from './input.js';
import { tableBulkCommand } from './endpoint-command.js';
import type { BulkCommand } from './bulk-command.js';
import { openItemsWriter, type BulkItem } from './items-file.js';
import { curatedBulkCommand } from './registry.js';
import { skippedOutcome, type ItemOutcome } from './journal.js';
import { hashFile, pinOf, type Plan } from './plan-file.js';
import { validateInput } from './validate.js';

const usage = (file: string, why: string): CliError => new CliError(`${file}: ${why}; nothing was sent`, EXIT.usage);

/** The command a plan names: a curated command by its kind and arguments, else the table endpoint it names. */
async function commandOfPlan(file: string, plan: Plan): Promise<BulkCommand> {
  if (plan.bulk) {
    const command = await curatedBulkCommand(plan.bulk.kind, plan.bulk.args).catch(() => undefined);
    if (command?.name !== plan.command || !command.target)
      throw usage(file, `the plan is for ${plan.command}, which this edshed cannot apply`);
    return command;
  }
  const endpoint = ENDPOINTS.find((e) => e.command === plan.command);
  const planned = plan.endpoint ? ` (${plan.endpoint.method} ${plan.endpoint.path})` : '';
  if (!endpoint || endpoint.method !== plan.endpoint?.method || endpoint.path !== plan.endpoint.path)
    throw usage(file, `the plan is for ${plan.command}${planned}, which this edshed does not have`);
  return tableBulkCommand(endpoint);
}

/**
 * The plan's command (a table endpoint's, or a curated one), and its input file unchanged since the plan (exit 2 otherwise).
 *
 * @example
 * const command = await checkPlan('plan.json', plan);
 */
export async function checkPlan(file: string, plan: Plan): Promise<BulkCommand> {
  const command = await commandOfPlan(file, plan);
  const sha = await hashFile(plan.input.path).catch(() => undefined);
  if (sha === undefined) throw usage(file, `its input file ${plan.input.path} cannot be read`);
  if (sha !== plan.input.sha256)
    throw usage(
      file,
      `its input file ${plan.input.path} changed since the plan (content hash differs); make a new plan with --dry-run --plan`,
    );
  return command;
}

/**
 * Rebuilds the plan's items from its input file, as the dry run did, into the run's items file; every
 * item must be the planned one (same index, pin (path and body hash) and target). Rows the plan set aside are returned
 * as skipped outcomes. Anything else is exit 2, and the items file is removed.
 *
 * @example
 * const { rows, skipped } = await rebuildItems(c, 'plan.json', plan, command, partialItemsFile);
 */
export async function rebuildItems<Row>(
  c: Factory,
  file: string,
  plan: Plan,
  command: BulkCommand<Row>,
  itemsPath: string,
): Promise<{ rows: number; skipped: ItemOutcome[] }> {
  const writer = openItemsWriter(itemsPath);
  const skipped: ItemOutcome[] = [];
  let next = 0;
  let mismatch: string | undefined;
  const onItem = async (item: BulkItem<Row>) => {
    const planned = plan.items[next];
    next += 1;
    const pin = pinOf(command, item.row);
    // The target too: drift is judged on the planned target's state, so one edited there would judge another record.
    const target = command.target?.id(item.row) ?? null;
    if (
      planned?.index !== item.index ||
      planned.path !== pin.path ||
      planned.body_hash !== pin.body_hash ||
      planned.target_id !== target
    )
      mismatch ??= `line ${item.line}`;
    else await writer.write(item);
  };
  try {
    const report = await validateInput(await openBulkInput(plan.input.path, c.io), {
      command,
      defaults: plan.defaults,
      onItem,
      onReject: (row, reasons, index) => {
        if (index !== undefined) skipped.push(skippedOutcome(index, row.line, reasons.join('; ')));
      },
    });
    await writer.close();
    if (mismatch !== undefined || next !== plan.items.length)
      throw usage(file, `the item at ${mismatch ?? `index ${next}`} is not the one planned (the plan was edited)`);
    return { rows: report.rows, skipped };
  } catch (error) {
    await writer.close().catch(() => undefined);
    rmSync(itemsPath, { force: true });
    throw error;
  }
}
