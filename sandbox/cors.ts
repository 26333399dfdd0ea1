import { HEADERS } from '../core/api/headers.js';

const EXPOSED = [
  HEADERS.apiTarget,
  HEADERS.requestId,
  HEADERS.errorReference,
  HEADERS.idempotentReplayed,
  HEADERS.rateLimitLimit,
  HEADERS.rateLimitRemaining,
  HEADERS.rateLimitReset,
  HEADERS.retryAfter,
].join(', ');

const ALLOWED = ['content-type', HEADERS.token, HEADERS.clientType, HEADERS.clientVersion, HEADERS.idempotencyKey].join(', ');

/**
 * CORS headers, so the site's dev server (another origin) can call the sandbox with credentials. A request
 * without an Origin header does not come from a page under CORS (the CLI, scripts): it gets only `Vary`,
 * so a cache keeps the two kinds of answer apart.
 *
 * @example
 * reply.headers(corsHeaders(request.headers.origin, request.method === 'OPTIONS'));
 */
export function corsHeaders(origin: string | undefined, preflight: boolean): Record<string, string> {
  if (!origin) return { vary: 'origin' };
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED,
    vary: 'origin',
  };
  if (preflight) {
    headers['access-control-allow-methods'] = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
    headers['access-control-allow-headers'] = ALLOWED;
    headers['access-control-max-age'] = '600';
  }
  return headers;
}
