import type { Command } from 'commander';
import { checkProfileName, unknownProfile } from '../../config/store.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

export interface ProfilesUseOptions {
  readonly name: string;
}

/**
 * Makes a known profile the default; an unknown one is refused naming the known ones.
 *
 * @example
 * await runProfilesUse(c, { name: 'staging' });
 */
export async function runProfilesUse(c: Factory, options: ProfilesUseOptions): Promise<void> {
  const { name } = options;
  const store = await c.config();
  const known = store.profileNames();
  if (!known.includes(name)) throw unknownProfile(name, known);
  store.setDefaultProfile(name);
  c.io.stderr.write(`Default profile: ${name}\n`);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Make a profile the default (used when neither --profile nor EDSHED_PROFILE names one)')
    .argument('<name>', 'profile name')
    .addHelpText('after', '\nExamples:\n  edshed profiles use staging');
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (nameArg: string) => {
    const c = leafFactory(f, cmd);
    await runProfilesUse(c, { name: checkProfileName(nameArg) });
  });
};

export default define;
