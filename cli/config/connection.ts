import { CliError, EXIT } from '../cli-error.js';
import type { GlobalOptions } from '../factory.js';
import type { Credential, Profile } from './store.js';
import { ENVIRONMENTS } from '../../core/api/environments.js';

export interface Connection {
  readonly baseUrl: string;
  readonly token: string | undefined;
  /** Where the URL came from, for `edshed auth status`. */
  readonly source: string;
  /** The named environment whose URL this is (`production`), if any. */
  readonly environment: string | undefined;
  /** The profile in use and the user its credential belongs to (when the token is the stored one). */
  readonly profile?: string;
  readonly username?: string | undefined;
}

/**
 * Chooses the API URL and token: flags, then environment variables, then the profile and its stored
 * credential. An explicit URL beats a named environment.
 *
 * @example
 * resolveConnection({ apiUrl: 'http://127.0.0.1:8787' }, process.env, {}, undefined)
 */
export function resolveConnection(
  globals: GlobalOptions,
  env: Readonly<Record<string, string | undefined>>,
  profile: Profile,
  credential: Credential | undefined,
): Connection {
  // An empty value (EDSHED_TOKEN= in a script) counts as unset.
  const explicitToken = globals.token || env.EDSHED_TOKEN || undefined;
  const candidates: [string | undefined, string][] = [
    [globals.apiUrl, '--api-url'],
    [globals.env ? environmentUrl(globals.env, '--env') : undefined, '--env'],
    [env.EDSHED_API_URL, 'EDSHED_API_URL'],
    [env.EDSHED_ENV ? environmentUrl(env.EDSHED_ENV, 'EDSHED_ENV') : undefined, 'EDSHED_ENV'],
    [profile.apiUrl, 'profile'],
    [credential?.apiUrl, 'credentials'],
  ];
  const found = candidates.find(([url]) => url !== undefined && url !== '');
  if (!found || !found[0]) {
    throw new CliError(
      'No API to talk to: pass --api-url URL or --env NAME (production, preview, staging, dev, sandbox), set EDSHED_API_URL, or sign in with `edshed auth login --api-url URL`',
      EXIT.usage,
    );
  }
  const url = found[0];
  if (!/^https?:\/\/[^/]+/.test(url)) throw new CliError(`${found[1]}: "${redactUrl(url)}" is not an http(s) URL`, EXIT.usage);
  const baseUrl = url.endsWith('/') ? url : `${url}/`;
  // A stored token goes only to the API that issued it: pointing the CLI elsewhere must not leak it.
  const stored = credential?.token && credential.apiUrl && sameOrigin(credential.apiUrl, baseUrl) ? credential.token : undefined;
  const environment = Object.entries(ENVIRONMENTS).find(([, known]) => sameOrigin(known, baseUrl))?.[0];
  return { baseUrl, token: explicitToken ?? stored, source: found[1], environment };
}

function environmentUrl(name: string, from: string): string {
  const url = (ENVIRONMENTS as Readonly<Record<string, string>>)[name];
  if (!url) throw new CliError(`${from}: unknown environment "${name}" (expected one of ${Object.keys(ENVIRONMENTS).join(', ')})`, EXIT.usage);
  return url;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** A URL with any user:password part hidden, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@');
}
