/**
 * The statement files of `invoices reconcile`, read as streams: each scanned first (encoding, format,
 * and a cheap count of its lines), all refused at once past MAX_STATEMENT_LINES, then each read keeping
 * only its lines. Any problem is exit 2 naming the file (and line), before any request.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { fileErrorText } from '../../../core/node/file-error-text.js';
import type { ColumnMap } from '../../../core/domain/reconcile/csv.js';
import { MAX_STATEMENT_LINES, tooManyLines } from '../../../core/domain/reconcile/limits.js';
import { StatementError, type DateFormat, type StatementLine } from '../../../core/domain/reconcile/line.js';
import { scanStatement, type StatementScan } from '../../../core/domain/reconcile/scan.js';
import { mergeStatements, readStatementStream } from '../../../core/domain/reconcile/statement.js';
import { hashFile } from '../../bulk/plan-file.js';

export interface StatementReadOptions {
  readonly columns: ColumnMap | undefined;
  readonly dateFormat: DateFormat | undefined;
  readonly currency: StatementLine['currency'] | undefined;
}

const usage = (why: string): CliError => new CliError(`${why}; nothing was sent`, EXIT.usage);
const CHUNK = 64 * 1024;

async function scanned(file: string, left: number): Promise<StatementScan> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw usage(`${file}: cannot read the statement: is a directory`);
    return await scanStatement(createReadStream(file, { highWaterMark: CHUNK }), left);
  } catch (error) {
    if (error instanceof CliError || error instanceof StatementError) throw error;
    throw usage(`${file}: cannot read the statement: ${fileErrorText(error)}`);
  }
}

/**
 * Every statement read and merged (a line two statements give counted once), with each file's hash.
 *
 * @example
 * const { lines, repeated } = await readStatements(['oct.ofx', 'nov.ofx'], { columns: undefined, dateFormat: undefined, currency: undefined });
 */
export async function readStatements(
  files: readonly string[],
  o: StatementReadOptions,
): Promise<{ lines: StatementLine[]; repeated: number; hashes: { path: string; sha256: string }[] }> {
  const scans: StatementScan[] = [];
  let total = 0;
  for (const file of files) {
    const scan = await scanned(file, MAX_STATEMENT_LINES - total);
    total += scan.lines;
    if (total > MAX_STATEMENT_LINES)
      throw usage(`${file}: ${files.length > 1 ? 'with the statements before it, ' : ''}${tooManyLines()}`);
    scans.push(scan);
  }
  const all: StatementLine[][] = [];
  const hashes: { path: string; sha256: string }[] = [];
  for (const [k, file] of files.entries()) {
    try {
      all.push(
        (
          await readStatementStream(createReadStream(file, { highWaterMark: CHUNK }), scans[k] as StatementScan, {
            file,
            ...o,
          })
        ).lines,
      );
    } catch (error) {
      if (error instanceof StatementError) throw usage(error.message);
      throw usage(`${file}: cannot read the statement: ${fileErrorText(error)}`);
    }
    hashes.push({ path: resolve(file), sha256: await hashFile(file) });
  }
  return { ...mergeStatements(all), hashes };
}
