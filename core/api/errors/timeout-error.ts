import type { NetworkErrorDetails } from './network-error.js';
import { NetworkError } from './network-error.js';

/**
 * No whole answer within the client's `timeoutMs` (the server accepted the request and went quiet). A
 * write's outcome is unknown: it may have been applied.
 *
 * @example
 * createClient({ baseUrl, timeoutMs: 5_000 }); // a request still unanswered after 5 s rejects with TimeoutError
 */
export class TimeoutError extends NetworkError {
  override readonly name: string = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number, details: NetworkErrorDetails = {}) {
    super(`No answer within ${formatSeconds(timeoutMs)}`, details);
    this.timeoutMs = timeoutMs;
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
