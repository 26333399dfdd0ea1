import type { Factory } from './factory.js';
import { chooseFormat, parseFields, render } from './output/render.js';

/**
 * Writes response data to stdout in the format the user asked for (global options merged from the leaf).
 *
 * @example
 * await printResponse(f, { invoices: [] }, 'invoices');
 */
export async function printResponse(f: Factory, data: unknown, responseKey?: string): Promise<void> {
  const globals = f.globals;
  const format = chooseFormat(globals, f.io.stdoutIsTTY);
  const fields = parseFields(globals.fields);
  f.io.stdout.write(
    await render(data, { format, ...(fields ? { fields } : {}), ...(responseKey ? { responseKey } : {}), ...(f.io.columns ? { columns: f.io.columns } : {}) }),
  );
}
