/**
 * Fitting columns to a terminal's width: what a table keeps, how wide each column is, what it leaves out.
 * Only free text (a value with a space in it: a name, a description) is ever cut; an id, a number, a run
 * id, a date or an amount (none has a space) is shown whole or its column is left out.
 */

/** One column to fit: how wide it would like to be, how narrow it may get, and how long it stays. */
export interface ColumnFit {
  readonly name: string;
  /** Its widest cell, header included (free text capped at MAX_TEXT). */
  readonly natural: number;
  /** The narrowest it may be cut to: its header and its widest value that is never cut. */
  readonly least: number;
  /** Lower stays longer (1 is a column a person always needs); of equals, one whose going makes the rest fit, else the rightmost. */
  readonly priority: number;
  /** Whether it holds free text (a cell that may be cut). */
  readonly text: boolean;
}

/** The frame a table draws around its cells: characters each column adds (padding, a border) and the whole adds. */
export interface Frame {
  readonly perColumn: number;
  readonly fixed: number;
}

/** What fits: the columns kept, in order, with their widths (cells only), and those left out. */
export interface Fitted {
  readonly kept: readonly { readonly name: string; readonly width: number }[];
  readonly dropped: readonly string[];
  /** False when even the kept columns at their narrowest are wider than the terminal. */
  readonly fits: boolean;
}

/** The widest free text is drawn, however wide the terminal: a longer text ends with `…`. */
export const MAX_TEXT = 60;
/** The narrowest free text is cut to (a name still reads: `Oakfield Pr…`). */
const TEXT_FLOOR = 12;

/**
 * Whether a value may be cut: free text, words with spaces between. An id, a number, a run id, a date
 * or an amount holds no space, so it never is.
 *
 * @example
 * cuttable('Oakfield Primary School') // true
 * cuttable('20261201-213001-8f3a') // false
 */
export const cuttable = (text: string): boolean => /\S\s+\S/.test(text);

/**
 * A column's fitting figures from its header and its cells' text.
 *
 * @example
 * measure('name', ['Oakfield Primary School'], 1) // { name: 'name', natural: 23, least: 12, priority: 1, text: true }
 */
