import type { Factory } from '../factory.js';
import { CliError, EXIT } from '../cli-error.js';
import type { BulkInput } from './input.js';
import type { BulkItem } from './items-file.js';
import type { BulkRunOptions } from './run-bulk.js';
import { validateInput } from './validate.js';

/** Requests shown in full in a plan. */
const SHOWN = 5;

/**
 * `--dry-run` with `--from`: validates the whole file as a real run would, then prints the plan on stdout
 * (how many operations of which kind, the first few rows as the command describes them) and sends nothing. Keeps only the first
 * few requests, so a file of any length plans in constant memory (but for the duplicate check).
 *
 * @example
 * await printPlan(c, input, options); // 868 operations: invoices mark-paid (POST superuser/invoices/{id}/paid) ...
 */
export async function printPlan<Row>(c: Factory, input: BulkInput, o: BulkRunOptions<Row>): Promise<void> {
  const first: BulkItem<Row>[] = [];
  const report = await validateInput(input, {
    command: o.command,
    defaults: o.defaults,
    onItem: (item) => {
      if (first.length < SHOWN) first.push(item);
    },
    ...(o.skipInvalid ? { onReject: () => undefined } : {}),
  });
  if (report.problems.length > 0 || report.valid === 0) {
    for (const line of report.problems) c.io.stderr.write(`${line}\n`);
    const count = report.problems.length;
    throw new CliError(count > 0 ? `${count} problem${count === 1 ? '' : 's'} in ${input.name}; nothing would be sent` : `${input.name}: no valid rows; nothing would be sent`, EXIT.usage);
  }
  const { command } = o;
  const lines = [
    `Plan for ${input.name}: ${report.valid} operation${report.valid === 1 ? '' : 's'}`,
    `  ${report.valid} × ${command.name}${command.summary ? ` (${command.summary})` : ''}`,
    ...(report.rejected > 0 ? [`  ${report.rejected} bad row${report.rejected === 1 ? '' : 's'} would be set aside (--skip-invalid)`] : []),
    `First ${Math.min(SHOWN, report.valid)}:`,
    ...first.map((item) => `  line ${item.line}: ${command.describe(item.row)}`),
    ...(report.valid > SHOWN ? [`  ... and ${report.valid - SHOWN} more`] : []),
  ];
  c.io.stdout.write(`${lines.join('\n')}\n`);
  if (!c.globals.quiet) c.io.stderr.write('Dry run: nothing was sent.\n');
}
