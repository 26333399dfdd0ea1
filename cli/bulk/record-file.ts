import { createWriteStream, fchmodSync } from 'node:fs';
import { once } from 'node:events';
import { finished, pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { CliError, EXIT } from '../errors/cli-error.js';
import { recordFormat } from './record-format.js';
import { NEUTRAL_CSV } from '../output/formula.js';
import { fileErrorText } from '../../core/node/file-error-text.js';

/** A file of records written as they come: CSV (with a header) or NDJSON, chosen by the extension. */
export interface RecordFile {
  readonly path: string;
  write(record: Readonly<Record<string, unknown>>): Promise<void>;
  /** One row as cells, whatever their number (a CSV row that did not match its header). */
  writeRow(cells: readonly unknown[]): Promise<void>;
  /** Ends the file; safe to call again. */
  close(): Promise<void>;
}

/**
 * Opens a record file for writing (mode 0600, whatever the umask: it holds the run's data); resolves once
 * the file is open, so a bad path is a usage error before anything is sent. CSV goes through csv-stringify (quoting commas, quotes and newlines in
 * values), with `columns` as the header.
 *
 * @example
 * const results = await openRecordFile('--results', 'results.csv', ['index', 'line', 'status']);
 * await results.write({ index: 0, line: 2, status: 'done' });
 * await results.close();
 */
export async function openRecordFile(flag: string, path: string, columns: readonly string[]): Promise<RecordFile> {
  const format = recordFormat(flag, path);
  // 0600 whatever the umask, and an existing file (truncated, which keeps its mode) put back to 0600.
  const file = createWriteStream(path, { flags: 'w', mode: 0o600 });
  try {
    const [fd] = (await once(file, 'open')) as [number];
    fchmodSync(fd, 0o600);
  } catch (error) {
    file.destroy();
    throw new CliError(`${flag} ${path}: cannot write: ${fileErrorText(error)}`, EXIT.usage);
  }
  // The header is written as a row, so `writeRow` may write rows longer than it. Text cells that a
  // spreadsheet would run as a formula are neutralised.
  const csv = format === 'csv' ? stringify(NEUTRAL_CSV) : undefined;
  csv?.write([...columns]);
  const sink = csv ?? file;
  const done = csv ? pipeline(csv, file) : finished(file);
  done.catch(() => undefined);
  let closed: Promise<void> | undefined;
  return {
    path,
    async write(record) {
      const ok = csv
        ? csv.write(columns.map((name) => record[name] ?? null))
        : file.write(`${JSON.stringify(record)}\n`);
      if (!ok) await Promise.race([once(sink, 'drain'), done]);
    },
    async writeRow(cells) {
      const ok = csv ? csv.write([...cells]) : file.write(`${JSON.stringify(cells)}\n`);
      if (!ok) await Promise.race([once(sink, 'drain'), done]);
    },
    close() {
      closed ??= (async () => {
        sink.end();
        await done;
      })();
      return closed;
    },
  };
}
