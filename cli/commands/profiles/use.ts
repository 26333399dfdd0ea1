import type { Command } from 'commander';
import { checkProfileName, unknownProfile } from '../../config/store.js';
import { addCommonOptions, leafFactory } from '../../flags.js';
import type { DefineCommand } from '../define.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Make a profile the default (used when neither --profile nor EDSHED_PROFILE names one)')
    .argument('<name>', 'profile name')
    .addHelpText('after', '\nExamples:\n  edshed profiles use staging');
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (nameArg: string) => {
    const c = leafFactory(f, cmd);
    const name = checkProfileName(nameArg);
    const store = await c.config();
    const known = store.profileNames();
    if (!known.includes(name)) throw unknownProfile(name, known);
    store.setDefaultProfile(name);
    c.io.stderr.write(`Default profile: ${name}\n`);
  });
};

export default define;
