import {
  ApiError,
  InvalidDataError,
  NetworkError,
  RateLimitedError,
  UnauthorisedError,
  UnexpectedAnswerError,
} from '../../core/api/errors/index.js';
import { readRateLimit } from '../../core/api/rate-limit.js';
import type { ApiResponse } from '../../core/api/types.js';
import { CliError } from '../errors/cli-error.js';
import { HintedError } from '../write/hinted-error.js';
import { changedNothing } from '../write/send.js';
import type { ItemOutcome } from './journal.js';

/** An item's outcome without where it is in the file. */
export type Outcome = Omit<ItemOutcome, 'index' | 'line'>;

/**
 * What the runner does after one row's run (the client has already made its own retries):
 * - `final`: record the outcome (done, or failed for good: a 4xx the row itself caused);
 * - `rate-limited`: nothing applied; pause the whole queue `waitMs`, then send the item again;
 * - `server`: a 5xx, timeout, dropped connection or an answer that was not the API's; send again later,
 *   counted against the retry budget;
 * - `not-sent`: the request never reached the server (connection refused, no such host): nothing applied,
 *   so the item waits to be sent (now or by a resume), counted against the retry budget;
 * - `auth`: signed out; stop the run (every item would fail the same way).
 */
export type Verdict =
  | { readonly kind: 'final'; readonly outcome: Outcome; readonly pauseMs?: number }
  | { readonly kind: 'rate-limited'; readonly waitMs: number }
  | { readonly kind: 'server'; readonly outcome: Outcome }
  | { readonly kind: 'not-sent'; readonly message: string }
  | { readonly kind: 'auth'; readonly message: string };

/**
 * An error as one line for the journal and results: the message, then what the server said about the
 * fields (a 422) or its own message when the catalogue text hides it.
 *
 * @example
 * failureMessage(invalidDataError) // 'Failed - Invalid data: date: before the invoice was issued'
 */
export function failureMessage(error: ApiError): string {
  const fields =
    error instanceof InvalidDataError
      ? Object.entries(error.fieldErrors).map(
          ([field, messages]) => `${field ? `${field}: ` : ''}${messages.join('; ')}`,
        )
      : [];
  const data = error.data;
  const said = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).message : undefined;
  const detail =
    fields.length > 0
      ? fields.join('; ')
      : typeof said === 'string' && said !== '' && !error.message.includes(said)
        ? said
        : '';
  return detail === '' ? error.message : `${error.message}: ${detail}`;
}

/** The wait after a 429 whose answer named none. */
const DEFAULT_RATE_WAIT_MS = 1_000;

/**
 * A successful answer as a row's result: done. When the answer says no requests remain in the window,
 * `pauseMs` makes the queue pause until it resets instead of meeting a 429.
 *
 * @example
 * responseResult(response, Date.now()) // { outcome: { status: 'done', http_status: 200, message: 'ok', request_id: 'r1' } }
 */
export function responseResult(
  response: ApiResponse<unknown>,
  now: number,
): { readonly outcome: Outcome; readonly pauseMs?: number } {
  const message = changedNothing(response.data)
    ? 'unchanged: already in that state'
    : response.replayed
      ? 'ok (replayed: applied earlier)'
      : 'ok';
  const outcome: Outcome = {
    status: 'done',
    http_status: response.status,
    message,
    request_id: response.requestId ?? null,
  };
  const limit = readRateLimit(response.headers, response.status, now);
  return limit.remaining === 0 && limit.waitMs !== undefined ? { outcome, pauseMs: limit.waitMs } : { outcome };
}

/**
 * The verdict on a failed send.
 *
 * @example
 * errorVerdict(new RateLimitedError(undefined, { status: 429, retryAfterMs: 2000 })) // { kind: 'rate-limited', waitMs: 2000 }
 */
export function errorVerdict(error: unknown): Verdict {
  if (error instanceof RateLimitedError)
    return { kind: 'rate-limited', waitMs: error.retryAfterMs ?? DEFAULT_RATE_WAIT_MS };
  if (error instanceof UnauthorisedError) return { kind: 'auth', message: error.message };
  if (error instanceof NetworkError && error.notSent) return { kind: 'not-sent', message: error.message };
  if (error instanceof NetworkError || error instanceof UnexpectedAnswerError) {
    const outcome: Outcome = {
      status: error.outcomeUnknown ? 'unknown' : 'failed',
      http_status: error.status ?? null,
      message: error.message,
      request_id: error.requestId ?? null,
    };
    return { kind: 'server', outcome };
  }
  if (error instanceof ApiError) {
    const outcome: Outcome = {
      status: 'failed',
      http_status: error.status ?? null,
      message: failureMessage(error),
      request_id: error.requestId ?? null,
    };
    const status = error.status ?? 0;
    // The key's first request still running (a resume right after a crash): the server will finish it.
    if (status === 409 && /in progress/i.test(error.message))
      return { kind: 'server', outcome: { ...outcome, status: 'unknown' } };
    return status >= 500 || status === 408 ? { kind: 'server', outcome } : { kind: 'final', outcome };
  }
  if (error instanceof HintedError) return errorVerdict(error.cause);
  // A curated command's own refusal of its row (found only once it read the target): failed for good.
  if (error instanceof CliError)
    return {
      kind: 'final',
      outcome: { status: 'failed', http_status: null, message: error.message, request_id: null },
    };
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return {
      kind: 'server',
      outcome: {
        status: 'unknown',
        http_status: null,
        message: `no answer in time (${error.message}); the server may have applied it`,
        request_id: null,
      },
    };
  }
  throw error;
}
