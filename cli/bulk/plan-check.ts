/** The checks of `edshed bulk apply` before anything is sent: the plan's command, its input file, its items. */
import { rmSync } from 'node:fs';
import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { CliError, EXIT } from '../cli-error.js';
import type { Factory } from '../factory.js';
import { openBulkInput } from './input.js';
import { endpointCommand } from './endpoint-command.js';
import { openItemsWriter, type BulkItem, type BulkRequest } from './items-file.js';
import type { ItemOutcome } from './journal.js';
import { bodyHash, hashFile, type Plan } from './plan-file.js';
import { validateInput } from './validate.js';

const usage = (file: string, why: string): CliError => new CliError(`${file}: ${why}; nothing was sent`, EXIT.usage);

/**
 * The plan's endpoint, and its input file unchanged since the plan (exit 2 otherwise).
 *
 * @example
 * const endpoint = await checkPlan('plan.json', plan);
 */
export async function checkPlan(file: string, plan: Plan): Promise<Endpoint> {
  const endpoint = ENDPOINTS.find((e) => e.command === plan.command);
  // Plans are saved by table endpoint commands only (a curated command refuses --plan); name that, not a version mismatch.
  if (!endpoint && plan.command.split(' ').length > 2) throw usage(file, `the plan is for ${plan.command}, and edshed bulk apply runs plans of the table's endpoint commands only`);
  if (!endpoint || endpoint.method !== plan.endpoint.method || endpoint.path !== plan.endpoint.path) {
    throw usage(file, `the plan is for ${plan.command} (${plan.endpoint.method} ${plan.endpoint.path}), which this edshed does not have`);
  }
  const sha = await hashFile(plan.input.path).catch(() => undefined);
  if (sha === undefined) throw usage(file, `its input file ${plan.input.path} cannot be read`);
  if (sha !== plan.input.sha256) throw usage(file, `its input file ${plan.input.path} changed since the plan (content hash differs); make a new plan with --dry-run --plan`);
  return endpoint;
}

/**
 * Rebuilds the plan's items from its input file, as the dry run did, into the run's items file; every
 * item must be the planned one (same index, path and body hash). Rows the plan set aside are returned
 * as skipped outcomes. Anything else is exit 2, and the items file is removed.
 *
 * @example
 * const { rows, skipped } = await rebuildItems(c, 'plan.json', plan, endpoint, partialItemsFile);
 */
export async function rebuildItems(c: Factory, file: string, plan: Plan, endpoint: Endpoint, itemsPath: string): Promise<{ rows: number; skipped: ItemOutcome[] }> {
  const writer = openItemsWriter(itemsPath);
  const skipped: ItemOutcome[] = [];
  let next = 0;
  let mismatch: string | undefined;
  const onItem = async (item: BulkItem<BulkRequest>) => {
    const planned = plan.items[next];
    next += 1;
    if (planned?.index !== item.index || planned.path !== item.row.path || planned.body_hash !== bodyHash(item.row.body)) mismatch ??= `line ${item.line}`;
    else await writer.write(item);
  };
  try {
    const report = await validateInput(await openBulkInput(plan.input.path, c.io), {
      command: endpointCommand(endpoint),
      defaults: plan.defaults,
      onItem,
      onReject: (row, reasons, index) => {
        if (index !== undefined) skipped.push({ index, line: row.line, status: 'skipped', http_status: null, message: reasons.join('; '), request_id: null });
      },
    });
    await writer.close();
    if (mismatch !== undefined || next !== plan.items.length) throw usage(file, `the item at ${mismatch ?? `index ${next}`} is not the one planned (the plan was edited)`);
    return { rows: report.rows, skipped };
  } catch (error) {
    await writer.close().catch(() => undefined);
    rmSync(itemsPath, { force: true });
    throw error;
  }
}

