import type { Command } from 'commander';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { printResponse } from '../../output/print-response.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/**
 * Prints the profiles: their API, user, whether signed in, and which is the default.
 *
 * @example
 * await runProfilesList(c);
 */
export async function runProfilesList(c: Factory): Promise<void> {
  const store = await c.config();
  const fallback = store.defaultProfile() ?? 'default';
  const rows = store.profileNames().map((name) => {
    const credential = store.credential(name);
    return {
      name,
      default: name === fallback,
      api: store.profile(name).apiUrl ?? credential?.apiUrl ?? null,
      user: credential?.username ?? null,
      signed_in: credential !== undefined,
    };
  });
  if (rows.length === 0 && !c.globals.quiet)
    c.io.stderr.write('No profiles yet: sign in with `edshed login --env sandbox -u USER` (or --api-url URL).\n');
  await printResponse(c, rows);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('List the profiles: their API, user, and which one is the default')
    .addHelpText('after', '\nExamples:\n  edshed profiles list\n  edshed profiles list --json');
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async () => {
    await runProfilesList(leafFactory(f, cmd));
  });
};

export default define;
