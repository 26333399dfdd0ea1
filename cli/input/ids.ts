import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * Reads an id given on the command line: a whole number from 1. Anything else is bad usage (exit 2),
 * reported before any request is sent.
 *
 * @example
 * positiveId('12', 'subscription id') // 12
 * positiveId('12a', '--to') // throws: --to: expected a school id (a whole number from 1), got "12a"
 */
export function positiveId(text: string | undefined, label: string, what = 'an id'): number {
  const trimmed = text?.trim() ?? '';
  if (!/^[1-9]\d{0,14}$/.test(trimmed)) {
    throw new CliError(
      `${label}: expected ${what} (a whole number from 1), got ${text === undefined ? 'nothing' : `"${text}"`}; nothing was sent`,
      EXIT.usage,
    );
  }
  return Number(trimmed);
}
