import type { Command } from 'commander';
import { UnauthorisedError } from '../../../core/api/errors/index.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import type { DefineCommand } from '../define.js';
import { profileName, type Factory } from '../../factory/factory.js';
import { connectionOrSignedOut } from './signed-out.js';

/**
 * Prints which API and account the CLI would use, checking the token with the API; exit 4 when nobody is signed in.
 *
 * @example
 * await runAuthStatus(c);
 */
export async function runAuthStatus(c: Factory): Promise<void> {
  const plan = planOutput(c, {
    write: false,
    knownFields: ['profile', 'api', 'from', 'account', 'credentials'],
    command: 'auth status',
  });
  const store = await c.config();
  const connection = await connectionOrSignedOut(c, profileName(c, store.defaultProfile()));
  let account = 'not signed in';
  // A refused token is what a status is run to find out: the status says it too, then the refusal (exit 4).
  let refused: UnauthorisedError | undefined;
  if (connection.token) {
    const client = await c.client();
    try {
      const me = await client.request<{ user?: { username?: string; id?: number } }>({
        method: 'GET',
        path: 'users/me',
      });
      account = me.data.user?.username ?? String(me.data.user?.id ?? 'signed in');
    } catch (error) {
      if (!(error instanceof UnauthorisedError)) throw error;
      refused = error;
      account = 'token refused';
    }
  }
  await printResponse(
    c,
    {
      profile: connection.profile ?? 'default',
      api: connection.baseUrl,
      from: connection.source,
      account,
      credentials: store.paths.credentials,
    },
    undefined,
    plan,
  );
  // The status is printed either way; the exit code says whether a command would be signed in, as whoami's does.
  if (refused) throw refused;
  if (!connection.token)
    throw new CliError(
      `not signed in (profile ${connection.profile ?? 'default'}, ${connection.baseUrl}); run edshed login`,
      EXIT.auth,
    );
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Show which API and account the CLI will use, and check the token with the API')
    .addHelpText(
      'after',
      '\nThe `from` field says where the API URL came from (see `edshed help environment`). Exit 4 when nobody is signed in\n(the status is still printed when an API is chosen) or the token is refused; with --token or EDSHED_TOKEN but no API: exit 2.\n\nExamples:\n  edshed auth status\n  edshed auth status --env staging --json',
    );
  addCommonOptions(cmd);
  cmd.action(async () => {
    await runAuthStatus(leafFactory(f, cmd));
  });
};

export default define;
