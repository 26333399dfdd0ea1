/**
 * A first, cheap pass over a statement's bytes before it is read: its encoding (UTF-8 if every byte is,
 * else Windows-1252), its format (from its first 5,000 characters) and how many lines it holds, counted
 * without parsing (CSV: newlines; OFX: STMTTRN tags; CAMT: Ntry tags). It stops once the count passes
 * the limit, so a huge file is refused after reading only that far.
 */
import type { StatementFormat } from './line.js';
import { formatOf } from './statement.js';

export type StatementEncoding = 'utf-8' | 'windows-1252';

export interface StatementScan {
  readonly encoding: StatementEncoding;
  readonly format: StatementFormat;
  /** Lines counted; past `limit`, the count where it stopped (the file holds more than the limit). */
  readonly lines: number;
}

const BOM = [0xef, 0xbb, 0xbf];
const HEAD = 5000;
const COUNTED: Readonly<Record<StatementFormat, RegExp>> = {
  csv: /\n/g,
  ofx: /<STMTTRN>/gi,
  ofx2: /<STMTTRN>/gi,
  camt: /<(\w+:)?Ntry[\s>]/g,
};
// Long enough to hold any counted tag cut between two pieces.
const TAIL = 32;

/**
 * Scans a statement given as byte chunks (a file's read stream).
 *
 * @example
 * await scanStatement(createReadStream('nov.csv'), 200_000) // { encoding: 'utf-8', format: 'csv', lines: 502 }
 */
export async function scanStatement(chunks: AsyncIterable<Uint8Array>, limit: number): Promise<StatementScan> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  // Only to find tags and newlines: every byte is one character, as in Windows-1252.
  const bytesAsText = new TextDecoder('windows-1252');
  let encoding: StatementEncoding = 'utf-8';
  let format: StatementFormat | undefined;
  let head = '';
  let tail = '';
  let lines = 0;
  let first = true;
  const count = (text: string): void => {
    const pattern = COUNTED[format as StatementFormat];
    const all = tail + text;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(all); m !== null; m = pattern.exec(all))
      if (m.index + m[0].length > tail.length) lines += 1;
    tail = all.slice(-TAIL);
  };
  for await (const piece of chunks) {
    let chunk = piece;
    if (first && BOM.every((b, i) => chunk[i] === b)) chunk = chunk.subarray(3);
    first = false;
    if (encoding === 'utf-8') {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        encoding = 'windows-1252';
      }
    }
    const text = bytesAsText.decode(chunk, { stream: true });
    if (format === undefined) {
      head += text;
      if (head.length < HEAD) continue;
      format = formatOf(head);
      count(head);
    } else count(text);
    if (lines > limit) break;
  }
  if (format === undefined) {
    format = formatOf(head);
    count(head);
  }
  if (encoding === 'utf-8' && lines <= limit) {
    try {
      utf8.decode();
    } catch {
      encoding = 'windows-1252';
    }
  }
  // A CSV's last row may end without a newline.
  if (format === 'csv' && !tail.endsWith('\n') && tail.trim() !== '') lines += 1;
  return { encoding, format, lines };
}
