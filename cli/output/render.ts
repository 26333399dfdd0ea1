import { stringify } from 'csv-stringify/sync';
import { NEUTRAL_CSV, neutraliseFormula } from './formula.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Colors } from './colors.js';
import { redact } from './redact.js';
import { cellText, columnsOf, recordsAt, recordsPath, rowsOf, type Row } from './rows.js';
import { FORMATS, type Format } from './formats.js';

export { FORMATS, type Format } from './formats.js';

export interface RenderOptions {
  readonly format: Format;
  /** Only these fields, in this order; each must exist in the data. */
  readonly fields?: readonly string[];
  /** The response key of the endpoint, for picking the rows. */
  readonly responseKey?: string;
  /** Terminal width for the table (120 when unknown). */
  readonly columns?: number;
  /**
   * The columns a table shows when `fields` names none: the shape's default columns (`OutputPlan`).
   * Those the rows lack are left out; other formats show every field.
   */
  readonly tableColumns?: readonly string[];
  /** Colours for the table (states); off when absent. */
  readonly colors?: Colors;
  /** Each default column's priority on a narrow terminal (the shape's `priority`): higher numbers are left out first. */
  readonly priorities?: Readonly<Record<string, number>>;
  /** `--fields all`: no column is left out to fit. */
  readonly every?: boolean;
  /** Where a table says which columns it left out to fit (stderr); unsaid when absent. */
  readonly report?: (line: string) => void;
  /** Show secret-named fields as they are: only for rows built to hand a secret over on purpose. */
  readonly revealSecrets?: boolean;
  /**
   * The data is an API's answer: a request was sent, so a `--fields` name it lacks exits 1, not 2 (which
   * would say nothing was sent). Without it the data is the CLI's own (the audit log, the endpoint table).
   */
  readonly answered?: boolean;
}

/**
 * Chooses the format: `--format`, else `--json`, else a table on a terminal and TSV in a pipe.
 *
 * @example
 * chooseFormat({ json: true }, false) // 'json'
 */
export function chooseFormat(options: { readonly json?: boolean; readonly format?: string }, isTTY: boolean): Format {
  if (options.format !== undefined) {
    if (!(FORMATS as readonly string[]).includes(options.format)) {
      throw new CliError(`--format: "${options.format}" is not one of ${FORMATS.join(', ')}`, EXIT.usage);
    }
    return options.format as Format;
  }
  if (options.json) return 'json';
  return isTTY ? 'table' : 'tsv';
}

/** Parses `--fields a,b,c`; `--fields all` is every field, as no `--fields` is for every format but the table. */
export function parseFields(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === 'all') return undefined;
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new CliError('--fields: give at least one field name, comma-separated', EXIT.usage);
  return fields;
}

/**
 * Refuses `--fields` names that no row has (rows there must be: an empty list has no fields to check).
 * After a request (`answered`) that is exit 1, naming the fields the answer has; for the CLI's own data, exit 2.
 *
 * @example
 * checkFields([{ id: 1 }], ['id', 'nope'], true) // throws: --fields: the answer has no field nope; its fields: id (exit 1)
 */
export function checkFields(rows: readonly Row[], fields: readonly string[], answered: boolean): void {
  const available = columnsOf(rows);
  const unknown = fields.filter((f) => !available.includes(f));
  if (unknown.length === 0 || rows.length === 0) return;
  const names = `field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`;
  if (answered)
    throw new CliError(`--fields: the answer has no ${names}; its fields: ${available.join(', ')}`, EXIT.requestFailed);
  throw new CliError(`--fields: unknown ${names}; available: ${available.join(', ')}`, EXIT.usage);
}

function selectFields(
  rows: readonly Row[],
  fields: readonly string[] | undefined,
  answered: boolean,
): { rows: Row[]; columns: string[] } {
  if (!fields) return { rows: [...rows], columns: columnsOf(rows) };
  checkFields(rows, fields, answered);
  return { rows: rows.map((row) => Object.fromEntries(fields.map((f) => [f, row[f]]))), columns: [...fields] };
}

