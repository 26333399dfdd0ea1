export { ApiClient, createClient, HANDLED_STATUSES, type RequestPreview } from './client.js';
export {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  isEnvironment,
  resolveBaseUrl,
  type BaseUrlOptions,
  type Environment,
} from './environments.js';
export * from './errors/index.js';
export { HEADERS } from './headers.js';
export { DEFAULT_TIMEOUT_MS } from './timeout.js';
export type {
  ClientConfig,
  ClientLogger,
  ClientOptions,
  LogInfo,
  RequestEvent,
  ResponseEvent,
  TotalTimeoutScope,
} from './options.js';
export { answerProblem, isDownloadPath, type AnswerKind } from './response.js';
export { buildUrl, toSearchParams } from './query.js';
export { parseRateLimitReset, parseRetryAfter, readRateLimit, type RateLimitInfo } from './rate-limit.js';
export { REDACTED, redactHeaders } from './redact.js';
export { DEFAULT_RETRY_POLICY, methodAllowsRetry, retryDelay, type RetryPolicy } from './retry.js';
export { abortableSleep, type Sleep } from './sleep.js';
export type { ApiRequest, ApiResponse, FetchLike } from './types.js';
