/**
 * What a dashboard shows, as plain data: panes of lines. The Ink view and the `--once` text snapshot
 * both draw these, so they always show the same figures.
 */
import { bar } from '../ui/bulk-progress/format.js';

/** How a line stands out: overdue in red, a warning in yellow, quiet detail dimmed. */
export type Tone = 'normal' | 'good' | 'warn' | 'bad' | 'dim';

export interface Line {
  readonly text: string;
  readonly tone?: Tone | undefined;
  /** A bar drawn after the text: the part filled, 0..1. */
  readonly bar?: number | undefined;
  /** Text after the bar (`27/300`): the bar narrows so that it shows. */
  readonly after?: string | undefined;
  /** Text at the end (a job's error), cut where the line ends rather than narrowing the bar. */
  readonly note?: string | undefined;
  /** The key that shows more (`Enter`), after the text: drawn on the terminal only, not in the plain snapshot. */
  readonly hint?: string | undefined;
}

/** One row of a pane's drill-in list; `id` is what an action acts on (an invoice id). */
export interface Row extends Line {
  readonly key: string;
  readonly id?: number | undefined;
}

export interface Pane {
  readonly title: string;
  /** The figures shown on the overview. */
  readonly summary: readonly Line[];
  /** Everything behind it, shown on Enter (scroll, filter). */
  readonly rows: readonly Row[];
  /** Whether rows of this pane take actions (the invoices). */
  readonly actionable?: boolean | undefined;
  /**
   * Whether the title shows how many rows there are: yes for a list of things (invoices, jobs), no for
   * a pane of figures whose rows are its own lines (the school's people counts, the sales headlines).
   */
  readonly counted?: boolean | undefined;
}

/**
 * A dimmed line saying a pane has nothing to show.
 *
 * @example
 * emptyLine('none') // { text: 'none', tone: 'dim' }
 */
export function emptyLine(text: string): Line {
  return { text, tone: 'dim' };
}

/** Cells of a bar drawn after a line's text. */
export const BAR_CELLS = 20;

/** The narrowest bar drawn, however little room a line leaves. */
const MIN_BAR_CELLS = 5;

/**
 * The bar width for lines drawn together within `width`: as wide as the tightest line allows (so the
 * figures after the bars still show), at least 5 and at most 20 cells, the same for all so bars line up.
 *
 * @example
 * barCellsFor([{ text: 'x'.repeat(60), bar: 0.5, after: '30/300' }], 80) // 12
 */
export function barCellsFor(lines: readonly Line[], width: number): number {
  const rooms = lines
    .filter((l) => l.bar !== undefined)
    .map((l) => width - l.text.length - (l.after === undefined ? 0 : l.after.length + 1) - 1);
  return Math.max(MIN_BAR_CELLS, Math.min(BAR_CELLS, ...rooms));
}

/**
 * A line as plain text: its text, then its bar of `cells` cells and what follows the bar.
 *
 * @example
 * lineText({ text: 'Spelling Shed', bar: 0.1, after: '30/300' }) // 'Spelling Shed ██░░░░░░░░░░░░░░░░░░ 30/300'
 */
export function lineText(line: Line, cells: number = BAR_CELLS): string {
  const drawn = line.bar === undefined ? '' : ` ${bar(line.bar, cells)}`;
  return `${line.text}${drawn}${line.after === undefined ? '' : ` ${line.after}`}${line.note === undefined ? '' : `  ${line.note}`}`;
}

/**
 * The plain-text snapshot of a dashboard (`--once`): a heading, then each pane's title and figures.
 *
 * @example
 * snapshotText('EdShed billing', panes, new Date()) // 'EdShed billing at 2026-11-24 18:40 UTC\n\nInvoices by state\n  open ...'
 */
export function snapshotText(title: string, panes: readonly Pane[], at: Date, width?: number): string {
  const stamp = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const fitted = (text: string) => (width === undefined ? [text] : fold(text, width));
  const sections = panes.map((pane) =>
    [pane.title, ...pane.summary.flatMap((line) => fitted(`  ${lineText(line)}`))].join('\n'),
  );
  return `${title} at ${stamp}\n\n${sections.join('\n\n')}\n`;
}

/**
 * A snapshot line too wide for `width`, folded after a ` · ` (else at a space), each further line
 * indented under it: its columns as they were (the figures of each state line up), nothing cut.
 *
 * @example
 * fold('  open  3  A$940.50 · £540.00 · US$585.00', 30) // ['  open  3  A$940.50 ·', '      £540.00 · US$585.00']
 */
export function fold(line: string, width: number): string[] {
  const lead = ' '.repeat((/^ */.exec(line)?.[0].length ?? 0) + 4);
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const dot = rest.lastIndexOf(' · ', width - 2);
    const space = rest.lastIndexOf(' ', width);
    const [end, next] = dot > lead.length ? [dot + 2, dot + 3] : [space, space + 1];
    if (end <= lead.length) break; // one word wider than the line: left whole
    out.push(rest.slice(0, end));
    rest = `${lead}${rest.slice(next)}`;
  }
  return [...out, rest];
}
