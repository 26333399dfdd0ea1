/** A plain number, which a spreadsheet reads as one whatever its sign (`-12.5`, `+3`, `1e3`). */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A CSV or TSV cell a spreadsheet cannot run: text starting with `=`, `+`, `-`, `@`, a tab or a CR gets
 * a leading `'` (OWASP's rule against CSV injection), so `=HYPERLINK(...)` shows as text. Plain numbers,
 * negative ones included, stay numbers.
 *
 * @example
 * neutraliseFormula('=HYPERLINK("http://x","click")') // `'=HYPERLINK("http://x","click")`
 * neutraliseFormula('-12.5') // '-12.5'
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** The csv-stringify option that neutralises every text cell it writes (numbers are written as numbers). */
export const NEUTRAL_CSV = { cast: { string: neutraliseFormula } } as const;
