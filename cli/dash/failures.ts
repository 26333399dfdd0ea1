/** How a dashboard takes a failed refresh: which failures end it, how they read, when to try again. */
import {
  ApiError,
  ForbiddenError,
  NetworkError,
  RateLimitedError,
  UnauthorisedError,
} from '../../core/api/errors/index.js';

/** First wait after a failure; doubled per failure in a row, never past the refresh interval. */
const FIRST_RETRY_MS = 5_000;

/**
 * True for failures a retry cannot mend: not signed in (401) or not allowed (403). The dashboard ends
 * and the CLI reports them (how to sign in, exit 4).
 *
 * @example
 * isFatal(new UnauthorisedError()) // true
 */
export function isFatal(error: unknown): boolean {
  return error instanceof UnauthorisedError || error instanceof ForbiddenError;
}

/**
 * The reason for the banner, short.
 *
 * @example
 * failureReason(new RateLimitedError(undefined)) // 'rate limited (429)'
 */
export function failureReason(error: unknown): string {
  if (error instanceof RateLimitedError) return 'rate limited (429)';
  if (error instanceof NetworkError) return `network failure: ${error.message}`;
  if (error instanceof ApiError) return `${error.message}${error.status ? ` (${error.status})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * How the drawn dashboard takes failures, handed to it by the command (cli/commands/dash/run-dash.ts):
 * the dashboard's view is built apart from the rest of the CLI (its ES build with Ink, scripts/build-cli.mjs),
 * where `instanceof` would test against copies of the error classes, not the client's.
 */
export interface DashFailures {
  readonly isFatal: typeof isFatal;
  readonly failureReason: typeof failureReason;
  readonly retryDelay: typeof retryDelay;
}

/**
 * Milliseconds to wait before the next try after `failures` failures in a row: 5 s doubling, at most the
 * refresh interval, and never sooner than the server's Retry-After.
 *
 * @example
 * retryDelay(new NetworkError('ECONNREFUSED'), 2, 30_000) // 10000
 */
export function retryDelay(error: unknown, failures: number, intervalMs: number): number {
  const backoff = Math.min(intervalMs, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  const server = error instanceof RateLimitedError ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(backoff, server);
}

/** The failures of this module, for the drawn dashboard (see DashFailures). */
export const DASH_FAILURES: DashFailures = { isFatal, failureReason, retryDelay };
