/**
 * One CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
 *
 * @example
 * csvField('Smith, Amy') // '"Smith, Amy"'
 */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document: a header row and one line per row, CRLF line ends.
 *
 * @example
 * toCsv(['id', 'name'], [[1, 'Amy']]) // 'id,name\r\n1,Amy\r\n'
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
