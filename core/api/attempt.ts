import type { ApiErrorDetails } from './errors/api-error.js';
import type { ApiError } from './errors/api-error.js';
import type { NetworkErrorDetails } from './errors/network-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { UnexpectedAnswerError } from './errors/unexpected-answer-error.js';
import type { PreparedBody } from './body.js';
import { toNetworkError } from './network.js';
import type { ClientConfig } from './options.js';
import { readRateLimit } from './rate-limit.js';
import { redactHeaders, redactRecord } from './redact.js';
import { answerProblem, readBody, readMeta, type ReadBody, type ResponseMeta } from './response.js';
import type { ApiRequest, ApiResponse } from './types.js';
import { monotonicProgress } from './upload-progress.js';

/** One attempt, fully described: what to send and whether a failure may be retried. */
export interface AttemptPlan {
  readonly request: ApiRequest;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: PreparedBody;
  readonly retryAllowed: boolean;
  readonly attempt: number;
  /** This attempt's time limit in milliseconds (0: none): the client's `timeoutMs`, or less when the call's total time is running out. */
  readonly timeoutMs: number;
  /** Set when the limit is what is left of the call's total time: the total, which a timeout then names. */
  readonly totalMs?: number | undefined;
}

export type AttemptOutcome =
  | { readonly ok: true; readonly response: ApiResponse<unknown> }
  | {
      readonly ok: false;
      readonly error: ApiError;
      /** What the server said (message, else error field), for the reverification decision. */
      readonly serverMessage: string | undefined;
      /** The least wait the server asked for (Retry-After, rate-limit reset). */
      readonly waitMs: number | undefined;
    };

type FetchInit = RequestInit & { dispatcher?: object; duplex?: 'half' };

function abortReason(signal: AbortSignal | undefined, fallback: unknown): unknown {
  return signal?.aborted ? (signal.reason ?? fallback) : undefined;
}

/** The attempt's signal: the caller's, and aborted when the whole answer has not come within `timeoutMs` (0: no limit). */
function deadline(
  timeoutMs: number,
  signal: AbortSignal | undefined,
): { readonly signal: AbortSignal | undefined; expired(): boolean; clear(): void } {
  if (timeoutMs <= 0) return { signal, expired: () => false, clear: () => undefined };
  const controller = new AbortController();
  let expired = false;
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  return {
    signal: controller.signal,
    expired: () => expired && !signal?.aborted,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/**
 * Sends one attempt and reads its whole answer. Resolves with the response or with the error it
 * amounts to; rejects only when the request's signal was aborted.
 *
 * @example
 * const outcome = await sendAttempt(config, { request, url, headers, body, retryAllowed: true, attempt: 1, timeoutMs: 30_000 });
 */
export async function sendAttempt(config: ClientConfig, plan: AttemptPlan): Promise<AttemptOutcome> {
  const { request, url, attempt } = plan;
  const progress =
    request.onUploadProgress && request.body !== undefined ? monotonicProgress(request.onUploadProgress) : undefined;
  const instance = plan.body.instance(progress);
  const limit = deadline(plan.timeoutMs, request.signal);
  const init: FetchInit = {
    method: request.method,
    headers: plan.headers,
    credentials: 'include',
    ...(instance.body !== undefined ? { body: instance.body } : {}),
    ...(instance.streamed ? { duplex: 'half' } : {}),
    ...(limit.signal ? { signal: limit.signal } : {}),
    ...(config.dispatcher ? { dispatcher: config.dispatcher } : {}),
  };
  config.onRequest?.({ method: request.method, url, headers: redactRecord(plan.headers), attempt });
  const started = config.now();
  const base: ApiErrorDetails = { method: request.method, url, attempts: attempt };
  const write = request.method !== 'GET';
  const failed = (cause: unknown, details: ApiErrorDetails) => {
    const aborted = abortReason(request.signal, cause);
    if (aborted !== undefined) throw aborted;
    const facts = { ...details, retryable: plan.retryAllowed, outcomeUnknown: write };
    return limit.expired()
      ? timedOut(plan, facts)
      : toNetworkError(cause, { write, retryAllowed: plan.retryAllowed, details });
  };
  let response: Response;
  let meta: ResponseMeta;
  let body: ReadBody;
  try {
    try {
      response = await config.fetch(url, init);
    } catch (cause) {
      const error = failed(cause, base);
      config.onResponse?.({
        method: request.method,
        url,
        status: undefined,
        durationMs: config.now() - started,
        attempt,
        headers: {},
        error: error.message,
      });
      return { ok: false, error, serverMessage: undefined, waitMs: undefined };
    }
    meta = readMeta(response.headers);
    try {
      body = await readBody(response);
    } catch (cause) {
      return {
        ok: false,
        error: failed(cause, { ...base, status: response.status, headers: response.headers, ...meta }),
        serverMessage: undefined,
        waitMs: undefined,
      };
    }
  } finally {
    limit.clear();
  }
  const withMeta: ApiErrorDetails = { ...base, status: response.status, headers: response.headers, ...meta };
  const data = body.data;
  progress?.(100);
  config.onResponse?.({
    method: request.method,
    url,
    status: response.status,
    durationMs: config.now() - started,
    attempt,
    headers: redactHeaders(response.headers),
  });
  const rateLimit = readRateLimit(response.headers, response.status, config.now());
  const foreign = response.ok
    ? answerProblem(response.status, response.headers.get('content-type'), body, request.answer)
    : undefined;
  // A 2xx that is not the API's answer is no success: a write behind it may or may not have been applied.
  if (foreign !== undefined)
    return {
      ok: false,
      error: new UnexpectedAnswerError(foreign, { ...withMeta, outcomeUnknown: write }),
      serverMessage: undefined,
      waitMs: undefined,
    };
  // The error catalogue and its envelope schema load only for a response that may be an error: a 2xx
  // whose body names no `error` is a success whatever else it holds (a one-off command saves loading zod).
  const classified =
    !response.ok || namesError(data)
      ? (await import('./classify.js')).classify({
          status: response.status,
          ok: response.ok,
          data,
          rateLimit,
          details: withMeta,
          retryAllowed: plan.retryAllowed,
        })
      : undefined;
  if (classified === undefined) {
    return {
      ok: true,
      response: { status: response.status, data, headers: response.headers, ...meta, attempts: attempt },
    };
  }
  const serverMessage = classified.envelope.message ?? classified.envelope.error;
  return { ok: false, error: classified.error, serverMessage, waitMs: rateLimit.waitMs };
}

function timedOut(plan: AttemptPlan, facts: NetworkErrorDetails): TimeoutError {
  return plan.totalMs === undefined
    ? new TimeoutError(plan.timeoutMs, facts)
    : new TimeoutError(plan.totalMs, facts, 'total');
}

/** Whether a body could carry the envelope's `error` field (the only field that fails a 2xx). */
function namesError(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'error' in data;
}
