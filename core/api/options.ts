import type { Method } from '../endpoints/define.js';
import { resolveBaseUrl, type BaseUrlOptions } from './environments.js';
import { ClientConfigError } from './errors/client-config-error.js';
import type { ReverificationRequiredError } from './errors/reverification-required-error.js';
import type { UnauthorisedError } from './errors/unauthorised-error.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
import { abortableSleep, type Sleep } from './sleep.js';
import { DEFAULT_TIMEOUT_MS } from './timeout.js';
import type { FetchLike } from './types.js';

/** What a log line knows about a failed call. Never the token. */
export interface LogInfo {
  readonly name: string;
  readonly status: number | undefined;
  readonly method: Method;
  readonly url: string;
  readonly requestId: string | undefined;
  readonly errorReference: string | undefined;
  readonly apiTarget: string | undefined;
  readonly attempts: number;
}

/** Where the client reports failures: `handled` for the expected statuses (400/401/403/404/409/422/429), `error` for the rest. */
export interface ClientLogger {
  handled(message: string, info: LogInfo): void;
  error(message: string, info: LogInfo): void;
}

/** Sent to `onRequest` before each attempt; the token header reads `***`. */
export interface RequestEvent {
  readonly method: Method;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly attempt: number;
}

/** Sent to `onResponse` after each attempt; `status` is undefined when no response arrived. */
export interface ResponseEvent {
  readonly method: Method;
  readonly url: string;
  readonly status: number | undefined;
  readonly durationMs: number;
  readonly attempt: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The network failure, when there was no response. */
  readonly error?: string;
}

/** Whether a total timeout bounds each call or all the calls of a client together. */
export type TotalTimeoutScope = 'request' | 'client';

export interface ClientOptions extends BaseUrlOptions {
  /** The session token, sent in the token header; change it later with `setToken`. */
  readonly token?: string;
  readonly clientType?: string;
  readonly clientVersion?: string;
  /** Default: `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** Passed through to fetch's init as `dispatcher` (an undici Agent on Node); opaque to the client. */
  readonly dispatcher?: object;
  readonly retry?: Partial<RetryPolicy>;
  /**
   * Longest wait for one attempt's whole answer (connection, headers and body), in milliseconds; 0 for
   * no limit. Default 30 000. A write that times out has an unknown outcome (NetworkError `outcomeUnknown`).
   */
  readonly timeoutMs?: number;
  /**
   * Longest a call may wait for the API in all, in milliseconds: its attempts and the waits between
   * them (backoff, Retry-After) included; 0 (the default) for no limit beyond each attempt's
   * `timeoutMs`. A call out of time rejects with TimeoutError naming its attempts.
   */
  readonly totalTimeoutMs?: number;
  /**
   * What `totalTimeoutMs` bounds: `request` (the default) each call on its own; `client` every call of
   * this client together (the time with a call in flight counts, time between calls does not): a
   * script's, or a command's, whole conversation with the API.
   */
  readonly totalTimeoutScope?: TotalTimeoutScope;
  /** Default `Math.random`: the jitter source. */
  readonly random?: () => number;
  /** Default: a timer that an abort signal cancels. */
  readonly sleep?: Sleep;
  /** Default `Date.now`: the clock for Retry-After dates, the rate-limit reset and durations. */
  readonly now?: () => number;
  /** Called on a 401 before UnauthorisedError is raised (sign the user out, clear a stored token). */
  readonly onAuthError?: (error: UnauthorisedError) => void | Promise<void>;
  /** Called on a 403 with a message; resolve true once the user has re-verified, and the request is sent once more. */
  readonly onReverify?: (error: ReverificationRequiredError) => Promise<boolean>;
  readonly logger?: ClientLogger;
  readonly onRequest?: (event: RequestEvent) => void;
  readonly onResponse?: (event: ResponseEvent) => void;
  /**
   * Check each reply of a table method against the shape its entry declares, and throw ResponseShapeError
   * when it differs (keys the shape does not name are let through). Off by default: the check costs a
   * schema per entry on first use.
   */
  readonly validateResponses?: boolean;
}

/** The options with defaults applied and the base URL resolved. */
export interface ClientConfig {
  readonly baseUrl: string;
  readonly clientType: string | undefined;
  readonly clientVersion: string | undefined;
  readonly fetch: FetchLike;
  readonly dispatcher: object | undefined;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly totalTimeoutScope: TotalTimeoutScope;
  readonly random: () => number;
  readonly sleep: Sleep;
  readonly now: () => number;
  readonly onAuthError: ClientOptions['onAuthError'];
  readonly onReverify: ClientOptions['onReverify'];
  readonly logger: ClientLogger | undefined;
  readonly onRequest: ClientOptions['onRequest'];
  readonly onResponse: ClientOptions['onResponse'];
  readonly validateResponses: boolean;
}

