import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, EXIT } from '../../cli-error.js';
import { profileName } from '../../factory.js';
import { addCommonOptions, applyLeafGlobals } from '../../flags.js';
import { readPassword } from '../../password-prompt.js';
import type { DefineCommand } from '../index.js';

const loginResponse = z.object({
  token: z.string().min(1),
  user: z.looseObject({ id: z.union([z.number(), z.string()]), username: z.string().optional() }).optional(),
});

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Sign in and store the session token in the credentials file (mode 0600)')
    .requiredOption('-u, --username <name>', 'account username')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    .addHelpText(
      'after',
      '\nThe password is asked for on the terminal (not echoed), read from standard input with --password-stdin,\nor taken from EDSHED_PASSWORD. It is never accepted as a flag, so it stays out of shell history.\n\nExamples:\n  edshed auth login --api-url http://127.0.0.1:8787 -u superuser\n  printf sandbox | edshed auth login --env sandbox -u superuser --password-stdin',
    );
  addCommonOptions(cmd);
  cmd.action(async (opts: { username: string; passwordStdin?: boolean } & Record<string, unknown>) => {
    applyLeafGlobals(f, opts);
    const password = opts.passwordStdin ? (await f.io.readStdin()).replace(/\r?\n$/, '') : (f.env.EDSHED_PASSWORD ?? (await readPassword(f, `Password for ${opts.username}: `)));
    if (!password) throw new CliError('No password given; nothing was sent', EXIT.usage);
    const client = await f.client();
    client.setToken(undefined); // sign in fresh, never with an older stored token
    const response = await client.request({ method: 'POST', path: 'auth', body: { username: opts.username, password } });
    const parsed = loginResponse.safeParse(response.data);
    if (!parsed.success) throw new CliError('The API answered the sign-in without a token', EXIT.requestFailed);
    const store = await f.config();
    const name = profileName(f);
    store.setCredential(name, { token: parsed.data.token, username: opts.username, apiUrl: client.baseUrl });
    f.io.stderr.write(`Signed in as ${opts.username} at ${client.baseUrl} (profile ${name}); token stored in ${store.paths.credentials}\n`);
  });
};

export default define;
