import { ApiError } from './api-error.js';

/** The server messages that mean a failed sign-in which counts against the account's attempts. */
export const LOGIN_ATTEMPT_MESSAGES = ['Incorrect login details', 'Parent not setup'] as const;

/**
 * A sign-in refused with 'Incorrect login details' or 'Parent not setup'; `attemptsRemaining` says how
 * many tries are left before the account is locked (when the server said).
 *
 * @example
 * if (error instanceof LoginAttemptsError) console.error(`${error.message} (${error.attemptsRemaining ?? '?'} attempts left)`);
 */
export class LoginAttemptsError extends ApiError {
  override readonly name: string = 'LoginAttemptsError';
}
