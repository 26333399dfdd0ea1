import Table from 'cli-table3';
import type { Colors } from './colors.js';
import { displayCell } from './display-cell.js';
import type { Row } from './rows.js';

/** The widest a cell is drawn, however wide the terminal: a longer value is cut with an ellipsis. */
const MAX_CELL = 60;
/** The narrowest a column is cut to (padding included) before the table gives up on columns (see `renderTable`). */
const MIN_COLUMN = 10;
/** Each column's padding: a space either side (cli-table3's default). */
const PADDING = 2;

/** No rule between a record's fields: a field a line. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** A table's text with a rule under its header only, not between rows: a row a line, so a long list reads as one. */
const ruleUnderHeader = (text: string) => text.split('\n').filter((line, i) => i <= 2 || !line.startsWith('├')).join('\n');

/** A cell's text on one line: a table row never wraps. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/**
 * Column widths (padding included) that fit `width` characters, borders included: each column as wide as
 * its widest cell (at most MAX_CELL), then the widest cut down first (to MIN_COLUMN at the least). Fewer
 * widths than columns when even that is too wide: those from the right that do not fit (the first always
 * stays).
 *
 * @example
 * fitColumns([2, 30, 80], 60) // [4, 26, 26]: the 80 capped at 60, then both wide ones cut to fit
 */
export function fitColumns(natural: readonly number[], width: number): number[] {
  const widths = natural.map((w) => Math.min(w, MAX_CELL) + PADDING);
  const floor = widths.map((w) => Math.min(w, MIN_COLUMN));
  // Borders: one before each column and one after the last.
  const total = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + n + 1;
  let kept = widths.length;
  while (kept > 1 && floor.slice(0, kept).reduce((sum, w) => sum + w, 0) + kept + 1 > width) kept -= 1;
  let excess = total(kept) - width;
  while (excess > 0) {
    let widest = 0;
    for (let i = 1; i < kept; i += 1) if ((widths[i] as number) - (floor[i] as number) > (widths[widest] as number) - (floor[widest] as number)) widest = i;
    const room = (widths[widest] as number) - (floor[widest] as number);
    if (room <= 0) break;
    // Down to the next widest column's width at most, so wide columns share the cut.
    const next = Math.max(...widths.slice(0, kept).filter((_, i) => i !== widest), floor[widest] as number);
    const cut = Math.max(1, Math.min(excess, room, (widths[widest] as number) - next));
    widths[widest] = (widths[widest] as number) - cut;
    excess -= cut;
  }
  return widths.slice(0, kept);
}

/**
 * An aligned table for a terminal, fitted to `width` characters (borders included): wide cells are cut
 * with an ellipsis, widest first, and a row never wraps. When the columns do not fit even cut (many
 * fields, a narrow terminal), or for a single record of more than four columns, each record is shown
 * field by field instead, one line a field, so no field is lost.
 *
 * @example
 * renderTable([{ id: 1, status: 'paid' }], ['id', 'status'], 80)
 */
export function renderTable(rows: readonly Row[], columns: readonly string[], width = 120, colors?: Colors): string {
  const plain = (row: Row, c: string) => oneLine(displayCell(row, c, undefined));
  // cli-table3 cuts a cell to its column's width itself, escape sequences intact.
  const cell = (row: Row, c: string) => (colors?.enabled ? oneLine(displayCell(row, c, colors)) : plain(row, c));
  const record = (row: Row) => {
    const [key, value] = fitColumns([Math.max(...columns.map((c) => c.length)), Math.max(...columns.map((c) => plain(row, c).length))], width);
    const table = new Table({ style: { head: [], border: [] }, colWidths: [key as number, value ?? MIN_COLUMN], chars: COMPACT });
    for (const c of columns) table.push({ [c]: cell(row, c) });
    return `${table.toString()}\n`;
  };
  if (rows.length === 1 && columns.length > 4) return record(rows[0] as Row);
  const natural = columns.map((c) => Math.max(c.length, ...rows.map((row) => plain(row, c).length)));
  const widths = fitColumns(natural, width);
  if (widths.length < columns.length) return rows.map(record).join('');
  const table = new Table({ head: [...columns], colWidths: widths, style: { head: colors?.enabled ? ['bold'] : [], border: [] } });
  for (const row of rows) table.push(columns.map((c) => cell(row, c)));
  return `${ruleUnderHeader(table.toString())}\n`;
}
