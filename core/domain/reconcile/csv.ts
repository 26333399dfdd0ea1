/**
 * A bank's CSV export: the header row found by its names (date; amount, or paid in and paid out; currency
 * where present; reference, description, details, payee...), or named with a column mapping. Banks put
 * account details above the header, so the first row that names a date and an amount is the header.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { dateReadings, readAmount, readCurrency, readDate } from './values.js';
import { MAX_VALUE } from './limits.js';
import { StatementError, type DateFormat, type RawLine, type StatementLine } from './line.js';

/** The fields a column can give, as `--columns` names them. */
export const COLUMN_KEYS = ['date', 'amount', 'in', 'out', 'currency', 'text', 'id', 'account', 'type'] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];
/** A column mapping: each field's header names (text may join several). */
export type ColumnMap = Partial<Record<ColumnKey, readonly string[]>>;

const HEADERS: Readonly<Record<ColumnKey, readonly string[]>> = {
  date: ['date', 'transaction date', 'posting date', 'posted date', 'booking date', 'txn date', 'value date'],
  amount: ['amount', 'value', 'transaction amount', 'amount (gbp)', 'net amount'],
  in: ['paid in', 'money in', 'credit', 'credits', 'credit amount', 'deposits', 'receipts', 'in'],
  out: ['paid out', 'money out', 'debit', 'debits', 'debit amount', 'withdrawals', 'payments', 'out'],
  currency: ['currency', 'ccy', 'currency code'],
  text: [
    'reference',
    'description',
    'details',
    'payee',
    'transaction description',
    'narrative',
    'memo',
    'name',
    'counterparty',
    'payer',
    'transaction details',
    'remitter',
  ],
  id: ['transaction id', 'transaction reference', 'fitid', 'bank reference', 'id'],
  account: ['account', 'account number', 'account no', 'sort code and account'],
  type: ['type', 'transaction type'],
};

/**
 * Reads a `--columns` mapping: `date=Posted,amount=Value,text=Memo+Payee`.
 *
 * @example
 * readColumnMap('date=Posted,text=Memo+Payee') // { date: ['Posted'], text: ['Memo', 'Payee'] }
 */
export function readColumnMap(spec: string): ColumnMap {
  const map: Partial<Record<ColumnKey, string[]>> = {};
  for (const part of spec.split(',').filter((p) => p.trim() !== '')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key === undefined || value === undefined || value === '' || !(COLUMN_KEYS as readonly string[]).includes(key)) {
      throw new Error(
        `"${part.trim()}" is not FIELD=HEADER (fields: ${COLUMN_KEYS.join(', ')}; join text headers with +)`,
      );
    }
    map[key as ColumnKey] = value.split('+').map((s) => s.trim());
  }
  if (Object.keys(map).length === 0) throw new Error('give FIELD=HEADER pairs, as date=Posted,amount=Value,text=Memo');
  return map;
}

