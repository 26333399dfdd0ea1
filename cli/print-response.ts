import type { Factory } from './factory.js';
import type { OutputPlan } from './output/plan.js';
import { chooseFormat, parseFields, render, type RenderOptions } from './output/render.js';

/**
 * How a table is laid out on this terminal: its width, colours, and the plan's default columns.
 *
 * @example
 * await render(rows, { format: 'table', ...tableLayout(c, plan) });
 */
export function tableLayout(f: Factory, plan?: OutputPlan): Pick<RenderOptions, 'columns' | 'colors' | 'tableColumns'> {
  return {
    ...(f.io.columns ? { columns: f.io.columns } : {}),
    colors: f.colors,
    ...(plan?.tableColumns ? { tableColumns: plan.tableColumns } : {}),
  };
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
