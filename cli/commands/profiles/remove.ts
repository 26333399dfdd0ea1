import type { Command } from 'commander';
import { CliError, EXIT } from '../../cli-error.js';
import { checkProfileName } from '../../config/store.js';
import { addCommonOptions, leafFactory } from '../../flags.js';
import { confirmOrRefuse } from '../../prompt/prompter.js';
import type { DefineCommand } from '../define.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description("Forget a profile: its API URL and its stored token (run `edshed logout` first to end the session)")
    .argument('<name>', 'profile name')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  edshed profiles remove staging --yes');
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (nameArg: string, opts: { yes?: boolean }) => {
    const c = leafFactory(f, cmd);
    const name = checkProfileName(nameArg);
    const store = await c.config();
    if (!store.profileNames().includes(name)) throw new CliError(`no profile "${name}"`, EXIT.usage);
    await confirmOrRefuse(c.prompter, `Forget profile ${name} and its stored token?`, { yes: opts.yes });
    store.removeProfile(name);
    c.io.stderr.write(`Removed profile ${name}\n`);
  });
};

export default define;
