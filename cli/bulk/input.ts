import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Io } from '../factory/io.js';
import { csvEvents } from './csv-events.js';
import type { InputEvent } from './input-event.js';
import { lineChunks, MAX_LINE_BYTES, physicalLines } from './lines.js';
import { ndjsonEvents } from './ndjson-events.js';
import { fileErrorText } from '../../core/node/file-error-text.js';

export type InputFormat = 'csv' | 'ndjson';

/** A bulk input being read: its name for messages, its format, and its events (read once, as a stream). */
export interface BulkInput {
  /** The file as the user gave it, or `stdin`: the start of every problem line. */
  readonly name: string;
  readonly format: InputFormat;
  readonly events: AsyncIterable<InputEvent>;
}

const NDJSON_EXTENSIONS = new Set(['.ndjson', '.jsonl']);

/** The format an extension names, if it names one. */
export function formatOfName(name: string): InputFormat | undefined {
  const ext = extname(name).toLowerCase();
  if (NDJSON_EXTENSIONS.has(ext)) return 'ndjson';
  return ext === '.csv' ? 'csv' : undefined;
}

const toBuffer = (chunk: Uint8Array | string): Buffer =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, 'utf8')
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Reads chunks until the first byte that is not a BOM or white space, and returns it with a stream that
 * replays the chunks read so far, then the rest.
 */
async function sniff(
  source: AsyncIterable<Uint8Array | string>,
): Promise<{ first: number | undefined; stream: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let first: number | undefined;
  let done = false;
  while (first === undefined && !done) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = toBuffer(next.value);
    seen.push(chunk);
    first = chunk.find(
      (byte, i) =>
        !(
          byte === 0x20 ||
          byte === 0x09 ||
          byte === 0x0a ||
          byte === 0x0d ||
          (seen.length === 1 && i < 3 && [0xef, 0xbb, 0xbf][i] === byte)
        ),
    );
  }
  async function* stream(): AsyncGenerator<Buffer> {
    yield* seen;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield toBuffer(next.value);
  }
  return { first, stream: stream() };
}

/**
 * Opens `--from FILE` (or `-` for standard input) for streaming: NDJSON by extension (.ndjson, .jsonl),
 * CSV by extension (.csv), else NDJSON when the first character is `{`, CSV otherwise. A file that
 * cannot be opened is a usage error (exit 2); problems inside it come as events.
 *
 * @example
 * const input = await openBulkInput('payments.csv', c.io);
 * for await (const event of input.events) ...
 */
export async function openBulkInput(from: string, io: Io): Promise<BulkInput> {
  const name = from === '-' ? 'stdin' : from;
  let source: AsyncIterable<Uint8Array | string>;
  if (from === '-') {
    source = io.stdin();
  } else {
    try {
      const handle = await open(from, 'r');
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw Object.assign(new Error('not a file'), { code: 'not a file' });
      }
      source = handle.createReadStream({ highWaterMark: 16 * 1024 });
    } catch (error) {
      throw new CliError(`--from ${from}: cannot read: ${fileErrorText(error)}`, EXIT.usage);
    }
  }
  let format = from === '-' ? undefined : formatOfName(from);
  let bytes: AsyncIterable<Uint8Array | string> = source;
  if (format === undefined) {
    const sniffed = await sniff(source);
    format = sniffed.first === 0x7b ? 'ndjson' : 'csv';
    bytes = sniffed.stream;
  }
  return {
    name,
    format,
    events:
      format === 'ndjson'
        ? ndjsonEvents(physicalLines(bytes))
        : csvEvents(lineChunks(bytes, MAX_LINE_BYTES, { keepCr: true })),
  };
}
