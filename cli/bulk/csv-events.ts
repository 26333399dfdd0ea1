import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type Info } from 'csv-parse';
import { problem, type InputEvent, type ProblemEvent } from './input-event.js';
import { InputLineError, MAX_LINE_BYTES, type PhysicalLine } from './lines.js';

/**
 * Lines joined back into chunks of text for the parser (one write per line would be slow). A line that
 * cannot be read ends the text there, so the rows before it are still parsed, and is kept in `stop`.
 */
async function* textOf(lines: AsyncIterable<PhysicalLine>, stop: { error?: InputLineError }): AsyncGenerator<string> {
  let chunk = '';
  try {
    for await (const { text } of lines) {
      chunk += `${text}\n`;
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
      }
    }
  } catch (error) {
    if (!(error instanceof InputLineError)) throw error;
    stop.error = error;
  }
  if (chunk !== '') yield chunk;
}

function csvProblem(error: CsvError, columns: number): ProblemEvent {
  const line = typeof error.lines === 'number' ? error.lines : 1;
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
    const got = Array.isArray(error.record) ? error.record.length : undefined;
    return problem(line, `expected ${columns} fields, like the header${got === undefined ? '' : `; got ${got}`} (quote a value that contains a comma)`);
  }
  const what =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted value is never closed'
      : error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' || error.code === 'INVALID_OPENING_QUOTE'
        ? 'bad quoting (a quote inside a value is written twice: "say ""hi""")'
        : error.code === 'CSV_MAX_RECORD_SIZE'
          ? `a row longer than ${MAX_LINE_BYTES} characters`
          : error.message;
  return problem(line, `${what}; the rest of the file was not read`, true);
}

const newlinesIn = (cells: readonly string[]): number => cells.reduce((n, cell) => n + cell.split('\n').length - 1, 0);

/**
 * Reads CSV with csv-parse as the lines arrive: the first row is the header, each later row becomes a
 * row event keyed by the header (empty cells left out), numbered by the line it starts on. A row with the
 * wrong number of fields is a problem and reading goes on; broken quoting stops the reading (nothing
 * after it can be trusted), as does a line that is not UTF-8.
 *
 * @example
 * for await (const event of csvEvents(physicalLines(stream))) console.log(event);
 */
export async function* csvEvents(lines: AsyncIterable<PhysicalLine>): AsyncGenerator<InputEvent> {
  let pending: ProblemEvent[] = [];
  let header: readonly string[] | undefined;
  let columns = 0;
  let stopAt: number | undefined;
  const unreadable: { error?: InputLineError } = {};
  // The parser runs ahead of this generator's reader: problems wait until the rows before them are out.
  const problemsBefore = (line: number): ProblemEvent[] => {
    const due = pending.filter((p) => p.line < line);
    pending = pending.filter((p) => p.line >= line);
    return due;
  };
  const parser = parse({
    bom: true,
    info: true,
    record_delimiter: '\n',
    relax_column_count: false,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_LINE_BYTES,
    // With `info`, the record arrives wrapped: { record, info }.
    on_record: (record) => {
      columns ||= (record as unknown as { readonly record: readonly string[] }).record.length;
      return record;
    },
    on_skip: (error) => {
      if (error === undefined || stopAt !== undefined) return undefined;
      const found = csvProblem(error, columns);
      pending.push(found);
      if (found.fatal) stopAt = found.line;
      return undefined;
    },
  });
  // Errors reach the loop below through the parser, which the pipeline destroys with them.
  pipeline(Readable.from(textOf(lines, unreadable)), parser).catch(() => undefined);
  try {
    for await (const entry of parser as AsyncIterable<{ readonly record: string[]; readonly info: Info }>) {
      const line = entry.info.lines - newlinesIn(entry.record);
      yield* problemsBefore(line);
      if (stopAt !== undefined && line > stopAt) break;
      if (header === undefined) {
        header = entry.record.map((name) => name.trim());
        yield { kind: 'header', line, columns: header };
        continue;
      }
      const values: Record<string, unknown> = {};
      entry.record.forEach((cell, i) => {
        if (cell !== '') values[header?.[i] ?? String(i)] = cell;
      });
      yield { kind: 'row', line, values, cells: entry.record };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    pending.push({ ...csvProblem(error, columns), fatal: true });
  } finally {
    parser.destroy();
  }
  yield* pending.filter((p) => stopAt === undefined || p.line <= stopAt);
  if (unreadable.error && stopAt === undefined) yield problem(unreadable.error.line, `${unreadable.error.message}; the rest of the file was not read`, true);
}
