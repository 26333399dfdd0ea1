/**
 * A run's results: every item's last outcome across the run and its resumes, built from the journal
 * alone. `runs results` prints them; a `--results` file holds them, rewritten whole by each session.
 */
import { closeSync, fchmodSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Env } from '../factory/factory.js';
import { NEUTRAL_CSV } from '../output/formula.js';
import { fileErrorText } from '../../core/node/file-error-text.js';
import { readOutcomes, type JournalProblem } from './journal-state.js';
import type { RunHeader } from './journal.js';
import { recordFormat } from './record-format.js';

/** The columns of a results file and of `runs results`, in order. */
export const RESULT_COLUMNS = ['index', 'line', 'key', 'status', 'http_status', 'message', 'request_id'] as const;

export type ResultsFormat = 'csv' | 'ndjson';

/** Where a run keeps its results: the path made absolute (a resume may run from another folder). */
export type ResultsTarget = NonNullable<RunHeader['results']>;

/**
 * The results target of a `--results` path; a usage error for an extension that is no format.
 *
 * @example
 * resultsTarget('out.csv') // { path: '/home/jane/out.csv', format: 'csv' }
 */
export function resultsTarget(path: string): ResultsTarget {
  return { path: resolve(path), format: recordFormat('--results', path) };
}

/**
 * Outcomes as the text of a results file: CSV with a header (text cells a spreadsheet would run are
 * neutralised), or one JSON object a line.
 *
 * @example
 * resultsText([{ index: 0, line: 2, key: 'INV-000008', status: 'done', http_status: 200, message: 'ok', request_id: 'r1' }], 'csv')
 * // 'index,line,key,status,http_status,message,request_id\n0,2,INV-000008,done,200,ok,r1\n'
 */
export function resultsText(outcomes: readonly JournalProblem[], format: ResultsFormat): string {
  const records = outcomes.map((o) => ({
    index: o.index,
    line: o.line,
    key: o.key ?? null,
    status: o.status,
    http_status: o.http_status,
    message: o.message,
    request_id: o.request_id,
  }));
  if (format === 'ndjson') return records.map((r) => `${JSON.stringify(r)}\n`).join('');
  return stringify([[...RESULT_COLUMNS], ...records.map((r) => RESULT_COLUMNS.map((name) => r[name]))], NEUTRAL_CSV);
}

/** The file beside a results file that a session writes first, then renames over it. */
const partialOf = (target: ResultsTarget): string =>
  join(dirname(target.path), `.${basename(target.path)}.partial${extname(target.path)}`);

/**
 * Checks, before a run starts, that its results file can be written where it goes (its folder exists and
 * takes a file; the path itself is no folder), by making and removing the file the results are first
 * written to. A path that cannot is a usage error, before anything is sent and before the journal exists.
 *
 * @example
 * checkResultsWritable(resultsTarget('out/results.csv'));
 */
export function checkResultsWritable(target: ResultsTarget): void {
  const partial = partialOf(target);
  try {
    // A folder at the path would take the partial file beside it, and refuse the rename over it.
    if (statSync(target.path, { throwIfNoEntry: false })?.isDirectory())
      throw Object.assign(new Error(target.path), { code: 'EISDIR' });
    closeSync(openSync(partial, 'w', 0o600));
    rmSync(partial, { force: true });
  } catch (error) {
    throw new CliError(`--results ${target.path}: cannot write: ${fileErrorText(error)}; nothing was sent`, EXIT.usage);
  }
}

/**
 * Rewrites a run's results file whole from its journal: written beside it, then renamed over it. This is
 * what keeps each item in the file exactly once under kill -9: appending a session's outcomes to the
 * file would list twice an item an earlier session left unknown and this one settled, and a kill
 * between the two could not be told apart; a rename is all or nothing, so a killed session leaves the
 * last whole view (taken when it started), and the next session's view completes it. Mode 0600 (it
 * holds the run's data). A path that cannot be written is a usage error.
 *
 * @example
 * await writeResults(c.env, '20261102-100000-8000', { path: '/home/jane/out.csv', format: 'csv' });
 */
export async function writeResults(env: Env, runId: string, target: ResultsTarget): Promise<void> {
  const { outcomes } = await readOutcomes(env, runId);
  const text = resultsText(outcomes, target.format);
  const partial = partialOf(target);
  try {
    const fd = openSync(partial, 'w', 0o600);
    try {
      fchmodSync(fd, 0o600);
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, target.path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new CliError(`--results ${target.path}: cannot write: ${fileErrorText(error)}`, EXIT.usage);
  }
}
