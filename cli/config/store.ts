import { ClientConfigError } from '../../core/api/errors/client-config-error.js';
import {
  checkProfileName as checkName,
  openConfigStore as openStore,
  type ConfigStore,
} from '../../core/node/config-store.js';
import { CliError, EXIT } from '../errors/cli-error.js';

export type { ConfigStore, Credential, Profile } from '../../core/node/config-store.js';

/** The same function, reporting a bad file or profile name as a usage error (exit 2) with the same message. */
function usage<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return run(...args);
    } catch (error) {
      if (error instanceof ClientConfigError) throw new CliError(error.message, EXIT.usage);
      throw error;
    }
  };
}

/**
 * Checks a profile name given by the user (exit 2 naming the problem).
 *
 * @example
 * checkProfileName('staging') // 'staging'
 */
export const checkProfileName: (name: string) => string = usage(checkName);

/**
 * The refusal of a profile that does not exist (exit 2), naming those that do and how to create it.
 *
 * @example
 * throw unknownProfile('nosuch', ['default', 'school']);
 * // no profile "nosuch" (profiles: default, school); create it with `edshed --profile nosuch login ...`
 */
export function unknownProfile(name: string, known: readonly string[]): CliError {
  return new CliError(
    `no profile "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ' (there are none yet)'}; create it with \`edshed --profile ${name} login ...\``,
    EXIT.usage,
  );
}

/**
 * Opens the profile and credential files in `dir` (core/node/config-store.ts, shared with `connect()`),
 * each problem a CliError (exit 2).
 *
 * @example
 * const store = openConfigStore(configDir(env));
 * store.setCredential('default', { token, username: 'superuser' });
 */
export function openConfigStore(dir: string): ConfigStore {
  const store = usage(openStore)(dir);
  return {
    profile: usage(store.profile),
    setProfile: usage(store.setProfile),
    credential: usage(store.credential),
    setCredential: usage(store.setCredential),
    deleteCredential: usage(store.deleteCredential),
    profileNames: usage(store.profileNames),
    removeProfile: usage(store.removeProfile),
    defaultProfile: usage(store.defaultProfile),
    setDefaultProfile: usage(store.setDefaultProfile),
    paths: store.paths,
  };
}
