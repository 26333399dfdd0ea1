import { stringify } from 'csv-stringify/sync';

/**
 * CSV documents through csv-stringify (RFC 4180): a field is quoted when it holds a comma, quote or line
 * break (`quoted_match`: csv-stringify alone quotes only the record delimiter, not a lone CR or LF), null
 * and undefined are empty, booleans are `true`/`false`.
 */
const OPTIONS = { quoted_match: /[\r\n]/, cast: { boolean: (value: boolean) => String(value) } } as const;

/**
 * A CSV document: a header row and one line per row, each ended by `lineEnd` (CRLF unless told).
 *
 * @example
 * toCsv(['id', 'name'], [[1, 'Smith, Amy']]) // 'id,name\r\n1,"Smith, Amy"\r\n'
 * toCsv(['id'], [[1]], '\n') // 'id\n1\n'
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  lineEnd: '\r\n' | '\n' = '\r\n',
): string {
  return stringify([header, ...rows] as unknown[][], {
    ...OPTIONS,
    record_delimiter: lineEnd === '\n' ? 'unix' : 'windows',
  });
}
