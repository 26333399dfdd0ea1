import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * A whole number from the command line (an id, a count), from 1 up to `max`; exit 2, naming `label`,
 * otherwise.
 *
 * @example
 * parseWholeNumber('30', '--amount', { max: 500 }) // 30
 * parseWholeNumber('3.5', '--school') // throws CliError: --school: expected a whole number from 1, got "3.5" ...
 */
export function parseWholeNumber(text: string, label: string, options: { readonly max?: number } = {}): number {
  const value = /^[1-9]\d*$/.test(text.trim()) ? Number(text) : Number.NaN;
  const range = options.max === undefined ? 'from 1' : `from 1 to ${options.max}`;
  if (!Number.isSafeInteger(value) || (options.max !== undefined && value > options.max)) {
    throw new CliError(`${label}: expected a whole number ${range}, got "${text}"; nothing was sent`, EXIT.usage);
  }
  return value;
}
