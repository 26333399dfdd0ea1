import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { checkProfileName } from '../../config/store.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { confirmOrRefuse } from '../../prompt/prompter.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

export interface ProfilesRemoveOptions {
  readonly name: string;
  /** Do not ask first. */
  readonly yes?: boolean | undefined;
}

/**
 * Forgets a profile and its stored token, after asking (unless `yes`).
 *
 * @example
 * await runProfilesRemove(c, { name: 'staging', yes: true });
 */
export async function runProfilesRemove(c: Factory, options: ProfilesRemoveOptions): Promise<void> {
  const { name } = options;
  const store = await c.config();
  if (!store.profileNames().includes(name)) throw new CliError(`no profile "${name}"`, EXIT.usage);
  await confirmOrRefuse(c.prompter, `Forget profile ${name} and its stored token?`, { yes: options.yes });
  store.removeProfile(name);
  c.io.stderr.write(`Removed profile ${name}\n`);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Forget a profile: its API URL and its stored token (run `edshed logout` first to end the session)')
    .argument('<name>', 'profile name')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  edshed profiles remove staging --yes');
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (nameArg: string, opts: { yes?: boolean }) => {
    const c = leafFactory(f, cmd);
    await runProfilesRemove(c, { name: checkProfileName(nameArg), yes: opts.yes });
  });
};

export default define;
