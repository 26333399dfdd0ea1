import { rmSync } from 'node:fs';
import type { BulkInput, InputFormat } from './input.js';
import type { InputEvent, ProblemEvent, RowEvent } from './input-event.js';
import { openRecordFile, type RecordFile } from './record-file.js';
import { recordFormat } from './record-format.js';

/** Where --skip-invalid sets bad rows aside. */
export interface RejectsFile {
  write(row: RowEvent | ProblemEvent, reasons: readonly string[]): Promise<void>;
  close(): Promise<void>;
  /** Closes and deletes the file (the run stopped before anything was sent). */
  discard(): Promise<void>;
}

/**
 * The rejects file: each bad row as it was, plus a `reason` column. A CSV input rejected to CSV keeps its
 * header (fix the rows, drop the reason column, run them again); otherwise each row is its line, its
 * values and the reason. Opened at the first bad row, once the header is known.
 *
 * @example
 * const rejects = rejectsFile('bad.csv', 'csv', () => header);
 * await rejects.write(row, ['line 3: date: expected an ISO 8601 date']);
 */
export function rejectsFile(
  path: string,
  input: InputFormat,
  header: () => readonly string[] | undefined,
): RejectsFile {
  const format = recordFormat('--rejects', path);
  let file: Promise<RecordFile> | undefined;
  let columns: readonly string[] = [];
  const open = (): Promise<RecordFile> => {
    const names = header();
    columns = format === 'ndjson' ? [] : input === 'csv' && names ? [...names, 'reason'] : ['line', 'row', 'reason'];
    file ??= openRecordFile('--rejects', path, columns);
    return file;
  };
  return {
    async write(row, reasons) {
      const out = await open();
      const reason = reasons.join('; ');
      const byHeader = columns.length > 0 && columns[0] !== 'line';
      if (row.kind === 'problem') {
        if (format === 'ndjson')
          return out.write({ line: row.line, ...(row.cells ? { cells: row.cells } : {}), reason });
        // A row that did not match the header keeps all its cells, padded to the header, then the reason.
        if (byHeader && row.cells)
          return out.writeRow([
            ...row.cells,
            ...Array<string>(Math.max(0, columns.length - 1 - row.cells.length)).fill(''),
            reason,
          ]);
        return out.write({ line: row.line, reason });
      }
      if (format === 'ndjson') return out.write({ line: row.line, ...row.values, reason });
      if (byHeader && row.cells) return out.writeRow([...row.cells, reason]);
      return out.write({ line: row.line, row: JSON.stringify(row.values), reason });
    },
    async close() {
      await (await file)?.close();
    },
    async discard() {
      await (await file)?.close();
      if (file) rmSync(path, { force: true });
    },
  };
}

/** Input events, noting the CSV header as it passes. */
async function* noteHeader(
  events: AsyncIterable<InputEvent>,
  seen: { columns?: readonly string[] },
): AsyncGenerator<InputEvent> {
  for await (const event of events) {
    if (event.kind === 'header') seen.columns = event.columns;
    yield event;
  }
}

/**
 * The rejects file of `--skip-invalid --rejects FILE` (a run or a dry run alike), with the input to read
 * instead of `input` (it notes the CSV header the file repeats); no file without both flags.
 *
 * @example
 * const { input: read, rejects } = openRejects(input, { skipInvalid: true, rejects: 'bad.csv' });
 */
export function openRejects(
  input: BulkInput,
  o: { readonly skipInvalid: boolean; readonly rejects?: string | undefined },
): { readonly input: BulkInput; readonly rejects: RejectsFile | undefined } {
  if (!o.skipInvalid || o.rejects === undefined) return { input, rejects: undefined };
  const seen: { columns?: readonly string[] } = {};
  return {
    input: { ...input, events: noteHeader(input.events, seen) },
    rejects: rejectsFile(o.rejects, input.format, () => seen.columns),
  };
}
