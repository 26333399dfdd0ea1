import type { JsonValue } from '../endpoints/define.js';
import { sendAttempt, type AttemptOutcome } from './attempt.js';
import { prepareBody, type PreparedBody } from './body.js';
import { attemptLimit, timeBudget, type TimeBudget } from './budget.js';
import type { ApiError } from './errors/api-error.js';
import { ForbiddenError } from './errors/forbidden-error.js';
import { NotInitialisedError } from './errors/not-initialised-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { ReverificationRequiredError } from './errors/reverification-required-error.js';
import { UnauthorisedError } from './errors/unauthorised-error.js';
import { headerRecord } from './header-fields.js';
import { HEADERS } from './headers.js';
import { resolveOptions, type ClientConfig, type ClientOptions } from './options.js';
import { buildUrl } from './query.js';
import { methodAllowsRetry, retryDelay } from './retry.js';
import { redact, redactRecord, redactUrl } from './redact.js';
import type { ApiRequest, ApiResponse } from './types.js';

/** Statuses the platform expects callers to handle; they are logged as handled, everything else as an error. */
export const HANDLED_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 422, 429]);

/**
 * The transport of the typed API client: one `request` that sends, retries and turns failures into the
 * errors of the spec's catalogue. The endpoint methods are built on top of it (`bindEndpoints`).
 *
 * @example
 * const client = new ApiClient().init({ environment: 'sandbox', token });
 * const { data } = await client.request({ method: 'GET', path: 'resources/search', query: { curriculum_id: 2, take: 10 } });
 */
export class ApiClient {
  #config: ClientConfig | undefined;
  #token: string | undefined;
  /** The time all calls share, when `totalTimeoutScope` is `client`. */
  #budget: TimeBudget | undefined;

  /** Applies the options (again, if called twice); throws ClientConfigError on a bad option. */
  init(options: ClientOptions): this {
    this.#config = resolveOptions(options);
    const { totalTimeoutMs, totalTimeoutScope, now } = this.#config;
    this.#budget = totalTimeoutMs > 0 && totalTimeoutScope === 'client' ? timeBudget(totalTimeoutMs, now) : undefined;
    if (options.token !== undefined) this.#token = options.token;
    return this;
  }

  get initialised(): boolean {
    return this.#config !== undefined;
  }

  /** The resolved base URL, ending in `/`. */
  get baseUrl(): string {
    return this.#requireConfig().baseUrl;
  }

  /** Whether the table's methods check each reply against its declared shape (the `validateResponses` option). */
  get validatesResponses(): boolean {
    return this.#config?.validateResponses === true;
  }

  get hasToken(): boolean {
    return this.#token !== undefined;
  }

  /** Sets or clears (undefined) the token sent with later requests. */
  setToken(token: string | undefined): void {
    this.#token = token === '' ? undefined : token;
  }

  /**
   * Sends a request. Resolves with the response of the first attempt that succeeds; rejects with an
   * ApiError subclass (after any retries), with NotInitialisedError before `init`, or with the abort
   * reason when the request's signal is aborted. With `totalTimeoutMs`, every attempt and every wait
   * between them comes out of that time: a wait that would outlast it ends the call with the last
   * attempt's error, an attempt cut short by it with a TimeoutError naming the attempts made. `T` is the
   * caller's claim about the body, not checked here: the endpoint layer validates where the shape matters.
   *
   * @example
   * await client.request({ method: 'POST', path: 'superuser/invoices/12/paid', body: { method: 'bacs' }, idempotencyKey: 'run-7-12' });
   */
  async request<T = JsonValue>(request: ApiRequest): Promise<ApiResponse<T>> {
    const config = this.#requireConfig();
    if (request.method === 'GET' && request.body !== undefined)
      throw new TypeError(`A GET request cannot carry a body (${request.path}): give a query instead`);
    const budget =
      config.totalTimeoutMs <= 0 ? undefined : (this.#budget ?? timeBudget(config.totalTimeoutMs, config.now));
    const clock = { leave: budget?.enter() };
    try {
      return await this.#send<T>(config, request, budget, clock);
    } finally {
      clock.leave?.();
    }
  }

  /** The attempts of one call; `clock` is stopped while the user re-verifies (their typing is not the API's time). */
  async #send<T>(
    config: ClientConfig,
    request: ApiRequest,
    budget: TimeBudget | undefined,
    clock: { leave: (() => void) | undefined },
  ): Promise<ApiResponse<T>> {
    const url = buildUrl(config.baseUrl, request.path, request.query);
    const body = prepareBody(request.body);
    const retryAllowed = methodAllowsRetry(request.method, request.idempotencyKey) && body.replayable;
    let reverified = false;
    for (let attempt = 1; ; attempt += 1) {
      const limit = attemptLimit(config.timeoutMs, budget);
      if (limit === undefined)
        throw new TimeoutError(
          config.totalTimeoutMs,
          { method: request.method, url, attempts: attempt - 1, notSent: true },
          'total',
        );
      const headers = this.#headers(config, request, body);
      const outcome = await sendAttempt(config, { request, url, headers, body, retryAllowed, attempt, ...limit });
      if (outcome.ok) return outcome.response as ApiResponse<T>;
      const { error } = outcome;
      if (error instanceof UnauthorisedError) {
        this.#log(config, error);
        await config.onAuthError?.(error);
        throw error;
      }
      if (!reverified && this.#canReverify(config, outcome, body)) {
        const reverify =
          error instanceof ReverificationRequiredError
            ? error
            : new ReverificationRequiredError(outcome.serverMessage, error.details);
        clock.leave?.();
        const again = await config.onReverify?.(reverify);
        clock.leave = budget?.enter();
        if (again) {
          // Safe even for a write without a key: the 403 means the server refused it without applying it.
          reverified = true;
          continue;
        }
        this.#log(config, reverify);
        throw reverify;
      }
      const delay = this.#retryDelay(config, request, outcome, attempt - (reverified ? 2 : 1));
      // A wait that would outlast the call's time ends it now, with what the last attempt got.
      if (delay === undefined || (budget !== undefined && delay >= budget.remainingMs())) {
        this.#log(config, error);
        throw error;
      }
      await config.sleep(delay, request.signal);
      request.signal?.throwIfAborted();
    }
  }

