/**
 * Text search in SQL. `LIKE` would read `%` and `_` in the search as wildcards and stops its pattern at a
 * NUL (so `a\u0000` matched everything); `instr` compares the text as it is, every character literally,
 * and `lower` on both sides keeps LIKE's ASCII case-insensitivity.
 */

/**
 * A condition that `column` contains the next bound parameter, literally and ignoring ASCII case.
 *
 * @example
 * db.prepare(`SELECT * FROM schools WHERE ${containsText('name')}`).all(search);
 */
export function containsText(column: string): string {
  return `instr(lower(${column}), lower(?)) > 0`;
}

/**
 * As `containsText`, with a named parameter (`@q`).
 *
 * @example
 * db.prepare(`SELECT * FROM store_items WHERE (@q IS NULL OR ${containsNamed('name', 'q')})`).all({ q });
 */
export function containsNamed(column: string, name: string): string {
  return `instr(lower(${column}), lower(@${name})) > 0`;
}

/**
 * A condition that `column` starts with the next bound parameter, literally and ignoring ASCII case.
 *
 * @example
 * db.prepare(`SELECT * FROM resources ORDER BY ${startsWithText('title')} DESC`).all(search);
 */
export function startsWithText(column: string): string {
  return `instr(lower(${column}), lower(?)) = 1`;
}
