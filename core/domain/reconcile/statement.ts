/**
 * A statement file's lines whatever its format, each with its stable id: the bank's own id where the
 * format has one (OFX FITID, CAMT AcctSvcrRef), else a hash of account, date, amount and text with an
 * occurrence number, so two identical lines of one day stay two and a file read again gives the same ids.
 */
import { readCamtStatement, isCamt } from './camt.js';
import { readCsvStatement, type ColumnMap } from './csv.js';
import { decodeStatement } from './decode.js';
import type { DateFormat, RawLine, StatementFormat, StatementLine } from './line.js';
import { isOfx, readOfxStatement } from './ofx.js';

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

/**
 * Gives each line its stable id.
 *
 * @example
 * withIds([a, a]).map((l) => l.id) // ['h:3k9...#1', 'h:3k9...#2']
 */
export function withIds(lines: readonly RawLine[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map(({ bankId, account, ...line }) => {
    let id: string;
    if (bankId !== undefined) id = `b:${account ?? ''}:${bankId}`;
    else {
      const key = lineHash([account ?? '', line.date, line.amount, line.currency, line.text.replace(/\s+/g, ' ').trim().toUpperCase()].join('|'));
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
  const raw = format === 'csv' ? readCsvStatement(text, { file: o.file, columns: o.columns, dateFormat: o.dateFormat, currency }) : format === 'camt' ? readCamtStatement(text, { file: o.file }) : readOfxStatement(text, { file: o.file, currency });
  return { format, lines: withIds(raw) };
}

/**
 * Several statements' lines, a line another statement already gave (same id: an overlap, or the same
 * file twice) counted once.
 *
 * @example
 * mergeStatements([oct, octAndNov]) // { lines: [...], repeated: 31 }
 */
export function mergeStatements(statements: readonly (readonly StatementLine[])[]): { lines: StatementLine[]; repeated: number } {
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
