import { ApiError } from './api-error.js';

/**
 * Whether a failed write may have been applied all the same: no error the client knows (a bug, an
 * abort), a dropped connection or timeout after sending, or an answer that was not the API's.
 *
 * @example
 * isOutcomeUnknown(new NetworkError('reset', { outcomeUnknown: true })); // true
 * isOutcomeUnknown(new InvalidDataError({ status: 422 })); // false: the server refused it
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return 'outcomeUnknown' in error && error.outcomeUnknown === true;
}