/** Why an option's value is refused, or undefined when it is fine. */
type Check = (value: unknown) => string | undefined;

const text: Check = (value) => (typeof value === 'string' ? undefined : 'must be a string');
const headerValue: Check = (value) => {
  if (typeof value !== 'string' || value === '') return 'must be a non-empty string';
  return /^[\t\x20-\x7e]*$/.test(value) ? undefined : 'must be printable ASCII (it is sent in a header)';
};
const retries: Check = (value) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 20
    ? undefined
    : 'must be a whole number from 0 to 20';
const flag: Check = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
const delay: Check = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? undefined : 'must be a finite number, 0 or more';

/**
 * The data part of the options and their rules; functions are checked by the type system. Plain checks,
 * not a zod schema: every client is made at start-up, and zod costs a one-off command a fifth of its
 * time to load (bench/one-off.bench.mjs).
 */
// A timer longer than 2^31 - 1 ms fires at once.
const timeout: Check = (value) =>
  delay(value) === undefined && (value as number) <= 2_147_483_647
    ? undefined
    : 'must be a number of milliseconds from 0 (no limit) to 2147483647';
const scope: Check = (value) =>
  value === 'request' || value === 'client' ? undefined : 'must be "request" or "client"';
const OPTION_RULES = {
  environment: text,
  baseUrl: text,
  token: headerValue,
  clientType: headerValue,
  clientVersion: headerValue,
  validateResponses: flag,
  timeoutMs: timeout,
  totalTimeoutMs: timeout,
  totalTimeoutScope: scope,
} as const;
const RETRY_RULES = { retries, baseDelayMs: delay, maxDelayMs: delay } as const;

/** The problems of the values given (undefined counts as not given), each as `path: message`. */
function problemsOf(values: object, rules: Readonly<Record<string, Check>>, prefix: string): string[] {
  return Object.entries(rules).flatMap(([key, check]) => {
    const value: unknown = Reflect.get(values, key);
    const problem = value === undefined ? undefined : check(value);
    return problem === undefined ? [] : [`${prefix}${key}: ${problem}`];
  });
}

/** The retry policy's own keys that were given, checked (other keys are left out). */
function retryOptions(retry: unknown, problems: string[]): Partial<RetryPolicy> {
  if (retry === undefined) return {};
  if (typeof retry !== 'object' || retry === null || Array.isArray(retry)) {
    problems.push('retry: must be an object');
    return {};
  }
  problems.push(...problemsOf(retry, RETRY_RULES, 'retry.'));
  return Object.fromEntries(
    Object.keys(RETRY_RULES).flatMap((key) =>
      Reflect.get(retry, key) === undefined ? [] : [[key, Reflect.get(retry, key)]],
    ),
  );
}

function defaultFetch(): FetchLike {
  if (typeof globalThis.fetch !== 'function')
    throw new ClientConfigError('No fetch available: pass one in the `fetch` option');
  return (input, init) => globalThis.fetch(input, init);
}

/**
 * Checks the options and applies the defaults. Throws ClientConfigError naming every bad option.
 *
 * @example
 * resolveOptions({ environment: 'sandbox', retry: { retries: 0 } }).retry; // { retries: 0, baseDelayMs: 250, maxDelayMs: 30000 }
 */
export function resolveOptions(options: ClientOptions): ClientConfig {
  const problems = problemsOf(options, OPTION_RULES, '');
  const retry = retryOptions(options.retry, problems);
  if (problems.length > 0) throw new ClientConfigError(`Invalid client options: ${problems.join('; ')}`);
  return {
    baseUrl: resolveBaseUrl(options),
    clientType: options.clientType,
    clientVersion: options.clientVersion,
    fetch: options.fetch ?? defaultFetch(),
    dispatcher: options.dispatcher,
    retry: { ...DEFAULT_RETRY_POLICY, ...retry },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    totalTimeoutMs: options.totalTimeoutMs ?? 0,
    totalTimeoutScope: options.totalTimeoutScope ?? 'request',
    random: options.random ?? Math.random,
    sleep: options.sleep ?? abortableSleep,
    now: options.now ?? Date.now,
    onAuthError: options.onAuthError,
    onReverify: options.onReverify,
    logger: options.logger,
    onRequest: options.onRequest,
    onResponse: options.onResponse,
    validateResponses: options.validateResponses === true,
  };
}
