/**
 * What a statement may hold, so that reading one (whatever a hostile file holds) stays within bounded
 * memory: the lines of a run, the nesting of its elements, the length of one value or row.
 */

/**
 * Statement lines (CSV rows, OFX transactions, CAMT entries; counted before reading, so a CSV's header
 * and blank rows count too) one run reads, all files together. Reading keeps about 250 bytes a line, but
 * the matcher holds about 1.3 KB of state a line and the whole run about 4 KB, over some 150 MB for the book and the program: at this many it stays under
 * 300 MB (bench/README.md, `statement-memory`).
 */
export const MAX_STATEMENT_LINES = 25_000;

/** Elements open at once in OFX or CAMT: real files nest 8 to 12 deep. */
export const MAX_DEPTH = 64;

/** Characters in one value (an OFX or XML text) or one CSV row. */
export const MAX_VALUE = 64 * 1024;

/**
 * The message for statements over the line limit, saying how to split them.
 *
 * @example
 * tooManyLines() // 'more than 200000 lines (rows or transactions); one run reads at most 200000: ...'
 */
export function tooManyLines(): string {
  return `more than ${MAX_STATEMENT_LINES} lines (rows or transactions); one run reads at most ${MAX_STATEMENT_LINES}: split the statement by date (export a shorter period from the bank, or cut a CSV into files of at most ${MAX_STATEMENT_LINES} rows, each with its header row) and reconcile the parts in turn`;
}
