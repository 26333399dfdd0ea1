import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { problem, type InputEvent, type ProblemEvent } from './input-event.js';
import { InputLineError, MAX_LINE_BYTES } from './lines.js';

/**
 * The checked chunks of a file, without its leading blank lines (counted in `state.blank`: csv-parse
 * would take an empty first line for the header). A line that cannot be read ends them there (kept in
 * `state.error`), so the rows before it are still parsed.
 */
async function* parserInput(
  chunks: AsyncIterable<Buffer>,
  state: { blank: number; error?: InputLineError },
): AsyncGenerator<Buffer> {
  let started = false;
  try {
    for await (const chunk of chunks) {
      if (started) {
        yield chunk;
        continue;
      }
      let i = 0;
      for (; i < chunk.length; i += 1) {
        if (chunk[i] === 0x0a) state.blank += 1;
        else if (chunk[i] !== 0x0d || chunk[i + 1] !== 0x0a) break;
      }
      started = i < chunk.length;
      if (started) yield chunk.subarray(i);
    }
  } catch (error) {
    if (!(error instanceof InputLineError)) throw error;
    state.error = error;
  }
}

function csvProblem(error: CsvError, columns: number, line: number): ProblemEvent {
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
    const cells = Array.isArray(error.record) ? error.record.map(String) : undefined;
    const found = problem(
      line,
      `expected ${columns} fields, like the header${cells === undefined ? '' : `; got ${cells.length}`} (quote a value that contains a comma)`,
    );
    return cells === undefined ? found : { ...found, cells };
  }
  const what =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted value is never closed'
      : error.code === 'CSV_INVALID_CLOSING_QUOTE' ||
          error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' ||
          error.code === 'INVALID_OPENING_QUOTE'
        ? 'bad quoting (a quote inside a value is written twice: "say ""hi""")'
        : error.code === 'CSV_MAX_RECORD_SIZE'
          ? `a row longer than ${MAX_LINE_BYTES} characters`
          : error.message;
  return problem(line, `${what}; the rest of the file was not read`, true);
}

// Lines are counted by their LF: a CRLF inside a quoted value is one line break.
const newlinesIn = (cells: readonly string[]): number => cells.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
const isEmptyLine = (cells: readonly string[]): boolean => cells.length === 1 && cells[0] === '';

/** A record csv-parse set aside, and how many records it had emitted before it (to put it in order). */
interface Skip {
  readonly after: number;
  readonly error: CsvError;
}

/**
 * Reads CSV with csv-parse as the lines arrive: the first row is the header, each later row becomes a
 * row event keyed by the header (empty cells left out), numbered by the line it starts on. A row with the
 * wrong number of fields is a problem and reading goes on; broken quoting stops the reading (nothing
 * after it can be trusted), as does a line that is not UTF-8. Lines are counted here rather than with
 * csv-parse's `info` (a snapshot object per record doubles the garbage of a long file).
 *
 * @example
 * for await (const event of csvEvents(lineChunks(stream))) console.log(event);
 */
export async function* csvEvents(chunks: AsyncIterable<Buffer>): AsyncGenerator<InputEvent> {
  const skips: Skip[] = [];
  let header: readonly string[] | undefined;
  let line = 1;
  let emitted = 0;
  let fatal: ProblemEvent | undefined;
  const input: { blank: number; error?: InputLineError } = { blank: 0 };
  const parser = parse({
    bom: true,
    // A record ends at LF or CRLF (mixed endings too); a CRLF inside a quoted value stays in the value.
    record_delimiter: ['\r\n', '\n'],
    // A quote inside an unquoted value is a character of it (`37°36'37.8"N`), as csv-spectrum reads it;
    // text after a closing quote is still bad quoting.
    relax_quotes: true,
    relax_column_count: false,
    // Empty lines come back as skipped one-field records, so the line count stays right.
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: MAX_LINE_BYTES,
    on_skip: (error) => {
      if (error !== undefined && !skips.some((s) => s.error.code !== 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'))
        skips.push({ after: Number(error.records ?? 0), error });
      return undefined;
    },
  });
  // csv-parse counts lines from the first one it was given.
  const lineOf = (error: CsvError): number | undefined =>
    typeof error.lines === 'number' ? error.lines + input.blank : undefined;
  // The parser runs ahead of this reader: a skipped record is reported once the records before it are out.
  function* skipped(upTo: number): Generator<ProblemEvent> {
    for (let skip = skips[0]; skip !== undefined && skip.after <= upTo && fatal === undefined; skip = skips[0]) {
      skips.shift();
      const { error } = skip;
      const cells = Array.isArray(error.record) ? (error.record as string[]) : undefined;
      if (error.code !== 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || cells === undefined) {
        fatal = csvProblem(error, header?.length ?? 0, lineOf(error) ?? line);
        yield fatal;
        return;
      }
      const end = lineOf(error) ?? line + newlinesIn(cells);
      line = end + 1;
      if (!isEmptyLine(cells)) yield csvProblem(error, header?.length ?? 0, end - newlinesIn(cells));
    }
  }
  // Errors reach the loop below through the parser, which the pipeline destroys with them.
  pipeline(Readable.from(parserInput(chunks, input)), parser).catch(() => undefined);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (emitted === 0) line += input.blank;
      yield* skipped(emitted);
      emitted += 1;
      if (fatal) break;
      const start = line;
      line += 1 + newlinesIn(record);
      if (isEmptyLine(record)) continue;
      if (header === undefined) {
        // A JSON line named .csv: its quotes are read as characters, so say what it is rather than list its "columns".
        if (/^\s*[{[]/.test(record[0] ?? '')) {
          fatal = problem(start, 'the file holds JSON, not CSV: name it .ndjson (one JSON object per line)', true);
          yield fatal;
          break;
        }
        header = record.map((name) => name.trim());
        yield { kind: 'header', line: start, columns: header };
        continue;
      }
      const values: Record<string, unknown> = {};
      record.forEach((cell, i) => {
        if (cell !== '') values[header?.[i] ?? String(i)] = cell;
      });
      yield { kind: 'row', line: start, values, cells: record };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (fatal === undefined) {
      fatal = { ...csvProblem(error, header?.length ?? 0, lineOf(error) ?? line), fatal: true };
      yield fatal;
    }
  } finally {
    parser.destroy();
  }
  if (fatal) return;
  yield* skipped(Number.POSITIVE_INFINITY);
  if (fatal === undefined && input.error)
    yield problem(input.error.line, `${input.error.message}; the rest of the file was not read`, true);
}
