/**
 * A record as a person reads it on a terminal, like `gh pr view`: a title line, the facts that have a
 * value (label and value, wrapped to the width), then related records, one line each.
 */
import type { Colors } from './colors.js';
import { cut, fitColumns, measure, wrap } from './fit.js';

/** A fact: its label and its value, left out when the value is empty. */
export type Fact = readonly [label: string, value: string | number | null | undefined];

/** Related records: a heading, and one line each (`lines` of `listLines`), or why there are none. */
export interface ViewSection {
  readonly heading: string;
  readonly lines: readonly string[];
  /** Said instead of lines when there are none (`none`, `not shown: for superusers only`). */
  readonly empty?: string;
  /** How many records the lines stand for, when a record takes more than a line. */
  readonly count?: number;
  /** Lines under the section, wrapped (a next step, a reason). */
  readonly notes?: readonly string[];
}

export interface View {
  readonly title: string;
  readonly facts: readonly Fact[];
  readonly sections?: readonly ViewSection[];
  /** Lines at the end, wrapped: what to run next. */
  readonly next?: readonly string[];
}

const INDENT = '  ';
const GAP = 2;

/**
 * Records as aligned lines without borders, one a line, fitted to `width` (indent included): columns of
 * the highest priority number go first, free text is cut, an id, a date or an amount never is.
 *
 * @example
 * listLines([{ number: 'INV-000004', state: 'open', total: '£540.00' }], ['number', 'state', 'total'], 80)
 */
export function listLines(
  rows: readonly Readonly<Record<string, unknown>>[],
  columns: readonly string[],
  width: number,
  priorities: Readonly<Record<string, number>> = {},
): string[] {
  const text = (row: Readonly<Record<string, unknown>>, c: string) =>
    row[c] === null || row[c] === undefined ? '' : String(row[c]).replace(/\s+/g, ' ');
  // No header: each value says what it is; `measure` is given an empty name so headers take no room.
  const fitted = fitColumns(
    columns.map((c) => ({
      ...measure(
        '',
        rows.map((row) => text(row, c)),
        priorities[c] ?? 1,
      ),
      name: c,
    })),
    width,
    { perColumn: GAP, fixed: INDENT.length - GAP },
  );
  return rows.map((row) =>
    `${INDENT}${fitted.kept.map((k, i) => (i === fitted.kept.length - 1 ? cut(text(row, k.name), k.width) : cut(text(row, k.name), k.width).padEnd(k.width))).join(' '.repeat(GAP))}`.trimEnd(),
  );
}

/**
 * The view as text for a terminal of `width` columns: no line wider, no empty fact.
 *
 * @example
 * renderView({ title: 'INV-000004 · open', facts: [['school', 'Oakfield Primary School']] }, 80, colors)
 */
export function renderView(view: View, width: number, colors: Colors): string {
  const facts = view.facts.filter(([, value]) => value !== null && value !== undefined && value !== '');
  const label = Math.min(Math.max(0, ...facts.map(([l]) => l.length)), 16);
  const lines: string[] = [...wrap(view.title, width).map((line) => colors.bold(line))];
  for (const [name, value] of facts) {
    const pad = `${INDENT}${name.padEnd(label)}  `;
    const [first = '', ...rest] = wrap(String(value), width - pad.length, ' '.repeat(pad.length));
    lines.push(`${INDENT}${colors.dim(name.padEnd(label))}  ${first}`, ...rest);
  }
  for (const section of view.sections ?? []) {
    lines.push('');
    const count = section.lines.length > 0 ? ` (${section.count ?? section.lines.length})` : '';
    if (section.lines.length === 0)
      lines.push(
        ...wrap(`${section.heading}: ${section.empty ?? 'none'}`, width, INDENT).map((l, i) =>
          i === 0 ? colors.bold(l) : l,
        ),
      );
    else lines.push(colors.bold(`${section.heading}${count}`), ...section.lines);
    for (const note of section.notes ?? [])
      lines.push(...wrap(note, width - INDENT.length, INDENT + INDENT).map((l) => `${INDENT}${l}`));
  }
  if (view.next && view.next.length > 0) {
    lines.push('');
    for (const line of view.next) {
      // A command to copy (`To mark it paid: edshed ...`) too wide for its line goes whole on the next one.
      const at = line.indexOf(': edshed ');
      const command = at < 0 ? '' : line.slice(at + 2);
      if (line.length > width && at > 0 && INDENT.length + command.length <= width)
        lines.push(line.slice(0, at + 1), `${INDENT}${command}`);
      else lines.push(...wrap(line, width, INDENT));
    }
  }
  return `${lines.join('\n')}\n`;
}
