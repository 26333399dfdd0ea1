import { ENVIRONMENT_NAMES } from '../../core/api/environments.js';
import { ClientConfigError } from '../../core/api/errors/client-config-error.js';
import {
  resolveConnection as resolve,
  type Connection as Resolved,
  type StoredCredential,
  type StoredProfile,
} from '../../core/api/connection.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { GlobalOptions } from '../factory/factory.js';
import type { StoredCaller } from '../../core/node/config-store.js';

export { redactUrl } from '../../core/api/connection.js';

export interface Connection extends Resolved {
  /** The profile in use and the user its credential belongs to (when the token is the stored one). */
  readonly profile?: string;
  readonly username?: string | undefined;
  /** The user's roles' facts as the sign-in found them (when the token is the stored one and they were kept). */
  readonly caller?: StoredCaller | undefined;
}

const CLI_WORDING = {
  apiUrl: '--api-url',
  env: '--env',
  missing: `No API to talk to: pass --api-url URL or --env NAME (${ENVIRONMENT_NAMES.join(', ')}), set EDSHED_API_URL, or sign in with \`edshed auth login --api-url URL\``,
};

/** No API named anywhere (flags, environment variables, the profile): still a usage error, told apart for `whoami` and `auth status`. */
export class NoApiError extends CliError {}

/**
 * Chooses the API URL and token: flags, then environment variables, then the profile and its stored
 * credential (core/api/connection.ts, shared with `connect()`). An explicit URL beats a named
 * environment. A bad or missing choice is a usage error (exit 2).
 *
 * @example
 * resolveConnection({ apiUrl: 'http://127.0.0.1:8787' }, process.env, {}, undefined)
 */
export function resolveConnection(
  globals: GlobalOptions,
  env: Readonly<Record<string, string | undefined>>,
  profile: StoredProfile,
  credential: StoredCredential | undefined,
): Connection {
  try {
    return resolve(globals, env, profile, credential, CLI_WORDING);
  } catch (error) {
    if (error instanceof ClientConfigError)
      throw new (error.message === CLI_WORDING.missing ? NoApiError : CliError)(error.message, EXIT.usage);
    throw error;
  }
}
