import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { profileName, type Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import { SESSION_USER } from '../../../core/shapes/user.js';
import type { DefineCommand } from '../define.js';
import type { ValueOf } from '../../../core/shapes/define.js';
import { signedOut, tokenGiven } from './signed-out.js';

/** The fields whoami prints (checked by --fields before anything is sent). */
const WHOAMI_FIELDS = ['username', 'name', 'id', 'role', 'school', 'profile', 'environment', 'api'] as const;

/**
 * Prints who the CLI acts as, on which API, with which profile, checking the token with the API (exit 4 when not signed in).
 *
 * @example
 * await runWhoami(c);
 */
export async function runWhoami(c: Factory): Promise<void> {
  const plan = planOutput(c, { write: false, knownFields: WHOAMI_FIELDS, command: 'whoami' });
  const store = await c.config();
  const name = profileName(c, store.defaultProfile());
  // Before any sign-in there is no API to name either: that is "not signed in", not a usage error.
  if (!tokenGiven(c) && store.credential(name) === undefined) throw await signedOut(c, name);
  const connection = await c.connection();
  if (!connection.token) throw notSignedIn(`profile ${connection.profile ?? name}, ${connection.baseUrl}`);
  const [answer, { replySchema }] = await Promise.all([
    (await c.client()).request({ method: 'GET', path: 'users/me' }),
    import('../../../core/shapes/schema.js'),
  ]);
  // The user as core declares it (zod/mini, loosely: keys it does not name pass through).
  const me = replySchema({ user: SESSION_USER }).safeParse(answer.data);
  if (!me.success) throw new CliError('The API answered users/me without a user', EXIT.requestFailed);
  const { user } = me.data as { user: ValueOf<typeof SESSION_USER> };
  // A school admin's account kind is `teacher`; the endpoint table calls the role `admin`.
  const role = user.superuser
    ? 'superuser'
    : user.employee
      ? 'employee'
      : user.school?.admin
        ? 'admin'
        : (user.kind ?? 'user');
  const row: Record<(typeof WHOAMI_FIELDS)[number], unknown> = {
    username: user.username ?? null,
    name: user.display_name ?? null,
    id: user.id,
    role,
    school: user.school ? `${user.school.name ?? ''} (${user.school.id ?? '?'})` : null,
    profile: connection.profile ?? 'default',
    environment: connection.environment ?? 'custom',
    api: connection.baseUrl,
  };
  await printResponse(c, row, undefined, plan);
}

/** `edshed whoami`: who the CLI acts as, where, and with which profile; checks the token with the API. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Show who you are signed in as, on which API, with which profile')
    .addHelpText(
      'after',
      '\nExit 4 when not signed in (or the token has expired).\n\nExamples:\n  edshed whoami\n  edshed whoami --json',
    );
  addCommonOptions(cmd);
  cmd.action(async () => {
    await runWhoami(leafFactory(f, cmd));
  });
};

const notSignedIn = (where: string) => new CliError(`not signed in (${where}); run edshed login`, EXIT.auth);

export default define;
