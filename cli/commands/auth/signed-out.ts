import { ENVIRONMENT_NAMES } from '../../../core/api/environments.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Connection } from '../../config/connection.js';
import { NoApiError } from '../../config/connection.js';
import type { Factory } from '../../factory/factory.js';

/**
 * Whether a token is given for this command (`--token` or EDSHED_TOKEN): then a missing API is the
 * problem to report (exit 2), not a missing sign-in.
 *
 * @example
 * tokenGiven(c) // true under EDSHED_TOKEN=...
 */
export const tokenGiven = (c: Factory): boolean => Boolean(c.globals.token || c.env.EDSHED_TOKEN);

/**
 * The error of `whoami` and `auth status` before any sign-in: exit 4 (not signed in), whether or not an
 * API is chosen yet; with none, it says how to name one as it signs in.
 *
 * @example
 * throw await signedOut(c, 'default'); // not signed in (profile default); run edshed login ...
 */
export async function signedOut(c: Factory, profile: string): Promise<CliError> {
  const chosen = await c.connection().then(
    () => true,
    (error: unknown) => {
      if (error instanceof NoApiError) return false;
      throw error;
    },
  );
  const how = chosen
    ? ''
    : `, naming the API (none is chosen yet): edshed login --env NAME -u USER (NAME: ${ENVIRONMENT_NAMES.join(', ')}; sandbox is a local one, edshed sandbox start) or --api-url URL`;
  return new CliError(`not signed in (profile ${profile}); run edshed login${how}`, EXIT.auth);
}

/**
 * The connection, or exit 4 as `signedOut` says when no API is chosen and nothing is signed in (with a
 * token given, no API stays a usage error, as in `whoami`).
 *
 * @example
 * const connection = await connectionOrSignedOut(c, 'default');
 */
export async function connectionOrSignedOut(c: Factory, profile: string): Promise<Connection> {
  try {
    return await c.connection();
  } catch (error) {
    if (error instanceof NoApiError && !tokenGiven(c)) throw await signedOut(c, profile);
    throw error;
  }
}
