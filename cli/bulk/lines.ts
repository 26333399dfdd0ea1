import { isUtf8 } from 'node:buffer';

/** The longest line a bulk file may have: past it the file is refused rather than held in memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** A problem that makes the rest of a file unreadable, at a line. */
export class InputLineError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'InputLineError';
  }
}

/** One physical line of a file, without its line ending. */
export interface PhysicalLine {
  /** 1 for the first line. */
  readonly line: number;
  readonly text: string;
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Splits a byte stream into lines as they arrive, so a file of any length is read in constant memory:
 * drops a leading BOM and the `\r` of CRLF endings, and throws InputLineError naming the line when a
 * line is not UTF-8 or is longer than `maxLineBytes`.
 *
 * @example
 * for await (const { line, text } of physicalLines(createReadStream('rows.ndjson'))) console.log(line, text);
 */
export async function* physicalLines(source: AsyncIterable<Uint8Array | string>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<PhysicalLine> {
  let carry: Buffer = Buffer.alloc(0);
  let line = 0;
  let first = true;
  const decode = (bytes: Buffer): string => {
    line += 1;
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 0x0d) end -= 1;
    let start = 0;
    if (first && end >= 3 && BOM.every((b, i) => bytes[i] === b)) start = 3;
    first = false;
    const content = bytes.subarray(start, end);
    if (content.length > maxLineBytes) throw new InputLineError(line, `line longer than ${maxLineBytes} bytes`);
    if (!isUtf8(content)) throw new InputLineError(line, 'not valid UTF-8 text (save the file as UTF-8)');
    return content.toString('utf8');
  };
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let buffer = carry.length === 0 ? bytes : Buffer.concat([carry, bytes]);
    let newline = buffer.indexOf(0x0a);
    while (newline >= 0) {
      const text = decode(buffer.subarray(0, newline));
      yield { line, text };
      buffer = buffer.subarray(newline + 1);
      newline = buffer.indexOf(0x0a);
    }
    if (buffer.length > maxLineBytes + 3) throw new InputLineError(line + 1, `line longer than ${maxLineBytes} bytes`);
    // A copy, so the carried tail does not pin the whole chunk it came from.
    carry = Buffer.from(buffer);
  }
  if (carry.length > 0) {
    const text = decode(carry);
    yield { line, text };
  }
}