/** A TSV cell: formulas neutralised (cli/output/formula.ts), then tabs and line breaks made spaces. */
const tsvCell = (text: string) => neutraliseFormula(text).replace(/[\t\n\r]/g, ' ');

/** The body with the records at `path` replaced by `rows` (a list stays a list, an object an object). */
function withRecords(data: unknown, path: readonly string[], rows: readonly Row[]): unknown {
  if (path.length === 0 || data === null || typeof data !== 'object' || Array.isArray(data))
    return Array.isArray(data) || path.length === 0 ? rows : data;
  const [key, ...rest] = path as [string, ...string[]];
  const body = data as Record<string, unknown>;
  const value = rest.length > 0 ? withRecords(body[key], rest, rows) : Array.isArray(body[key]) ? rows : rows[0];
  return { ...body, [key]: value };
}

/**
 * The note on stderr naming the columns a narrow terminal left out, wrapped to its width.
 *
 * @example
 * await droppedNote(['due_at', 'school_id'], 80) // 'Not shown at 80 columns: due_at, school_id; --fields brings them back.'
 */
export async function droppedNote(dropped: readonly string[], width: number): Promise<string> {
  const { wrap } = await import('./fit.js');
  return wrap(
    `Not shown at ${width} columns: ${dropped.join(', ')}; --fields brings ${dropped.length === 1 ? 'it' : 'them'} back.`,
    width,
    '  ',
  ).join('\n');
}

/**
 * Renders response data as text in the chosen format, secrets redacted (unless `revealSecrets`). JSON keeps the whole body,
 * the API's envelope (with `--fields`, only the selected fields of its records); the other formats show the records.
 *
 * @example
 * render({ invoices: [{ id: 1, status: 'paid' }] }, { format: 'tsv' }) // 'id\tstatus\n1\tpaid\n'
 */
export async function render(data: unknown, options: RenderOptions): Promise<string> {
  const safe = options.revealSecrets === true ? data : redact(data);
  if (options.format === 'json' && !options.fields) return `${JSON.stringify(safe, null, 2)}\n`;
  const { rows, columns } = selectFields(rowsOf(safe, options.responseKey), options.fields, options.answered === true);
  // An empty list has no columns to name (unless --fields named them): no line at all, as `--all` streams it.
  if (columns.length === 0 && (options.format === 'tsv' || options.format === 'csv')) return '';
  switch (options.format) {
    case 'json':
      return `${JSON.stringify(withRecords(safe, recordsPath(safe, options.responseKey), rows), null, 2)}\n`;
    case 'ndjson':
      return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
    case 'csv':
      // csv-stringify quotes only the record delimiter by itself; quoted_match adds a lone CR or LF (RFC 4180).
      // Every cell is text here (cellText), so each is neutralised: `=HYPERLINK(...)` never runs in a spreadsheet.
      return stringify([columns, ...rows.map((row) => columns.map((c) => cellText(row[c])))], {
        quoted_match: /[\r\n]/,
        ...NEUTRAL_CSV,
      });
    case 'tsv':
      return [columns, ...rows.map((row) => columns.map((c) => cellText(row[c])))]
        .map((line) => `${line.map(tsvCell).join('\t')}\n`)
        .join('');
    case 'table': {
      if (rows.length === 0) return '(no results)\n';
      const { fitTable } = await import('./table.js');
      const chosen = options.fields ? columns : (options.tableColumns ?? []).filter((c) => columns.includes(c));
      const shown = chosen.length > 0 ? chosen : columns;
      // Columns named with --fields are the person's choice: cut text harder, never leave one out.
      const single = !Array.isArray(safe) && !Array.isArray(recordsAt(safe, options.responseKey));
      const table = fitTable(rows, shown, {
        width: options.columns,
        colors: options.colors,
        priorities: options.priorities,
        drop: !options.fields && options.every !== true,
        single,
      });
      if (table.dropped.length > 0) options.report?.(await droppedNote(table.dropped, options.columns ?? 120));
      return table.text;
    }
  }
}
