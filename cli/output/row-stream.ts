import type { Factory } from '../factory.js';
import type { OutputPlan } from './plan.js';
import { checkFields, render } from './render.js';
import { columnsOf, type Row } from './rows.js';

/** Prints rows page by page: constant memory for every format but the table (which must align them all). */
export interface RowStream {
  write(rows: readonly Row[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * A stream of rows to stdout in the planned format. CSV and TSV print their header once (from the
 * first page, or `--fields`); JSON prints one array; the table collects the rows and prints at the end.
 *
 * @example
 * const out = openRowStream(c, plan); await out.write(page1); await out.write(page2); await out.end();
 */
export function openRowStream(f: Factory, plan: OutputPlan): RowStream {
  let columns: readonly string[] | undefined = plan.fields;
  let first = true;
  const kept: Row[] = [];
  const pick = (rows: readonly Row[]) => {
    if (!plan.fields) return rows;
    checkFields(rows, plan.fields, true);
    return rows.map((row) => Object.fromEntries((plan.fields ?? []).map((c) => [c, row[c]])));
  };
  const options = (format: OutputPlan['format'], fields: readonly string[] | undefined) => ({
    format,
    ...(fields ? { fields } : {}),
    ...(f.io.columns ? { columns: f.io.columns } : {}),
    colors: f.colors,
    answered: true,
  });
  return {
    async write(rows) {
      if (plan.format === 'table') {
        kept.push(...rows);
        return;
      }
      if (plan.format === 'json') {
        for (const row of pick(rows)) {
          f.io.stdout.write(`${first ? '[\n' : ',\n'}${JSON.stringify(row, null, 2).replace(/^/gm, '  ')}`);
          first = false;
        }
        return;
      }
      if (rows.length === 0) return;
      columns ??= columnsOf(rows);
      const text = await render(rows, options(plan.format, columns));
      // Every page renders its own header line for CSV and TSV; only the first page's is kept.
      f.io.stdout.write(first || plan.format === 'ndjson' ? text : text.slice(text.indexOf('\n') + 1));
      first = false;
    },
    async end() {
      if (plan.format === 'table') f.io.stdout.write(await render(kept, options('table', plan.fields)));
      else if (plan.format === 'json') f.io.stdout.write(first ? '[]\n' : '\n]\n');
    },
  };
}