const norm = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Each field's column indexes in a header row, or undefined when it names no date or no amount, or lacks
 * a header `--columns` names (a misspelt text header would drop that column's words unseen).
 */
function findColumns(row: readonly string[], given: ColumnMap): Partial<Record<ColumnKey, number[]>> | undefined {
  const names = row.map(norm);
  const found: Partial<Record<ColumnKey, number[]>> = {};
  for (const key of COLUMN_KEYS) {
    const wanted = given[key]?.map(norm);
    const indexes = wanted
      ? wanted.map((w) => names.indexOf(w)).filter((i) => i >= 0)
      : key === 'text'
        ? names.flatMap((n, i) => (HEADERS.text.includes(n) ? [i] : []))
        : HEADERS[key]
            .map((h) => names.indexOf(h))
            .filter((i) => i >= 0)
            .slice(0, 1);
    if (wanted && indexes.length < wanted.length) return undefined;
    if (indexes.length > 0) found[key] = indexes;
  }
  const hasAmount = found.amount !== undefined || found.in !== undefined;
  return found.date !== undefined && hasAmount ? found : undefined;
}

export interface CsvOptions {
  readonly file: string;
  readonly columns?: ColumnMap | undefined;
  readonly dateFormat?: DateFormat | undefined;
  /** The currency of lines without a currency column. */
  readonly currency: StatementLine['currency'];
}

const METHOD_WORDS: readonly (readonly [RegExp, NonNullable<StatementLine['method']>])[] = [
  [/^(chq|cheque|check)$/i, 'cheque'],
  [/^(card|pos|deb|visa)/i, 'card'],
  [/^(cash|atm)/i, 'cash'],
  [/^(dd|direct debit)/i, 'direct_debit'],
  [/^(wire|swift|intl|international)/i, 'wire'],
];

/** The method a line's type names, when it is not a bank transfer. */
export function methodOfType(type: string): StatementLine['method'] {
  return METHOD_WORDS.find(([pattern]) => pattern.test(type.trim()))?.[1];
}

/** How csv-parse reads a statement, whole or as a stream: records with their line numbers, rows at most MAX_VALUE long. */
export const CSV_PARSE_OPTIONS = {
  relax_column_count: true,
  skip_empty_lines: true,
  info: true,
  trim: true,
  relax_quotes: true,
  max_record_size: MAX_VALUE,
} as const;

/** Characters of a CSV's start searched for its header row (`headerStart`). */
export const HEADER_SCAN = 64 * 1024;
/** Rows whose cells are kept while no header row is found, to name the --columns headers none of them has. */
const HEADER_ROWS = 100;

/**
 * csv-parse's options for a CSV whose first `HEADER_SCAN` characters are `start`: from its header row on
 * when rows of other lengths come before it (a bank's account line). csv-parse compares every record's
 * length with the first one's, and builds an error for each that differs (its message, a stack trace)
 * even when told to let the record pass: a statement opening with a line of two fields paid that for
 * every line (bench/README.md, reconcile-cli). Rows above the header are passed over in any case.
 *
 * @example
 * parse(text, parseOptionsFor(text.slice(0, HEADER_SCAN), {})) // from line 3 of 'Account,123\n\nDate,...'
 */
export function parseOptionsFor(start: string, given: ColumnMap) {
  let records: CsvRecord[];
  try {
    records = parse(start, { ...CSV_PARSE_OPTIONS, to_line: 100 }) as unknown as CsvRecord[];
  } catch {
    return CSV_PARSE_OPTIONS;
  }
  const at = records.findIndex((r) => findColumns(r.record, given) !== undefined);
  const header = records[at];
  // A header row on a line of its own, after rows of another length: read from its line.
  if (header === undefined || at === 0 || header.record.some((v) => /[\r\n]/.test(v))) return CSV_PARSE_OPTIONS;
  if (records.slice(0, at).every((r) => r.record.length === header.record.length)) return CSV_PARSE_OPTIONS;
  return { ...CSV_PARSE_OPTIONS, from_line: header.info.lines };
}

/** A record as csv-parse gives it with `info`. */
export interface CsvRecord {
  readonly record: string[];
  readonly info: { readonly lines: number };
}

/** A csv-parse error as a StatementError naming the file and line. */
export function csvError(file: string, error: unknown): StatementError {
  const line = error instanceof CsvError ? (error as CsvError & { lines?: number }).lines : undefined;
  return new StatementError(file, line, `not a CSV file: ${error instanceof Error ? error.message : String(error)}`);
}

/** A line read before the file's date order is known: its date still as written. */
type Pending = { -readonly [K in keyof RawLine]: RawLine[K] };

/**
 * A CSV reader fed one record at a time (`record`), then `end` for the lines. Rows above the header
 * are passed over; each row after it is checked as it comes, and its date read once the file's date
 * order is known (at the end, unless `dateFormat` says it).
 *
 * @example
 * const reader = csvReader({ file: 'nov.csv', currency: 'gbp' });
 * for (const r of parse(text, CSV_PARSE_OPTIONS)) reader.record(r);
 * reader.end() // [{ date: '2026-11-02', amount: 12000, ... }]
 */
export function csvReader(o: CsvOptions): { record(r: CsvRecord): void; end(): RawLine[] } {
  let columns: Partial<Record<ColumnKey, number[]>> | undefined;
  let firstLine: number | undefined;
  const lines: Pending[] = [];
  const order = dateOrder(o.file);
  // The cells of the rows read while no header is found (the first HEADER_ROWS): which --columns headers none has.
  const seen = new Set<string>();
  let passed = 0;
  const cell = (row: readonly string[], key: ColumnKey): string =>
    ((columns as Partial<Record<ColumnKey, number[]>>)[key] ?? [])
      .map((i) => row[i] ?? '')
      .filter((v) => v !== '')
      .join(' ');
  return {
    record({ record, info }: CsvRecord): void {
      firstLine ??= info.lines;
      if (columns === undefined) {
        columns = findColumns(record, o.columns ?? {});
        if (columns === undefined && o.columns && (passed += 1) <= HEADER_ROWS)
          for (const v of record) seen.add(norm(v));
        return;
      }
      if (!record.some((v) => v !== '')) return;
      const line = info.lines;
      const dateText = cell(record, 'date');
      if (o.dateFormat === undefined) order.note(dateText, line);
      else if (readDate(dateText, o.dateFormat) === undefined)
        throw new StatementError(o.file, line, `date "${dateText}" is not a date in --date-format ${o.dateFormat}`);
      const amount = amountOf(record, columns, o.file, line);
      const currencyText = cell(record, 'currency');
      const currency = currencyText === '' ? o.currency : readCurrency(currencyText);
      if (currency === undefined)
        throw new StatementError(o.file, line, `currency "${currencyText}" is not one the API bills in`);
      const written = amountCurrency(record, columns);
      if (written !== undefined && written !== currency)
        throw new StatementError(
          o.file,
          line,
          `the amount is written in ${written.toUpperCase()}, the line's currency is ${currency.toUpperCase()}${currencyText === '' ? ' (no currency column: --currency says which)' : ''}`,
        );
      const method = methodOfType(cell(record, 'type'));
      const bankId = cell(record, 'id');
      const account = cell(record, 'account');
      lines.push({
        date: dateText,
        amount,
        currency,
        text: cell(record, 'text'),
        file: o.file,
        line,
        ...(method ? { method } : {}),
        ...(bankId ? { bankId } : {}),
        ...(account ? { account } : {}),
      });
    },
    end(): RawLine[] {
      if (columns === undefined) {
        const missing = Object.values(o.columns ?? {})
          .flat()
          .filter((h) => !seen.has(norm(h)));
        const wanted = !o.columns
          ? 'a date column and an amount (or paid in) column'
          : missing.length === 0
            ? 'every header --columns names'
            : `every header --columns names (${missing.map((h) => `"${h}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} in none of its first rows)`;
        throw new StatementError(
          o.file,
          firstLine,
          `no header row with ${wanted}; name the columns with --columns date=HEADER,amount=HEADER,text=HEADER`,
        );
      }
      const format = o.dateFormat ?? order.format();
      for (const line of lines) {
        const date = readDate(line.date, format);
        if (date === undefined) throw new StatementError(o.file, line.line, `date "${line.date}" is not a date`);
        line.date = date;
      }
      return lines;
    },
  };
}

/**
 * Reads a CSV statement's lines. Slashed dates must read one way only: a file whose dates all read as
 * both day/month and month/day is refused until `dateFormat` says which.
 *
 * @example
 * readCsvStatement('Date,Amount,Reference\n02/11/2026,120.00,INV-000123\n', { file: 'nov.csv', currency: 'gbp', dateFormat: 'dmy' })
 */
export function readCsvStatement(text: string, o: CsvOptions): RawLine[] {
  let records: CsvRecord[];
  try {
    records = parse(text, parseOptionsFor(text.slice(0, HEADER_SCAN), o.columns ?? {})) as unknown as CsvRecord[];
  } catch (error) {
    throw csvError(o.file, error);
  }
  const reader = csvReader(o);
  for (const r of records) reader.record(r);
  return reader.end();
}

/** Currency signs and codes an amount cell may carry that name one currency (`$` is several). */
const AMOUNT_SIGNS: Readonly<Record<string, StatementLine['currency']>> = { '£': 'gbp', '€': 'eur' };

/**
 * The currency an amount cell is written in (`€90,00`, `90.00 EUR`), when it says one; undefined for a
 * bare number or `$`.
 */
function amountCurrency(
  record: readonly string[],
  columns: Partial<Record<ColumnKey, number[]>>,
): StatementLine['currency'] | undefined {
  for (const key of ['amount', 'in', 'out'] as const)
    for (const i of columns[key] ?? []) {
      const text = (record[i] ?? '').trim();
      const code = /^([A-Za-z]{3})\s*[-+(\d]|[\d)]\s*([A-Za-z]{3})$/.exec(text);
      const named = code ? readCurrency(code[1] ?? code[2] ?? '') : undefined;
      if (named !== undefined) return named;
      const sign = /^[-(]?\s*([£€])/.exec(text)?.[1];
      if (sign !== undefined) return AMOUNT_SIGNS[sign];
    }
  return undefined;
}

function amountOf(
  record: readonly string[],
  columns: Partial<Record<ColumnKey, number[]>>,
  file: string,
  line: number,
): number {
  const read = (key: ColumnKey): number | undefined => {
    const text = (columns[key] ?? [])
      .map((i) => record[i] ?? '')
      .join('')
      .trim();
    if (text === '') return undefined;
    const value = readAmount(text);
    if (value === undefined)
      throw new StatementError(
        file,
        line,
        `${key === 'amount' ? 'amount' : key === 'in' ? 'paid in' : 'paid out'} "${text}" is not an amount`,
      );
    return value;
  };
  if (columns.amount) {
    const value = read('amount');
    if (value === undefined) throw new StatementError(file, line, 'no amount');
    return value;
  }
  const paidIn = read('in');
  const paidOut = read('out');
  if (paidIn === undefined && paidOut === undefined)
    throw new StatementError(file, line, 'neither paid in nor paid out');
  return (paidIn ?? 0) - Math.abs(paidOut ?? 0);
}

/**
 * The one way a file's slashed dates read, noted date by date: a date that is none is refused at once,
 * a file where every date reads both ways at the end.
 *
 * @example
 * const order = dateOrder('f.csv'); order.note('13/04/2026', 2); order.format() // 'dmy'
 */
export function dateOrder(file: string): { note(text: string, line: number): void; format(): DateFormat } {
  let dmy: number | undefined;
  let mdy: number | undefined;
  let both: { text: string; line: number } | undefined;
  return {
    note(text: string, line: number): void {
      const reading = dateReadings(text);
      if (reading === 'bad') throw new StatementError(file, line, `date "${text}" is not a date`);
      if (reading === 'dmy') dmy ??= line;
      if (reading === 'mdy') mdy ??= line;
      if (reading === 'both') both ??= { text, line };
    },
    format(): DateFormat {
      if (dmy !== undefined && mdy !== undefined)
        throw new StatementError(
          file,
          mdy,
          `dates read day first at line ${dmy} but month first here; give --date-format dmy or mdy`,
        );
      if (dmy !== undefined) return 'dmy';
      if (mdy !== undefined) return 'mdy';
      if (both !== undefined)
        throw new StatementError(
          file,
          both.line,
          `every date reads both as day/month and month/day ("${both.text}"); say which with --date-format dmy or --date-format mdy`,
        );
      return 'ymd';
    },
  };
}