export function measure(name: string, cells: readonly string[], priority: number): ColumnFit {
  let natural = name.length;
  let least = name.length;
  let text = false;
  for (const cell of cells) {
    if (cuttable(cell)) {
      text = true;
      natural = Math.max(natural, Math.min(cell.length, MAX_TEXT));
      least = Math.max(least, Math.min(cell.length, TEXT_FLOOR));
    } else {
      natural = Math.max(natural, cell.length);
      least = Math.max(least, cell.length);
    }
  }
  return { name, natural, least, priority, text };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Fits columns to `width`: while even their narrowest is too wide, or while a column of free text that
 * may give way (priority above 1) stands where the text of a column of a lower number would be cut,
 * leaves out the column of the highest priority number (the rightmost of equals; never the first, and
 * none when `drop` is false), then cuts the free text of the widest columns down, sharing the cut, until
 * the table fits.
 *
 * @example
 * fitColumns([measure('id', ['4'], 1), measure('note', ['a long note here'], 3)], 12, { perColumn: 3, fixed: 1 })
 * // { kept: [{ name: 'id', width: 2 }, { name: 'note', width: 4 }], dropped: [], fits: true }
 */
export function fitColumns(
  columns: readonly ColumnFit[],
  width: number,
  frame: Frame,
  options: { readonly drop?: boolean } = {},
): Fitted {
  let kept = [...columns];
  const dropped: string[] = [];
  const overhead = (n: number) => n * frame.perColumn + frame.fixed;
  const least = (list: readonly ColumnFit[]) => sum(list.map((c) => c.least)) + overhead(list.length);
  // Whether the list at `width` cuts the text of a column that stays longer than one of `top` priority.
  const cutsBelow = (list: readonly ColumnFit[], top: number) =>
    shareWidths(list, width - overhead(list.length)).some((w, i) => {
      const c = list[i] as ColumnFit;
      return c.priority < top && w < c.natural;
    });
  // Leaves out columns while even their narrowest cannot fit; and, of two columns of free text, the one
  // that may give way (priority above 1) while the text of one that stays longer would be cut: a name is
  // read whole before a note beside it. An id, a date or an amount is never left out for that.
  for (;;) {
    if (options.drop === false || kept.length <= 1) break;
    const over = least(kept) > width;
    const pool = kept.map((c, i) => ({ c, i })).filter(({ c, i }) => i > 0 && (over || (c.text && c.priority > 1)));
    if (pool.length === 0) break;
    const top = Math.max(...pool.map(({ c }) => c.priority));
    if (!over && !cutsBelow(kept, top)) break;
    // Of the columns of the highest priority number, the rightmost whose going makes the rest fit, else the rightmost.
    const fine = (rest: readonly ColumnFit[]) => (over ? least(rest) <= width : !cutsBelow(rest, top));
    const candidates = pool.filter(({ c }) => c.priority === top);
    const enough = candidates.filter(({ i }) => fine(kept.filter((_, j) => j !== i)));
    const out = (enough.at(-1) ?? candidates.at(-1))?.i ?? kept.length - 1;
    dropped.push((kept[out] as ColumnFit).name);
    kept = kept.filter((_, i) => i !== out);
  }
  const room = width - overhead(kept.length);
  const widths = shareWidths(kept, room);
  return {
    kept: kept.map((c, i) => ({ name: c.name, width: widths[i] as number })),
    dropped,
    fits: sum(widths) <= room,
  };
}

/**
 * The widths of columns sharing `room` characters of cells: the widest are cut to one level, lowered
 * until they fit (none below its least), so wide columns share the cut; what the last step cut too much
 * goes back to them, left to right.
 */
function shareWidths(kept: readonly ColumnFit[], room: number): number[] {
  const at = (level: number) => kept.map((c) => Math.max(c.least, Math.min(c.natural, level)));
  let level = Math.max(0, ...kept.map((c) => c.natural));
  while (level > 0 && sum(at(level)) > room) level -= 1;
  const widths = at(level);
  for (let i = 0, spare = room - sum(widths); i < kept.length && spare > 0; i += 1) {
    if ((widths[i] as number) < (kept[i] as ColumnFit).natural) {
      widths[i] = (widths[i] as number) + 1;
      spare -= 1;
    }
  }
  return widths;
}

/**
 * Text cut to `width` characters, ending with `…` when it was longer.
 *
 * @example
 * cut('Oakfield Primary School', 12) // 'Oakfield Pr…'
 */
export const cut = (text: string, width: number): string =>
  text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1)).trimEnd()}…`;

/**
 * Text wrapped at spaces to lines of at most `width` characters (a word longer than a line is broken),
 * each line after the first starting with `indent`. Hand-written for plain text: the values wrapped here
 * hold no escape sequences (colour is added after).
 *
 * @example
 * wrap('Invoice 6 is paid; only an open invoice can be voided', 20) // ['Invoice 6 is paid;', 'only an open invoice', 'can be voided']
 */
export function wrap(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  const room = () => width - (lines.length === 0 ? 0 : indent.length);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > 0) {
      const joined = line === '' ? rest : `${line} ${rest}`;
      if (joined.length <= room()) {
        line = joined;
        rest = '';
      } else if (line !== '') {
        lines.push(line);
        line = '';
      } else {
        const r = room();
        lines.push(rest.slice(0, r));
        rest = rest.slice(r);
      }
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`));
}

/**
 * Lines of text each wrapped to `width` at spaces (see `wrap`), keeping its own leading spaces; its further
 * lines start `further` deeper than it.
 *
 * @example
 * wrapLines(['  line 4: invoice 6 paid: drift (was open, now void)'], 30) // ['  line 4: invoice 6 paid:', '    drift (was open, now void)']
 */
export function wrapLines(lines: readonly string[], width: number, further = '  '): string[] {
  return lines.flatMap((line) => {
    if (line.length <= width) return [line];
    const lead = /^ */.exec(line)?.[0] ?? '';
    return wrap(line.slice(lead.length), width - lead.length, further).map((l) => `${lead}${l}`);
  });
}
