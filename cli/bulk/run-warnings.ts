/**
 * Warnings of a bulk run: what its rows change beyond what they say (a move's country or currency, a
 * school left with no live subscription of a product), read once before anything is written. They never
 * block the run: they are printed whole on stderr, saved in a plan, and the prompt names where the run goes.
 */
import type { Factory } from '../factory/factory.js';
import { wrap } from '../output/fit.js';
import type { BulkCommand, RunWarnings } from './bulk-command.js';
import type { BulkItem } from './items-file.js';
import type { RunWarning } from './plan-file.js';

/**
 * The command's warnings over every row, or undefined for a command that has none (nothing is read then).
 *
 * @example
 * const warned = await readRunWarnings(c, command, readItems(path, command.parse));
 */
export async function readRunWarnings<Row>(
  c: Factory,
  command: Pick<BulkCommand<Row>, 'warnings'>,
  items: AsyncIterable<BulkItem<Row>> | Iterable<BulkItem<Row>>,
): Promise<RunWarnings | undefined> {
  if (command.warnings === undefined) return undefined;
  const rows: Row[] = [];
  for await (const item of items) rows.push(item.row);
  return command.warnings(c, rows);
}

/**
 * Warnings as a person reads them on stderr: each whole, wrapped at the terminal's width.
 *
 * @example
 * warningText([{ kind: 'country', target_id: 5, text: 'Subscription 5 moves from GB to US: ...' }], 80)
 * // 'Warning (country): Subscription 5 moves from GB to US: ...\n'
 */
export function warningText(warnings: readonly Pick<RunWarning, 'kind' | 'text'>[], width: number): string {
  return warnings
    .map((w) => `${wrap(`Warning (${w.kind}): ${w.text}`, Math.max(20, width), '  ').join('\n')}\n`)
    .join('');
}

/**
 * Prints a run's warnings on stderr (not with --quiet), with a count line when there are several.
 *
 * @example
 * printRunWarnings(c, warned);
 */
export function printRunWarnings(c: Factory, warned: RunWarnings | undefined): void {
  if (warned === undefined || warned.warnings.length === 0 || c.globals.quiet) return;
  const count = warned.warnings.length;
  c.io.stderr.write(
    `${count} warning${count === 1 ? '' : 's'} (they do not stop the run):\n${warningText(warned.warnings, c.io.columns ?? 80)}`,
  );
}
