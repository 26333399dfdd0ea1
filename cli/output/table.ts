import Table from 'cli-table3';
import type { Colors } from './colors.js';
import { displayCell } from './display-cell.js';
import { cut, fitColumns, measure, wrap, type Fitted } from './fit.js';
import type { Row } from './rows.js';

/** cli-table3's frame: a space either side of each cell and a border before it, and the last border. */
const FRAME = { perColumn: 3, fixed: 1 };
/** A record shown field by field: the names' column and the values' column. */
const RECORD_FLOOR = 10;

/** No rule between a record's fields: a field a line. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** A table's text with a rule under its header only, not between rows: a row a line, so a long list reads as one. */
const ruleUnderHeader = (text: string) =>
  text
    .split('\n')
    .filter((line, i) => i <= 2 || !line.startsWith('├'))
    .join('\n');

/** A cell's text on one line: a table row never wraps. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/** How a table is fitted: its width, colours, which columns give way first, and which hold reasons. */
export interface TableOptions {
  /** The terminal's width (120 when unknown). */
  readonly width?: number | undefined;
  readonly colors?: Colors | undefined;
  /** Each column's priority: 1 (or absent) a column a person always needs, higher ones left out first on a narrow terminal. */
  readonly priorities?: Readonly<Record<string, number>> | undefined;
  /** Whether columns may be left out to fit; false when the person named them (`--fields`). */
  readonly drop?: boolean | undefined;
  /** Columns of reasons and errors: printed whole under the table when a cell would cut them. */
  readonly notes?: readonly string[] | undefined;
  /** The rows are one record, not a list of one: shown field by field when it has more than four. */
  readonly single?: boolean | undefined;
}

/** A fitted table: its text, and the columns it left out (for a note on stderr). */
export interface TableText {
  readonly text: string;
  readonly dropped: readonly string[];
}

/** Columns named like a reason or an error, shown whole under a table rather than cut in a cell. */
export const NOTE_COLUMNS: readonly string[] = ['message', 'reason', 'error', 'hint'];

/**
 * Fits and draws a table of rows for a terminal of `width` characters, borders included, a row a line.
 * Columns of the highest priority number are left out first while the rest cannot fit (`dropped` names
 * them); then only free text is cut, ending with `…`: an id, a number, a date or an amount never is. A
 * reason or error (`notes`) that a cell would cut is printed whole, wrapped, under the table. A single
 * record of more than four columns, or rows that fit no other way, are shown field by field, wrapped.
 *
 * @example
 * fitTable([{ id: 1, state: 'paid' }], ['id', 'state'], { width: 80 }).text
 */
export function fitTable(rows: readonly Row[], columns: readonly string[], options: TableOptions = {}): TableText {
  const width = options.width ?? 120;
  const colors = options.colors;
  const plain = (row: Row, c: string) => oneLine(displayCell(row, c, undefined));
  if (rows.length === 1 && columns.length > 4 && options.single !== false)
    return { text: records(rows, columns, width, colors), dropped: [] };
  const priority = (c: string) => options.priorities?.[c] ?? 1;
  const fit = (names: readonly string[]): Fitted =>
    fitColumns(
      names.map((c) =>
        measure(
          c,
          rows.map((row) => plain(row, c)),
          priority(c),
        ),
      ),
      width,
      FRAME,
      { drop: options.drop !== false },
    );
  let fitted = fit(columns);
  // A reason or error is read whole: one a cell would cut (or that gave way) goes under the table.
  const notes = (options.notes ?? NOTE_COLUMNS).filter((c) => columns.includes(c) && c !== columns[0]);
  const cutNotes = notes.filter((c) => {
    const kept = fitted.kept.find((k) => k.name === c);
    return kept === undefined ? fitted.dropped.includes(c) : rows.some((row) => plain(row, c).length > kept.width);
  });
  if (cutNotes.length > 0) fitted = fit(columns.filter((c) => !cutNotes.includes(c)));
  if (!fitted.fits) return { text: records(rows, columns, width, colors), dropped: [] };
  const cell = (row: Row, c: string, w: number) => {
    const text = plain(row, c);
    if (text.length > w) return cut(text, w);
    return colors?.enabled ? oneLine(displayCell(row, c, colors)) : text;
  };
  const table = new Table({
    head: fitted.kept.map((k) => k.name),
    colWidths: fitted.kept.map((k) => k.width + 2),
    style: { head: colors?.enabled ? ['bold'] : [], border: [] },
  });
  for (const row of rows) table.push(fitted.kept.map((k) => cell(row, k.name, k.width)));
  const key = columns[0] as string;
  const below = rows.flatMap((row) =>
    cutNotes
      .filter((c) => plain(row, c) !== '')
      .flatMap((c) => wrap(`${plain(row, key)}${cutNotes.length > 1 ? ` ${c}` : ''}: ${plain(row, c)}`, width, '  ')),
  );
  return {
    text: `${ruleUnderHeader(table.toString())}\n${below.map((line) => `${line}\n`).join('')}`,
    dropped: fitted.dropped.filter((c) => !cutNotes.includes(c)),
  };
}

/** Each record field by field, a field a line, long values wrapped within `width`: no field is lost. */
function records(rows: readonly Row[], columns: readonly string[], width: number, colors: Colors | undefined): string {
  const name = Math.min(Math.max(...columns.map((c) => c.length)), Math.max(RECORD_FLOOR, Math.floor(width / 3)));
  const value = Math.max(RECORD_FLOOR, width - name - 2 * FRAME.perColumn - FRAME.fixed);
  return rows
    .map((row) => {
      const table = new Table({
        style: { head: [], border: [] },
        colWidths: [name + 2, value + 2],
        chars: COMPACT,
        wordWrap: true,
        wrapOnWordBoundary: false,
      });
      for (const c of columns) table.push({ [c]: oneLine(displayCell(row, c, colors?.enabled ? colors : undefined)) });
      return `${table.toString()}\n`;
    })
    .join('');
}

/**
 * `fitTable`'s text alone, for callers with no stderr to name the columns left out.
 *
 * @example
 * renderTable([{ id: 1, status: 'paid' }], ['id', 'status'], 80)
 */
export function renderTable(rows: readonly Row[], columns: readonly string[], width = 120, colors?: Colors): string {
  return fitTable(rows, columns, { width, colors }).text;
}
