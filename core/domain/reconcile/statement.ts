/**
 * A statement file's lines whatever its format, each with its stable id: the bank's own id where the
 * format has one (OFX FITID, CAMT AcctSvcrRef), else a hash of account, date, amount and text with an
 * occurrence number, so two identical lines of one day stay two and a file read again gives the same ids.
 */
import { parse } from 'csv-parse';
import { camtReader, isCamt } from './camt.js';
import {
  csvError,
  csvReader,
  HEADER_SCAN,
  parseOptionsFor,
  readCsvStatement,
  type ColumnMap,
  type CsvRecord,
} from './csv.js';
import { decodeStatement } from './decode.js';
import { StatementError, type DateFormat, type RawLine, type StatementFormat, type StatementLine } from './line.js';
import { isOfx, ofxReader, type PieceReader } from './ofx.js';
import type { StatementScan } from './scan.js';

export interface ReadOptions {
  readonly file: string;
  readonly columns?: ColumnMap | undefined;
  readonly dateFormat?: DateFormat | undefined;
  /** Lines whose file names no currency: default gbp. */
  readonly currency?: StatementLine['currency'] | undefined;
}

/**
 * A statement's format by its content: OFX (either version), CAMT.053, else CSV.
 *
 * @example
 * formatOf('OFXHEADER:100\n...') // 'ofx'
 */
export function formatOf(text: string): StatementFormat {
  if (isOfx(text)) return /^\s*<\?xml/.test(text) ? 'ofx2' : 'ofx';
  return isCamt(text) ? 'camt' : 'csv';
}

/** FNV-1a, 52 bits: a short, stable hash for line ids (not for secrets). */
export function lineHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return ((h1 >>> 0) * 0x100000 + (h2 >>> 12)).toString(36).padStart(11, '0');
}

/** What each format calls the bank's own id of a line, for messages. */
const BANK_ID: Readonly<Record<StatementFormat, string>> = {
  csv: 'transaction id',
  ofx: 'FITID',
  ofx2: 'FITID',
  camt: 'AcctSvcrRef',
};

const samePayment = (a: RawLine, b: RawLine): boolean =>
  a.date === b.date && a.amount === b.amount && a.currency === b.currency && a.text === b.text && a.method === b.method;

/**
 * Gives each line of one file its stable id. A bank id given twice in one file to different payments
 * (date, amount, currency, text or method) is refused naming both lines: one id would make them one
 * line, the second taken for an overlap. Given twice to the same payment, the lines keep one id.
 *
 * @example
 * withIds([a, a]).map((l) => l.id) // ['h:3k9...#1', 'h:3k9...#2']
 */
export function withIds(lines: readonly RawLine[], idName = 'id'): StatementLine[] {
  const seen = new Map<string, number>();
  const banked = new Map<string, RawLine>();
  return lines.map((raw) => {
    const { bankId, account, ...line } = raw;
    let id: string;
    if (bankId !== undefined) {
      id = `b:${account ?? ''}:${bankId}`;
      const first = banked.get(id);
      if (first === undefined) banked.set(id, raw);
      else if (!samePayment(first, raw))
        throw new StatementError(
          raw.file,
          raw.line,
          `${idName} "${bankId}" is also at line ${first.line}, for a different payment (${first.date} ${first.amount / 100} "${first.text}" there, ${raw.date} ${raw.amount / 100} "${raw.text}" here): a bank id names one payment; ask the bank for a corrected export`,
        );
    } else {
      const key = lineHash(
        [
          account ?? '',
          line.date,
          line.amount,
          line.currency,
          line.text.replace(/\s+/g, ' ').trim().toUpperCase(),
        ].join('|'),
      );
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      id = `h:${key}#${n}`;
    }
    return { id, ...line };
  });
}

/**
 * Reads one statement file's bytes: decoded (UTF-8, BOM or not, else Windows-1252), its format found,
 * its lines read and given ids. Throws StatementError naming the file and line.
 *
 * @example
 * readStatement(bytes, { file: 'nov.csv', dateFormat: 'dmy' })
 */
export function readStatement(bytes: Uint8Array, o: ReadOptions): { format: StatementFormat; lines: StatementLine[] } {
  const text = decodeStatement(bytes);
  const format = formatOf(text);
  const currency = o.currency ?? 'gbp';
  if (format === 'csv')
    return {
      format,
      lines: withIds(
        readCsvStatement(text, { file: o.file, columns: o.columns, dateFormat: o.dateFormat, currency }),
        BANK_ID.csv,
      ),
    };
  const reader = pieceReader(format, o);
  reader.feed(text);
  return { format, lines: withIds(reader.end(), BANK_ID[format]) };
}

