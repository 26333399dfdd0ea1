import type { ApiErrorDetails } from './api-error.js';
import { ApiError } from './api-error.js';

export interface NetworkErrorDetails extends ApiErrorDetails {
  /** True when a write may have reached the server before the connection failed. */
  readonly outcomeUnknown?: boolean;
  /** True when the request provably never reached the server (connection refused, DNS failure, before the socket connected). */
  readonly notSent?: boolean;
}

/**
 * No (complete) response: connection refused, reset, DNS failure, TLS failure. When a write may have
 * been applied, `outcomeUnknown` is true and the message says to check before retrying; when the
 * request never left (nothing listening, no such host), `notSent` is true: sending it again is safe.
 *
 * @example
 * if (error instanceof NetworkError && error.outcomeUnknown) console.error('Check whether the invoice was marked paid before running again');
 */
export class NetworkError extends ApiError {
  override readonly name: string = 'NetworkError';
  readonly outcomeUnknown: boolean;
  readonly notSent: boolean;

  constructor(reason: string, details: NetworkErrorDetails = {}) {
    const outcomeUnknown = details.outcomeUnknown ?? false;
    super(
      outcomeUnknown
        ? `${reason}: the outcome is unknown, the server may have applied the change; check before retrying`
        : reason,
      details,
    );
    this.outcomeUnknown = outcomeUnknown;
    this.notSent = details.notSent ?? false;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), outcomeUnknown: this.outcomeUnknown, notSent: this.notSent };
  }
}
