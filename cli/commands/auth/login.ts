import { Option, type Command } from 'commander';
import { SIGN_IN } from '../../../core/shapes/user.js';
import type { StoredCaller } from '../../../core/node/config-store.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/** What the sign-in answer must hold for the CLI: the session token, as core's shape of the answer declares it. */
const SIGN_IN_TOKEN = { token: SIGN_IN.token };

/** The sign-in answer's user as the roles see them, or undefined when the answer does not say (the sign-in stands). */
async function signedInFacts(data: unknown): Promise<StoredCaller | undefined> {
  const { callerOf } = await import('../../read/caller.js');
  const { meUser } = await import('../../read/records.js');
  try {
    const { username: _username, from: _from, ...facts } = callerOf(await meUser(data));
    return facts;
  } catch {
    return undefined;
  }
}

export interface LoginOptions {
  readonly username: string;
  /** Read the password from standard input rather than EDSHED_PASSWORD or the terminal. */
  readonly passwordStdin: boolean;
}

/**
 * Signs in and stores the session token (and the roles' facts of the user) under the chosen profile,
 * creating it; the password comes from standard input, EDSHED_PASSWORD or the terminal, in that order.
 *
 * @example
 * await runLogin(c, { username: 'superuser', passwordStdin: true });
 */
export async function runLogin(leaf: Factory, options: LoginOptions): Promise<void> {
  const c = leaf.withGlobals({ ...leaf.globals, creatingProfile: true });
  if (options.username.trim() === '') throw new CliError('--username: give a username; nothing was sent', EXIT.usage);
  const connection = await c.connection();
  const password = options.passwordStdin
    ? (await c.io.readStdin()).replace(/\r?\n$/, '')
    : (c.env.EDSHED_PASSWORD ?? (await c.prompter.password(`Password for ${options.username}:`)));
  if (!password) throw new CliError('No password given; nothing was sent', EXIT.usage);
  const client = await c.client();
  client.setToken(undefined); // sign in fresh, never with an older stored token
  const response = await client.request({
    method: 'POST',
    path: 'auth',
    body: { username: options.username, password },
  });
  const { replySchema } = await import('../../../core/shapes/schema.js');
  const parsed = replySchema(SIGN_IN_TOKEN).safeParse(response.data);
  const token = parsed.success ? (parsed.data as { token: string }).token : '';
  if (token === '') throw new CliError('The API answered the sign-in without a token', EXIT.requestFailed);
  const store = await c.config();
  const name = connection.profile ?? 'default';
  // The roles' facts of the answer's user, kept beside the token: `schools show` then needs no `users/me` first.
  const caller = await signedInFacts(response.data);
  store.setCredential(name, {
    token,
    username: options.username,
    apiUrl: client.baseUrl,
    ...(caller === undefined ? {} : { caller }),
  });
  store.setProfile(name, { apiUrl: client.baseUrl });
  if (!c.globals.quiet)
    c.io.stderr.write(
      `Signed in as ${options.username} at ${client.baseUrl} (profile ${name}); token stored in ${store.paths.credentials}\n`,
    );
}

/** `edshed login` and `edshed auth login`: one module, two doors. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Sign in and store the session token in the credentials file (mode 0600)')
    .requiredOption('-u, --username <name>', 'account username')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    // Hidden: only there to answer a user who tries it with how to give the password instead.
    .addOption(new Option('--password <password>').hideHelp())
    .addHelpText(
      'after',
      '\nThe password is asked for on the terminal (not echoed), read from standard input with --password-stdin,\nor taken from EDSHED_PASSWORD. It is never accepted as a flag, so it stays out of shell history.\nThe API URL is remembered with the profile, so later commands need no --api-url.\n\nExamples:\n  edshed login --env sandbox -u superuser\n  printf sandbox | edshed login --env sandbox -u superuser --password-stdin\n  edshed --profile staging login --env staging -u support.jane',
    );
  addCommonOptions(cmd);
  cmd.action(async (opts: { username: string; passwordStdin?: boolean; password?: string }) => {
    if (opts.password !== undefined) {
      throw new CliError(
        '--password: the password is never a flag (it would stay in shell history); type it when asked, or use --password-stdin or EDSHED_PASSWORD; nothing was sent',
        EXIT.usage,
      );
    }
    await runLogin(leafFactory(f, cmd), { username: opts.username, passwordStdin: opts.passwordStdin === true });
  });
};

export default define;
