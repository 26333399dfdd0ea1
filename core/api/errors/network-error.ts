import type { ApiErrorDetails } from './api-error.js';
import { ApiError } from './api-error.js';

export interface NetworkErrorDetails extends ApiErrorDetails {
  /** True when a write may have reached the server before the connection failed. */
  readonly outcomeUnknown?: boolean;
}

/**
 * No (complete) response: connection refused, reset, DNS failure, TLS failure. When a write may have
 * been applied, `outcomeUnknown` is true and the message says to check before retrying.
 *
 * @example
 * if (error instanceof NetworkError && error.outcomeUnknown) console.error('Check whether the invoice was marked paid before running again');
 */
export class NetworkError extends ApiError {
  override readonly name: string = 'NetworkError';
  readonly outcomeUnknown: boolean;

  constructor(reason: string, details: NetworkErrorDetails = {}) {
    const outcomeUnknown = details.outcomeUnknown ?? false;
    super(outcomeUnknown ? `${reason}: the outcome is unknown, the server may have applied the change; check before retrying` : reason, details);
    this.outcomeUnknown = outcomeUnknown;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), outcomeUnknown: this.outcomeUnknown };
  }
}