function pieceReader(format: Exclude<StatementFormat, 'csv'>, o: ReadOptions): PieceReader {
  return format === 'camt' ? camtReader({ file: o.file }) : ofxReader({ file: o.file, currency: o.currency ?? 'gbp' });
}

/** The file's text piece by piece, in the encoding its scan found (a UTF-8 BOM dropped). */
async function* textOf(chunks: AsyncIterable<Uint8Array>, scan: StatementScan): AsyncGenerator<string> {
  const decoder = new TextDecoder(scan.encoding);
  let first = true;
  for await (const chunk of chunks) {
    const bom = first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
    first = false;
    const text = decoder.decode(bom && scan.encoding === 'windows-1252' ? chunk.subarray(3) : chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * A CSV's records as csv-parse's stream parser gives them, fed the text as it comes (waiting while the
 * parser's buffer is full, so the file is never held whole); its options from its first `HEADER_SCAN`
 * characters (`parseOptionsFor`).
 */
async function* csvRecords(pieces: AsyncIterable<string>, given: ColumnMap): AsyncGenerator<CsvRecord> {
  const source = pieces[Symbol.asyncIterator]();
  let start = '';
  let done = false;
  while (start.length < HEADER_SCAN && !done) {
    const next = await source.next();
    if (next.done === true) done = true;
    else start += next.value;
  }
  async function* text(): AsyncGenerator<string> {
    if (start !== '') yield start;
    if (done) return;
    for (let next = await source.next(); next.done !== true; next = await source.next()) yield next.value;
  }
  const parser = parse(parseOptionsFor(start.slice(0, HEADER_SCAN), given));
  const room = (): Promise<void> =>
    new Promise((done) => {
      const go = (): void => {
        parser.off('drain', go);
        parser.off('close', go);
        done();
      };
      parser.on('drain', go);
      parser.on('close', go);
    });
  const feeding = (async (): Promise<void> => {
    try {
      for await (const piece of text()) {
        if (parser.destroyed) return;
        if (!parser.write(piece)) await room();
      }
      parser.end();
    } catch (error) {
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  for await (const r of parser) yield r as CsvRecord;
  await feeding;
}

/**
 * `readStatement` over a stream of the file's bytes, once scanned (`scanStatement`: its encoding and
 * format): the text is read piece by piece, and only the lines are kept.
 *
 * @example
 * await readStatementStream(createReadStream('nov.csv'), scan, { file: 'nov.csv' })
 */
export async function readStatementStream(
  chunks: AsyncIterable<Uint8Array>,
  scan: StatementScan,
  o: ReadOptions,
): Promise<{ format: StatementFormat; lines: StatementLine[] }> {
  const { format } = scan;
  const text = textOf(chunks, scan);
  if (format !== 'csv') {
    const reader = pieceReader(format, o);
    for await (const piece of text) reader.feed(piece);
    return { format, lines: withIds(reader.end(), BANK_ID[format]) };
  }
  const reader = csvReader({
    file: o.file,
    columns: o.columns,
    dateFormat: o.dateFormat,
    currency: o.currency ?? 'gbp',
  });
  try {
    for await (const r of csvRecords(text, o.columns ?? {})) reader.record(r);
  } catch (error) {
    throw error instanceof StatementError ? error : csvError(o.file, error);
  }
  return { format, lines: withIds(reader.end(), BANK_ID.csv) };
}

/**
 * Several statements' lines, a line another statement already gave (same id: an overlap, or the same
 * file twice) counted once.
 *
 * @example
 * mergeStatements([oct, octAndNov]) // { lines: [...], repeated: 31 }
 */
export function mergeStatements(statements: readonly (readonly StatementLine[])[]): {
  lines: StatementLine[];
  repeated: number;
} {
  const ids = new Set<string>();
  const lines: StatementLine[] = [];
  let repeated = 0;
  for (const statement of statements) {
    for (const line of statement) {
      if (ids.has(line.id)) repeated += 1;
      else {
        ids.add(line.id);
        lines.push(line);
      }
    }
  }
  return { lines, repeated };
}
