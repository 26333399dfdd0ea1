import { ApiError } from './api-error.js';

/**
 * 403: signed in, but not allowed to do this.
 *
 * @example
 * if (error instanceof ForbiddenError) console.error(`Not allowed: ${error.message}`);
 */
export class ForbiddenError extends ApiError {
  override readonly name: string = 'ForbiddenError';
}
