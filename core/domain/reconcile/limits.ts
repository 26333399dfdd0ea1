/**
 * What a statement may hold, so that reading one (whatever a hostile file holds) stays within bounded
 * memory: the lines of a run, the nesting of its elements, the length of one value or row.
 */

/**
 * Statement lines (CSV rows, OFX transactions, CAMT entries) one run reads, all files together. The
 * matcher holds every line at once; at this many the whole run stays under 300 MB (bench/README.md,
 * `statement-memory`). A year of a large school-billing book is about a tenth of it.
 */
export const MAX_STATEMENT_LINES = 200_000;

/** Elements open at once in OFX or CAMT: real files nest 8 to 12 deep. */
export const MAX_DEPTH = 64;

/** Characters in one value (an OFX or XML text) or one CSV row. */
export const MAX_VALUE = 64 * 1024;

/**
 * The message for a statement over the line limit, saying how to split it.
 *
 * @example
 * tooManyLines(250_000) // 'has 250000 or more lines; ...'
 */
export function tooManyLines(count: number): string {
  return `${count > MAX_STATEMENT_LINES ? `more than ${MAX_STATEMENT_LINES}` : String(count)} statement lines (transactions), more than the ${MAX_STATEMENT_LINES} one run reads; split the statement by date (the bank's export for a shorter period, or a CSV cut into files of at most ${MAX_STATEMENT_LINES} rows, each with the header row) and reconcile each part in turn`;
}
