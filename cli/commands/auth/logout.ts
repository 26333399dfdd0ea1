import type { Command } from 'commander';
import { profileName } from '../../factory.js';
import { addCommonOptions, applyLeafGlobals } from '../../flags.js';
import type { DefineCommand } from '../index.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd.description('Forget the stored session token of a profile');
  addCommonOptions(cmd);
  cmd.action(async (opts: Record<string, unknown>) => {
    applyLeafGlobals(f, opts);
    const store = await f.config();
    const name = profileName(f);
    const had = store.credential(name) !== undefined;
    store.deleteCredential(name);
    f.io.stderr.write(had ? `Signed out of profile ${name}\n` : `Profile ${name} was not signed in\n`);
  });
};

export default define;
