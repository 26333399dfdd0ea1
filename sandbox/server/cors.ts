import { HEADERS } from '../../core/api/headers.js';

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

const ALLOWED = ['content-type', HEADERS.token, HEADERS.clientType, HEADERS.clientVersion, HEADERS.idempotencyKey].join(
  ', ',
);

/**
 * The origins the sandbox answers under CORS when none are configured: the site's Vite dev (5173) and
 * preview (4173) servers on loopback. The site itself reaches the sandbox through a same-origin proxy;
 * these are for setups without it.
 */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['5173', '4173'].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

/**
 * An origin as a browser sends it (`http://localhost:5173`: scheme, host, port, nothing else), or null.
 *
 * @example
 * normaliseOrigin('http://LOCALHOST:5173/'); // 'http://localhost:5173'
 * normaliseOrigin('http://localhost:5173/app'); // null (a path is not an origin)
 */
export function normaliseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  return url.origin;
}

/**
 * CORS headers for the configured origins only. An unknown origin is never reflected (nor given
 * credentials): it gets only `Vary`, as does a request without an Origin header (the CLI, scripts), so a
 * cache keeps the kinds of answer apart.
 *
 * @example
 * reply.headers(corsHeaders(request.headers.origin, request.method === 'OPTIONS', new Set(DEFAULT_CORS_ORIGINS)));
 */
export function corsHeaders(
  origin: string | undefined,
  preflight: boolean,
  allowed: ReadonlySet<string>,
): Record<string, string> {
  if (!origin || !allowed.has(origin)) return { vary: 'origin' };
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
