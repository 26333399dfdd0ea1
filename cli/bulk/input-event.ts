/** What a bulk input file yields, in file order: a CSV header, data rows, and problems found reading it. */
export type InputEvent = HeaderEvent | RowEvent | ProblemEvent;

/** The column names of a CSV file's first row. */
export interface HeaderEvent {
  readonly kind: 'header';
  readonly line: number;
  readonly columns: readonly string[];
}

/** One data row: column (or NDJSON key) to value; CSV values are text, an empty cell is left out. */
export interface RowEvent {
  readonly kind: 'row';
  /** The line the row starts on (a quoted CSV field may span lines). */
  readonly line: number;
  readonly values: Readonly<Record<string, unknown>>;
  /** A CSV row's cells in header order, to write a rejected row back as it was. */
  readonly cells?: readonly string[];
}

/** A row or line that could not be read; `fatal` when nothing after it can be trusted. */
export interface ProblemEvent {
  readonly kind: 'problem';
  readonly line: number;
  readonly column?: string;
  readonly message: string;
  readonly fatal: boolean;
  /** A CSV row's cells when it could be split but not matched to the header (too many or too few). */
  readonly cells?: readonly string[];
}

/**
 * A problem event.
 *
 * @example
 * problem(7, 'not valid JSON', true) // { kind: 'problem', line: 7, message: 'not valid JSON', fatal: true }
 */
export function problem(line: number, message: string, fatal = false, column?: string): ProblemEvent {
  return { kind: 'problem', line, message, fatal, ...(column === undefined ? {} : { column }) };
}