  /**
   * The exact request `request()` would send first, without sending it: method, URL, headers and body
   * (as JSON text), with the token and every secret field (passwords, tokens, in the body or the query)
   * replaced by `***`, for dry runs.
   *
   * @example
   * client.preview({ method: 'POST', path: 'superuser/invoices/12/paid', body: { method: 'bacs', date: '2026-11-02' } });
   * // { method: 'POST', url: 'http://127.0.0.1:8787/superuser/invoices/12/paid', headers: { 'x-token': '***', ... }, body: '{"method":"bacs",...}' }
   */
  preview(request: ApiRequest): RequestPreview {
    const config = this.#requireConfig();
    const url = buildUrl(config.baseUrl, request.path, request.query);
    const body = prepareBody(request.body);
    const headers = redactRecord(this.#headers(config, request, body));
    const text =
      request.body === undefined
        ? undefined
        : body.contentType === 'application/json'
          ? JSON.stringify(redact(request.body))
          : `(${body.contentType ?? 'binary'} body)`;
    return { method: request.method, url: redactUrl(url), headers, ...(text === undefined ? {} : { body: text }) };
  }

  #requireConfig(): ClientConfig {
    if (this.#config === undefined) throw new NotInitialisedError();
    return this.#config;
  }

  #headers(config: ClientConfig, request: ApiRequest, body: PreparedBody): Record<string, string> {
    const headers: [string, string][] = [['accept', 'application/json']];
    if (body.contentType !== undefined) headers.push(['content-type', body.contentType]);
    if (config.clientType !== undefined) headers.push([HEADERS.clientType, config.clientType]);
    if (config.clientVersion !== undefined) headers.push([HEADERS.clientVersion, config.clientVersion]);
    if (this.#token !== undefined) headers.push([HEADERS.token, this.#token]);
    if (request.idempotencyKey) headers.push([HEADERS.idempotencyKey, request.idempotencyKey]);
    headers.push(...Object.entries(request.headers ?? {}));
    // A plain record, not `Headers`: on Node that class loads the whole of fetch (see header-fields.ts).
    return headerRecord(headers);
  }

  /** A 403 with a message starts the reverification flow when there is a handler and the body can be sent again. */
  #canReverify(config: ClientConfig, outcome: Extract<AttemptOutcome, { ok: false }>, body: PreparedBody): boolean {
    return (
      outcome.error instanceof ForbiddenError &&
      outcome.serverMessage !== undefined &&
      config.onReverify !== undefined &&
      body.replayable
    );
  }

  /** The wait before the next attempt, or undefined to give up. */
  #retryDelay(
    config: ClientConfig,
    request: ApiRequest,
    outcome: Extract<AttemptOutcome, { ok: false }>,
    retriesUsed: number,
  ): number | undefined {
    if (!outcome.error.retryable || retriesUsed >= config.retry.retries || request.signal?.aborted) return undefined;
    return retryDelay(config.retry, retriesUsed + 1, config.random, outcome.waitMs);
  }

  #log(config: ClientConfig, error: ApiError): void {
    if (config.logger === undefined) return;
    const info = {
      name: error.name,
      status: error.status,
      method: error.method ?? 'GET',
      url: error.url ?? '',
      requestId: error.requestId,
      errorReference: error.errorReference,
      apiTarget: error.apiTarget,
      attempts: error.attempts,
    };
    if (error.status !== undefined && HANDLED_STATUSES.has(error.status)) config.logger.handled(error.message, info);
    else config.logger.error(error.message, info);
  }
}

/** What a request would look like on the wire (`ApiClient.preview`), secrets redacted. */
export interface RequestPreview {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * A new client, initialised.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8787/', token: process.env.EDSHED_TOKEN });
 */
export function createClient(options: ClientOptions): ApiClient {
  return new ApiClient().init(options);
}
