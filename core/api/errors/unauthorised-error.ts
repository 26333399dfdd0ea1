import { ApiError } from './api-error.js';

/**
 * 401: the token is missing, expired or revoked. The client calls its `onAuthError` handler before raising it.
 *
 * @example
 * if (error instanceof UnauthorisedError) console.error('Sign in again: edshed auth login');
 */
export class UnauthorisedError extends ApiError {
  override readonly name: string = 'UnauthorisedError';
}
