/** Fitting panes to the terminal: how many columns, and how many lines each pane gets. Pure. */
import type { Pane } from '../../dash/pane.js';

/** From this width the overview draws its panes in two columns. */
export const TWO_COLUMNS_FROM = 120;
/** The smallest terminal drawn as designed; a smaller one still draws, cut short. */
export const MIN_SIZE = { columns: 80, rows: 24 } as const;

/**
 * Shares `budget` lines between panes that want `wants` lines each: every pane gets up to an equal
 * share, and what a small pane leaves goes to the bigger ones.
 *
 * @example
 * allot([7, 2, 4], 10) // [4, 2, 4]
 */
export function allot(wants: readonly number[], budget: number): number[] {
  const given = wants.map(() => 0);
  let left = Math.max(0, budget);
  let open = wants.map((_, i) => i).filter((i) => (wants[i] ?? 0) > 0);
  while (left > 0 && open.length > 0) {
    const share = Math.max(1, Math.floor(left / open.length));
    for (const i of open) {
      const more = Math.min(share, (wants[i] ?? 0) - (given[i] ?? 0), left);
      given[i] = (given[i] ?? 0) + more;
      left -= more;
    }
    open = open.filter((i) => (given[i] ?? 0) < (wants[i] ?? 0));
  }
  return given;
}

/**
 * The panes in columns (pane i goes to column i mod n), with the summary lines each shows: a title
 * line per pane, the rest shared out.
 *
 * @example
 * overviewLayout(panes, 80, 20) // [[{ index: 0, lines: 6 }, { index: 1, lines: 3 }, ...]]
 */
export function overviewLayout(
  panes: readonly Pane[],
  columns: number,
  rows: number,
): { index: number; lines: number }[][] {
  const count = columns >= TWO_COLUMNS_FROM && panes.length > 1 ? 2 : 1;
  return Array.from({ length: count }, (_, c) => {
    const members = panes.map((pane, index) => ({ pane, index })).filter(({ index }) => index % count === c);
    const given = allot(
      members.map(({ pane }) => pane.summary.length),
      rows - members.length,
    );
    return members.map(({ index }, i) => ({ index, lines: given[i] ?? 0 }));
  });
}

/**
 * The first row shown of a list of `page` rows so that the cursor is on screen.
 *
 * @example
 * firstShown(12, 10) // 3
 */
export function firstShown(cursor: number, page: number): number {
  return Math.max(0, cursor - Math.max(1, page) + 1);
}
