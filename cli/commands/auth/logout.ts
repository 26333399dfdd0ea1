import type { Command } from 'commander';
import { ApiError, UnauthorisedError } from '../../../core/api/errors/index.js';
import { profileName, type Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';

/** `edshed logout` and `edshed auth logout`: ends the session on the server, then forgets the token. */
/**
 * Ends the session of the chosen profile on the server that issued it, with its own token, then forgets the token.
 *
 * @example
 * await runLogout(c);
 */
export async function runLogout(c: Factory): Promise<void> {
  const store = await c.config();
  // Checked before the connection: a profile never signed in may have no API to name.
  const name = profileName(c, store.defaultProfile());
  const credential = store.credential(name);
  if (credential === undefined) {
    c.io.stderr.write(`Profile ${name} was not signed in\n`);
    return;
  }
  // The stored session is ended where it was issued and with its own token, whatever --api-url,
  // --token or EDSHED_TOKEN point at (those would otherwise leave it open while saying it ended).
  const apiUrl = credential.apiUrl ?? (await c.connection()).baseUrl;
  const own = c.withGlobals({ ...c.globals, apiUrl, token: credential.token });
  let ended = 'the session was ended on the server';
  try {
    await (await own.client()).request({ method: 'DELETE', path: 'auth' });
  } catch (error) {
    // Already expired (401) is as good as ended; anything else is said, and the token is forgotten anyway.
    if (!(error instanceof UnauthorisedError)) {
      ended =
        error instanceof ApiError && error.status === 404
          ? 'this server has no call to end sessions, so the token was only forgotten here'
          : `the server could not be told (${error instanceof Error ? error.message : String(error)}); the token was only forgotten here`;
    }
  }
  store.deleteCredential(name);
  c.io.stderr.write(`Signed out of profile ${name}: ${ended}.\n`);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('End the session on the server and forget the stored token of a profile')
    .addHelpText('after', '\nExamples:\n  edshed logout\n  edshed --profile staging logout');
  addCommonOptions(cmd);
  cmd.action(async () => {
    await runLogout(leafFactory(f, cmd));
  });
};

export default define;
