import { z } from 'zod';
import type { Method } from '../endpoints/define.js';
import { resolveBaseUrl, type BaseUrlOptions } from './environments.js';
import { ClientConfigError } from './errors/client-config-error.js';
import type { ReverificationRequiredError } from './errors/reverification-required-error.js';
import type { UnauthorisedError } from './errors/unauthorised-error.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
import { abortableSleep, type Sleep } from './sleep.js';
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
}

/** The options with defaults applied and the base URL resolved. */
export interface ClientConfig {
  readonly baseUrl: string;
  readonly clientType: string | undefined;
  readonly clientVersion: string | undefined;
  readonly fetch: FetchLike;
  readonly dispatcher: object | undefined;
  readonly retry: RetryPolicy;
  readonly random: () => number;
  readonly sleep: Sleep;
  readonly now: () => number;
  readonly onAuthError: ClientOptions['onAuthError'];
  readonly onReverify: ClientOptions['onReverify'];
  readonly logger: ClientLogger | undefined;
  readonly onRequest: ClientOptions['onRequest'];
  readonly onResponse: ClientOptions['onResponse'];
}

const headerValue = z.string().min(1).regex(/^[\t\x20-\x7e]*$/, 'must be printable ASCII (it is sent in a header)');
const delay = z.number().finite().nonnegative();

/** The data part of the options; functions are checked by the type system. */
const optionsSchema = z.object({
  environment: z.string().optional(),
  baseUrl: z.string().optional(),
  token: headerValue.optional(),
  clientType: headerValue.optional(),
  clientVersion: headerValue.optional(),
  retry: z.object({ retries: z.number().int().min(0).max(20).optional(), baseDelayMs: delay.optional(), maxDelayMs: delay.optional() }).optional(),
});

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function defaultFetch(): FetchLike {
  if (typeof globalThis.fetch !== 'function') throw new ClientConfigError('No fetch available: pass one in the `fetch` option');
  return (input, init) => globalThis.fetch(input, init);
}

/**
 * Checks the options and applies the defaults. Throws ClientConfigError naming every bad option.
 *
 * @example
 * resolveOptions({ environment: 'sandbox', retry: { retries: 0 } }).retry; // { retries: 0, baseDelayMs: 250, maxDelayMs: 30000 }
 */
export function resolveOptions(options: ClientOptions): ClientConfig {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`);
    throw new ClientConfigError(`Invalid client options: ${problems.join('; ')}`);
  }
  return {
    baseUrl: resolveBaseUrl(options),
    clientType: options.clientType,
    clientVersion: options.clientVersion,
    fetch: options.fetch ?? defaultFetch(),
    dispatcher: options.dispatcher,
    retry: { ...DEFAULT_RETRY_POLICY, ...definedOnly(parsed.data.retry ?? {}) },
    random: options.random ?? Math.random,
    sleep: options.sleep ?? abortableSleep,
    now: options.now ?? Date.now,
    onAuthError: options.onAuthError,
    onReverify: options.onReverify,
    logger: options.logger,
    onRequest: options.onRequest,
    onResponse: options.onResponse,
  };
}
