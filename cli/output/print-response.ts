import type { Factory } from '../factory/factory.js';
import type { OutputPlan } from './plan.js';
import { chooseFormat, parseFields, render, type RenderOptions } from './render.js';
import { rowsOf, type Row } from './rows.js';
import type { NameBook } from '../read/id-names.js';

/**
 * How a table is laid out on this terminal: its width, colours, and the plan's default columns.
 *
 * @example
 * await render(rows, { format: 'table', ...tableLayout(c, plan) });
 */
export function tableLayout(
  f: Factory,
  plan?: OutputPlan,
): Pick<RenderOptions, 'columns' | 'colors' | 'tableColumns' | 'priorities' | 'every' | 'report'> {
  return {
    ...(f.io.columns ? { columns: f.io.columns } : {}),
    colors: f.colors,
    ...(plan?.tableColumns ? { tableColumns: plan.tableColumns } : {}),
    ...(plan?.priorities ? { priorities: plan.priorities } : {}),
    ...(plan?.every ? { every: true } : {}),
    report: (line) => (f.globals.quiet ? undefined : f.io.stderr.write(`${line}\n`)),
  };
}

/**
 * The rows of a list's default table with names beside other records' ids (one read for them all), and
 * the plan's columns and priorities with the names' columns added; the rows as they are otherwise.
 *
 * @example
 * const { rows, plan: shown } = await withNames(c, plan, invoices);
 */
export async function withNames(
  f: Factory,
  plan: OutputPlan | undefined,
  rows: readonly Row[],
  book?: NameBook,
): Promise<{ rows: readonly Row[]; plan: OutputPlan | undefined }> {
  if (plan?.format !== 'table' || plan.names !== true || plan.tableColumns === undefined || rows.length === 0)
    return { rows, plan };
  const named = await (book ?? (await import('../read/id-names.js')).nameBook(f)).named(
    rows,
    plan.tableColumns,
    plan.priorities,
  );
  return { rows: named.rows, plan: { ...plan, tableColumns: named.columns, priorities: named.priorities } };
}

/**
 * Writes response data to stdout in the format the user asked for. Pass the plan made before the
 * request (`planOutput`) so that nothing about the output can fail after a write.
 *
 * @example
 * await printResponse(c, { invoices: [] }, 'invoices', plan);
 */
export async function printResponse(f: Factory, data: unknown, responseKey?: string, plan?: OutputPlan): Promise<void> {
  const format = plan?.format ?? chooseFormat(f.globals, f.io.stdoutIsTTY);
  const fields = plan ? plan.fields : parseFields(f.globals.fields);
  if (plan?.names === true && format === 'table') {
    const named = await withNames(f, plan, rowsOf(data, responseKey));
    data = named.rows;
    plan = named.plan;
    responseKey = undefined;
  }
  f.io.stdout.write(
    await render(data, {
      format,
      ...(fields ? { fields } : {}),
      ...(responseKey ? { responseKey } : {}),
      ...tableLayout(f, plan),
      // A plan is made by commands that send requests, before the first one.
      answered: plan !== undefined,
    }),
  );
}
