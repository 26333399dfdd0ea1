import Table from 'cli-table3';
import type { Colors } from './colors.js';
import { displayCell } from './display-cell.js';
import type { Row } from './rows.js';

const MAX_CELL = 60;

/**
 * An aligned table for a terminal. A single record is shown as field/value pairs, which reads better
 * than one very wide row.
 *
 * @example
 * renderTable([{ id: 1, status: 'paid' }], ['id', 'status'], 80)
 */
export function renderTable(rows: readonly Row[], columns: readonly string[], width = 120, colors?: Colors): string {
  const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  // Clipped before colouring, so an escape sequence is never cut in half.
  const cell = (row: Row, c: string, max: number) => {
    const plain = displayCell(row, c, undefined);
    return plain.length > max ? clip(plain, max) : displayCell(row, c, colors);
  };
  if (rows.length === 1 && columns.length > 4) {
    const table = new Table({ style: { head: [], border: [] } });
    const row = rows[0] as Row;
    for (const c of columns) table.push({ [c]: cell(row, c, Math.max(20, width - 30)) });
    return `${table.toString()}\n`;
  }
  const table = new Table({ head: [...columns], style: { head: colors?.enabled ? ['bold'] : [], border: [] } });
  for (const row of rows) table.push(columns.map((c) => cell(row, c, MAX_CELL)));
  return `${table.toString()}\n`;
}
