import type { ApiErrorDetails } from './api-error.js';
import { ApiError } from './api-error.js';

export interface UnexpectedAnswerDetails extends ApiErrorDetails {
  /** True for a write: the server (or something in front of it) answered, so it may have applied the change. */
  readonly outcomeUnknown?: boolean;
}

/**
 * A 2xx answer that is not the API's: a proxy's HTML maintenance page, JSON cut short, a bare array or
 * an empty body where a JSON object is due. Never a success: for a write the outcome is unknown (the
 * server may have applied it behind the proxy), so only a retry with the same idempotency key is safe.
 *
 * @example
 * if (error instanceof UnexpectedAnswerError && error.outcomeUnknown) console.error('Check the invoice before running again');
 */
export class UnexpectedAnswerError extends ApiError {
  override readonly name: string = 'UnexpectedAnswerError';
  readonly outcomeUnknown: boolean;

  constructor(what: string, details: UnexpectedAnswerDetails = {}) {
    const outcomeUnknown = details.outcomeUnknown ?? false;
    const unknown = outcomeUnknown
      ? '; the outcome is unknown, the server may have applied the change: check before retrying'
      : '';
    super(`The server's answer was not the API's: ${what}${unknown}`, details);
    this.outcomeUnknown = outcomeUnknown;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), outcomeUnknown: this.outcomeUnknown };
  }
}
