import type { Factory } from '../factory/factory.js';
import { tableLayout, withNames } from './print-response.js';
import type { OutputPlan } from './plan.js';
import { checkFields, render } from './render.js';
import { columnsOf, type Row } from './rows.js';

/** Prints rows page by page: constant memory for every format but the table (which must align them all). */
export interface RowStream {
  write(rows: readonly Row[]): Promise<void>;
  /** Closes the output; a JSON envelope gets the list's `total` when the API said one. */
  end(total?: number): Promise<void>;
}

const indent = (depth: number) => '  '.repeat(depth);

/**
 * A stream of rows to stdout in the planned format. CSV and TSV print their header once (from the
 * first page, or `--fields`); the table collects the rows and prints at the end. JSON prints the API's
 * own envelope of a page, whatever the number of pages: the records under `path` (`['invoices']`), then
 * `total`, so `jq '.invoices[]'` reads one page, `--limit N` and `--all` alike (a bare array when the
 * API's list is one). The text is what `JSON.stringify(body, null, 2)` gives, written as it comes.
 *
 * @example
 * const out = openRowStream(c, plan, ['invoices']); await out.write(page1); await out.write(page2); await out.end(11);
 */
export function openRowStream(f: Factory, plan: OutputPlan, path: readonly string[] = []): RowStream {
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
    ...tableLayout(f, plan),
    answered: true,
  });
  const depth = path.length;
  const opening = path.map((key, i) => `{\n${indent(i + 1)}${JSON.stringify(key)}: `).join('');
  return {
    async write(rows) {
      if (plan.format === 'table') {
        kept.push(...rows);
        return;
      }
      if (plan.format === 'json') {
        for (const row of pick(rows)) {
          f.io.stdout.write(
            `${first ? `${opening}[\n` : ',\n'}${JSON.stringify(row, null, 2).replace(/^/gm, indent(depth + 1))}`,
          );
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
    async end(total) {
      if (plan.format === 'table') {
        const named = await withNames(f, plan, kept);
        f.io.stdout.write(
          await render(named.rows, { ...options('table', plan.fields), ...tableLayout(f, named.plan) }),
        );
      } else if (plan.format === 'json') {
        const list = first ? `${opening}[]` : `\n${indent(depth)}]`;
        const closing = path.map((_, i) => `\n${indent(depth - 1 - i)}}`).join('');
        f.io.stdout.write(
          `${list}${depth > 0 && total !== undefined ? `,\n${indent(depth)}"total": ${total}` : ''}${closing}\n`,
        );
      }
    },
  };
}
