import type { Method } from '../../endpoints/define.js';

/** What an API error knows about the request and the response that caused it. */
export interface ApiErrorDetails {
  /** The HTTP status; undefined when no response arrived. */
  readonly status?: number;
  /** The response body (parsed JSON, or text). */
  readonly data?: unknown;
  readonly method?: Method;
  /** The full URL called (no token: the token travels in a header). */
  readonly url?: string;
  readonly headers?: Headers;
  readonly requestId?: string;
  readonly errorReference?: string;
  /** The API-target response header. */
  readonly apiTarget?: string;
  /** Attempts left before a lock or a rate limit, from the body or the rate-limit headers. */
  readonly attemptsRemaining?: number;
  /** Whether the retry policy allows this failure to be retried for this request. */
  readonly retryable?: boolean;
  /** Which attempt failed (1 = the first); on the thrown error, the number of attempts made. */
  readonly attempts?: number;
  readonly cause?: unknown;
}

/**
 * An API call that failed: an error status, an `error` field in the body (even on 200), or no response.
 *
 * @example
 * try { await client.request({ method: 'GET', path: 'users/me' }); }
 * catch (error) { if (error instanceof ApiError) console.error(error.status, error.message, error.errorReference); }
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number | undefined;
  readonly data: unknown;
  readonly method: Method | undefined;
  readonly url: string | undefined;
  readonly headers: Headers | undefined;
  readonly requestId: string | undefined;
  readonly errorReference: string | undefined;
  readonly apiTarget: string | undefined;
  readonly attemptsRemaining: number | undefined;
  readonly retryable: boolean;
  readonly attempts: number;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.data = details.data;
    this.method = details.method;
    this.url = details.url;
    this.headers = details.headers;
    this.requestId = details.requestId;
    this.errorReference = details.errorReference;
    this.apiTarget = details.apiTarget;
    this.attemptsRemaining = details.attemptsRemaining;
    this.retryable = details.retryable ?? false;
    this.attempts = details.attempts ?? 1;
  }

  /** The details as they were given, so a subclass or the client can make an amended copy. */
  get details(): ApiErrorDetails {
    return {
      status: this.status,
      data: this.data,
      method: this.method,
      url: this.url,
      headers: this.headers,
      requestId: this.requestId,
      errorReference: this.errorReference,
      apiTarget: this.apiTarget,
      attemptsRemaining: this.attemptsRemaining,
      retryable: this.retryable,
      attempts: this.attempts,
      cause: this.cause,
    };
  }

  /** A plain object for `--json` output and logs (no headers: they are large and may echo cookies). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      url: this.url,
      requestId: this.requestId,
      errorReference: this.errorReference,
      apiTarget: this.apiTarget,
      attemptsRemaining: this.attemptsRemaining,
      retryable: this.retryable,
      attempts: this.attempts,
      data: this.data,
    };
  }
}
