import { isoDateProblem } from '../../core/domain/dates.js';
import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * Checks a `--flag YYYY-MM-DD` value is a day (no time) of the calendar (2026-02-30 is not). Exit 2,
 * nothing sent, otherwise.
 *
 * @example
 * parseDay('2026-09-01', '--start') // '2026-09-01'
 * parseDay('2026-02-30', '--start') // throws CliError: --start: 2026-02-30 is not a day of the calendar ...
 */
export function parseDay(value: string, flag: string): string {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw new CliError(`${flag}: expected a date as YYYY-MM-DD, got "${value}"; nothing was sent`, EXIT.usage);
  const problem = isoDateProblem(text);
  if (problem) throw new CliError(`${flag}: ${problem}; nothing was sent`, EXIT.usage);
  return text;
}

/**
 * Checks a period given as `--start` and `--end`: both calendar days, the start on or before the end.
 *
 * @example
 * parsePeriod('2026-09-01', '2026-11-01') // { start: '2026-09-01', end: '2026-11-01' }
 */
export function parsePeriod(start: string, end: string): { start: string; end: string } {
  const period = { start: parseDay(start, '--start'), end: parseDay(end, '--end') };
  // ISO days compare correctly as text.
  if (period.end < period.start) {
    throw new CliError(`--end ${period.end} is before --start ${period.start}; nothing was sent`, EXIT.usage);
  }
  return period;
}
