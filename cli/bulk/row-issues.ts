import { InvalidInputError } from '../../core/endpoints/invalid-input-error.js';
import { CliError } from '../errors/cli-error.js';
import type { RowIssue } from './row-check.js';

/**
 * A curated command's local check that threw, as the problems of one row: an InvalidInputError gives
 * one issue per field (`keyOf` names the column of a payload key), a CliError one issue whose column is
 * the flag it starts with (`--to: expected ...` is about column `to`), else `column`. The single
 * command's "; nothing was sent" is left off: the run says it once.
 *
 * @example
 * issuesOf(new CliError('--to: expected a school id, got "x"; nothing was sent')) // [{ column: 'to', message: 'expected a school id, got "x"' }]
 */
export function issuesOf(error: unknown, column?: string, keyOf: (key: string) => string = (key) => key): RowIssue[] {
  if (error instanceof InvalidInputError) {
    return error.issues.map((issue) =>
      issue.path === '' ? { message: issue.message } : { column: keyOf(issue.path), message: issue.message },
    );
  }
  if (!(error instanceof CliError)) throw error;
  const text = error.message.replace(/;? nothing was sent\.?$/, '');
  const flag = /^--([a-z][\w-]*): (.*)$/s.exec(text);
  if (flag) return [{ column: flag[1] as string, message: flag[2] as string }];
  return [{ ...(column === undefined ? {} : { column }), message: text }];
}

/**
 * Required keys a row lacks, as issues (the run adds how to give them).
 *
 * @example
 * missingIssues({ id: '8' }, ['id', 'date']) // [{ column: 'date', message: 'missing' }]
 */
export function missingIssues(values: Readonly<Record<string, unknown>>, required: readonly string[]): RowIssue[] {
  return required
    .filter((key) => values[key] === undefined || values[key] === '')
    .map((key) => ({ column: key, message: 'missing' }));
}
