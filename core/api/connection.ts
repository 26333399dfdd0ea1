/**
 * Which API to talk to and with which token, chosen the same way by the CLI and by `connect()` (the
 * Node entry): pure logic, no files. The stored profile and credential are read by the caller.
 */
import { ENVIRONMENT_NAMES, ENVIRONMENTS, isEnvironment, type Environment } from './environments.js';
import { ClientConfigError } from './errors/client-config-error.js';

/** Environment variables as `process.env` holds them. */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** What the caller asked for explicitly: CLI flags, or `connect()`'s options. */
export interface ConnectionRequest {
  readonly apiUrl?: string;
  /** A named environment: production, preview, staging, dev, sandbox. */
  readonly env?: string;
  readonly token?: string;
}

/** A profile as stored in config.json. */
export interface StoredProfile {
  readonly apiUrl?: string;
}

/** A profile's credential as stored in credentials.json: the token and the API that issued it. */
export interface StoredCredential {
  readonly token: string;
  readonly username?: string;
  readonly apiUrl?: string;
}

export interface Connection {
  /** The API base URL, ending in `/`. */
  readonly baseUrl: string;
  readonly token: string | undefined;
  /** Where the URL came from (`--api-url`, `EDSHED_ENV`, `credentials`...), for `edshed auth status`. */
  readonly source: string;
  /** The named environment whose URL this is (`production`), if any. */
  readonly environment: string | undefined;
}

/** How messages name the explicit choices: `--api-url` for the CLI, `apiUrl` for `connect()`. */
export interface ConnectionWording {
  readonly apiUrl: string;
  readonly env: string;
  /** The whole message when no API was named anywhere. */
  readonly missing: string;
}

/**
 * The profile in use: the one asked for, else `EDSHED_PROFILE`, else the stored default, else `default`.
 *
 * @example
 * chooseProfile(undefined, { EDSHED_PROFILE: 'staging' }, 'ops'); // 'staging'
 */
export function chooseProfile(
  requested: string | undefined,
  env: EnvironmentVariables,
  storedDefault?: string,
): string {
  return requested || env.EDSHED_PROFILE || storedDefault || 'default';
}

/**
 * Chooses the API URL and token: the explicit request, then environment variables (`EDSHED_API_URL`,
 * `EDSHED_ENV`, `EDSHED_TOKEN`), then the profile and its stored credential. An explicit URL beats a
 * named environment; `EDSHED_SANDBOX_URL` moves the `sandbox` environment (a sandbox started with
 * `--port`). A stored token goes only to the API that issued it. Throws ClientConfigError when
 * no API is named anywhere, or a URL or environment name is bad.
 *
 * @example
 * resolveConnection({ env: 'sandbox' }, process.env, {}, undefined, wording);
 * // { baseUrl: 'http://127.0.0.1:8787/', token: process.env.EDSHED_TOKEN, source: 'env', environment: 'sandbox' }
 */
export function resolveConnection(
  request: ConnectionRequest,
  env: EnvironmentVariables,
  profile: StoredProfile,
  credential: StoredCredential | undefined,
  wording: ConnectionWording,
): Connection {
  // An empty value (EDSHED_TOKEN= in a script) counts as unset.
  const explicitToken = request.token || env.EDSHED_TOKEN || undefined;
  const candidates: [string | undefined, string][] = [
    [request.apiUrl, wording.apiUrl],
    [request.env ? environmentUrl(request.env, wording.env, env) : undefined, wording.env],
    [env.EDSHED_API_URL, 'EDSHED_API_URL'],
    [env.EDSHED_ENV ? environmentUrl(env.EDSHED_ENV, 'EDSHED_ENV', env) : undefined, 'EDSHED_ENV'],
    [profile.apiUrl, 'profile'],
    [credential?.apiUrl, 'credentials'],
  ];
  const found = candidates.find((candidate): candidate is [string, string] => Boolean(candidate[0]));
  if (!found) throw new ClientConfigError(wording.missing);
  const [url, source] = found;
  if (!/^https?:\/\/[^/]+/.test(url))
    throw new ClientConfigError(`${source}: "${redactUrl(url)}" is not an http(s) URL`);
  const baseUrl = url.endsWith('/') ? url : `${url}/`;
  // A stored token goes only to the API that issued it: pointing elsewhere must not leak it.
  const stored =
    credential?.token && credential.apiUrl && sameOrigin(credential.apiUrl, baseUrl) ? credential.token : undefined;
  const environment = Object.entries(environmentUrls(env)).find(([, known]) => sameOrigin(known, baseUrl))?.[0];
  return { baseUrl, token: explicitToken ?? stored, source, environment };
}

/** The environments' URLs, with `sandbox` moved by `EDSHED_SANDBOX_URL` when it is set. */
function environmentUrls(env: EnvironmentVariables): Readonly<Record<Environment, string>> {
  return env.EDSHED_SANDBOX_URL ? { ...ENVIRONMENTS, sandbox: env.EDSHED_SANDBOX_URL } : ENVIRONMENTS;
}

/** The URL of a named environment; `from` names where a bad name or a bad `EDSHED_SANDBOX_URL` came from. */
function environmentUrl(name: string, from: string, env: EnvironmentVariables): string {
  if (!isEnvironment(name))
    throw new ClientConfigError(
      `${from}: unknown environment "${name}" (expected one of ${ENVIRONMENT_NAMES.join(', ')})`,
    );
  const url = environmentUrls(env)[name];
  if (url !== ENVIRONMENTS[name] && !/^https?:\/\/[^/]+/.test(url))
    throw new ClientConfigError(`EDSHED_SANDBOX_URL: "${redactUrl(url)}" is not an http(s) URL`);
  return url;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * A URL with any user:password part hidden, for messages.
 *
 * @example
 * redactUrl('https://jane:hunter2@api.test/'); // 'https://***@api.test/'
 */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@');
}
