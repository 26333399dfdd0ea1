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

const LF = 0x0a;
const CR = 0x0d;
const isBom = (bytes: Buffer): boolean =>
  bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** The bytes without the CR of each CRLF (a copy only when there is one). */
function withoutCr(bytes: Buffer): Buffer {
  if (bytes.indexOf(CR) < 0) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] as number;
    if (byte !== CR || bytes[i + 1] !== LF) out[n++] = byte;
  }
  return out.subarray(0, n);
}

/** Checks the complete lines of a block (line lengths, UTF-8): the next line number, or the first bad line and where it starts. */
function checkLines(
  block: Buffer,
  firstLine: number,
  maxLineBytes: number,
): { readonly next: number; readonly bad?: { readonly at: number; readonly error: InputLineError } } {
  let line = firstLine;
  let start = 0;
  const valid = isUtf8(block);
  for (let end = block.indexOf(LF); end >= 0; end = block.indexOf(LF, start)) {
    if (end - start > maxLineBytes)
      return {
        next: line,
        bad: { at: start, error: new InputLineError(line, `line longer than ${maxLineBytes} bytes`) },
      };
    if (!valid && !isUtf8(block.subarray(start, end)))
      return {
        next: line,
        bad: { at: start, error: new InputLineError(line, 'not valid UTF-8 text (save the file as UTF-8)') },
      };
    line += 1;
    start = end + 1;
  }
  return { next: line };
}

/**
 * A byte stream cut at line ends, checked, as it arrives (constant memory whatever the file's length):
 * each chunk holds whole lines (the last one may lack its newline), without a leading BOM, and without
 * the CR of CRLF endings unless `keepCr` (CSV: a quoted value keeps its CRLF, and the parser ends
 * records at either). Throws InputLineError naming the line when one is not UTF-8 or is longer than
 * `maxLineBytes`; the chunks before it have been yielded.
 *
 * @example
 * for await (const chunk of lineChunks(createReadStream('rows.csv'))) parser.write(chunk);
 */
export async function* lineChunks(
  source: AsyncIterable<Uint8Array | string>,
  maxLineBytes = MAX_LINE_BYTES,
  options: { readonly keepCr?: boolean } = {},
): AsyncGenerator<Buffer> {
  const ends = options.keepCr === true ? (bytes: Buffer) => bytes : withoutCr;
  let carry: Buffer = Buffer.alloc(0);
  let line = 1;
  let first = true;
  for await (const chunk of source) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let buffer = carry.length === 0 ? bytes : Buffer.concat([carry, bytes]);
    if (first && buffer.length >= 3) {
      if (isBom(buffer)) buffer = buffer.subarray(3);
      first = false;
    }
    const cut = buffer.lastIndexOf(LF) + 1;
    if (cut > 0) {
      const block = ends(buffer.subarray(0, cut));
      const checked = checkLines(block, line, maxLineBytes);
      if (checked.bad) {
        if (checked.bad.at > 0) yield block.subarray(0, checked.bad.at);
        throw checked.bad.error;
      }
      line = checked.next;
      yield block;
    }
    // A copy, so the carried tail does not pin the whole chunk it came from.
    carry = Buffer.from(buffer.subarray(cut));
    if (carry.length > maxLineBytes + 1) throw new InputLineError(line, `line longer than ${maxLineBytes} bytes`);
  }
  if (first && isBom(carry)) carry = carry.subarray(3);
  const last = ends(carry[carry.length - 1] === CR ? carry.subarray(0, -1) : carry);
  if (last.length > 0) {
    const bad = checkLines(Buffer.concat([last, Buffer.from([LF])]), line, maxLineBytes).bad;
    if (bad) throw bad.error;
    yield last;
  }
}

/**
 * The texts of a block's lines, without their line ends, read synchronously: a reader that needs no line
 * numbers (a run's own files, read back) iterates `lineChunks` and these, one async step a block rather than a line.
 *
 * @example
 * for await (const block of lineChunks(createReadStream('run.jsonl'))) for (const text of blockLines(block)) JSON.parse(text);
 */
export function* blockLines(block: Buffer): Generator<string> {
  let start = 0;
  for (let end = block.indexOf(LF); end >= 0; end = block.indexOf(LF, start)) {
    yield block.toString('utf8', start, end);
    start = end + 1;
  }
  if (start < block.length) yield block.toString('utf8', start);
}

/**
 * The lines of a byte stream, checked as `lineChunks` checks them.
 *
 * @example
 * for await (const { line, text } of physicalLines(createReadStream('rows.ndjson'))) console.log(line, text);
 */
export async function* physicalLines(
  source: AsyncIterable<Uint8Array | string>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<PhysicalLine> {
  let line = 0;
  for await (const block of lineChunks(source, maxLineBytes)) {
    for (const text of blockLines(block)) {
      line += 1;
      yield { line, text };
    }
  }
}
