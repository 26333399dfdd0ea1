import { ClientConfigError } from './errors/client-config-error.js';

/**
 * Base URL of the API per environment. The spec does not show the platform's addresses: the four hosted
 * ones are our choice of plausible names. `sandbox` is the local server of this toolkit.
 */
export const ENVIRONMENTS = {
  production: 'https://api.edshed.com/',
  preview: 'https://api-preview.edshed.com/',
  staging: 'https://api-staging.edshed.com/',
  dev: 'http://localhost:8081/',
  sandbox: 'http://127.0.0.1:8787/',
} as const;

export type Environment = keyof typeof ENVIRONMENTS;

export const ENVIRONMENT_NAMES = Object.keys(ENVIRONMENTS) as readonly Environment[];

export interface BaseUrlOptions {
  /** A named environment; `production` when neither this nor `baseUrl` is given. */
  readonly environment?: string;
  /** An explicit base URL; wins over `environment`. */
  readonly baseUrl?: string;
}

/**
 * Narrows a string to an environment name.
 *
 * @example
 * isEnvironment('staging'); // true
 * isEnvironment('prod'); // false
 */
export function isEnvironment(name: string): name is Environment {
  return Object.hasOwn(ENVIRONMENTS, name);
}

/**
 * Resolves the API base URL, always ending in `/` so relative paths keep its path prefix.
 * Refuses an unknown environment and anything but an absolute http(s) URL without query or fragment.
 *
 * @example
 * resolveBaseUrl({ environment: 'sandbox' }); // 'http://127.0.0.1:8787/'
 * resolveBaseUrl({ baseUrl: 'https://example.test/api' }); // 'https://example.test/api/'
 */
export function resolveBaseUrl(options: BaseUrlOptions = {}): string {
  if (options.baseUrl !== undefined) return normaliseUrl(options.baseUrl);
  const name = options.environment ?? 'production';
  if (!isEnvironment(name)) {
    throw new ClientConfigError(
      `Unknown environment '${name}': expected one of ${ENVIRONMENT_NAMES.join(', ')}, or give a base URL`,
    );
  }
  return ENVIRONMENTS[name];
}

function normaliseUrl(raw: string): string {
  // Never echo a password someone put in the URL.
  const shown = raw.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ClientConfigError(`Invalid API base URL '${shown}': expected an absolute http:// or https:// URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ClientConfigError(
      `Invalid API base URL '${shown}': the scheme must be http or https, not ${url.protocol.replace(/:$/, '')}`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ClientConfigError(`Invalid API base URL '${shown}': it must not have a query string or fragment`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ClientConfigError(`Invalid API base URL '${shown}': credentials in the URL are not allowed; use a token`);
  }
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.toString();
}
