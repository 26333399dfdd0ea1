import type { NetworkErrorDetails } from './network-error.js';
import { NetworkError } from './network-error.js';

/** Which limit ran out: each attempt's own (`timeoutMs`), or the call's whole time (`totalTimeoutMs`). */
export type TimeoutLimit = 'attempt' | 'total';

/**
 * No whole answer within the client's `timeoutMs` (the server accepted the request and went quiet), or
 * within its `totalTimeoutMs` over all attempts. A write's outcome is unknown: it may have been applied.
 * The message says which and how many attempts were made (`details.attempts`): `No answer within 30 s
 * (4 attempts)` is the whole time, `No answer within 30 s (each of 4 attempts)` each attempt's.
 *
 * @example
 * createClient({ baseUrl, timeoutMs: 5_000 }); // a request still unanswered after 5 s rejects with TimeoutError
 */
export class TimeoutError extends NetworkError {
  override readonly name: string = 'TimeoutError';
  readonly timeoutMs: number;
  readonly limit: TimeoutLimit;

  constructor(timeoutMs: number, details: NetworkErrorDetails = {}, limit: TimeoutLimit = 'attempt') {
    super(`No answer within ${formatSeconds(timeoutMs)}${attemptsNote(details.attempts ?? 1, limit)}`, details);
    this.timeoutMs = timeoutMs;
    this.limit = limit;
  }
}

function attemptsNote(attempts: number, limit: TimeoutLimit): string {
  if (attempts === 0) return ': that time was spent before this request, which was not sent';
  if (attempts === 1) return '';
  return limit === 'total' ? ` (${attempts} attempts)` : ` (each of ${attempts} attempts)`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
