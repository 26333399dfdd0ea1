import type { Command } from 'commander';
import { resolveConnection } from '../../config/connection.js';
import { profileName } from '../../factory.js';
import { addCommonOptions, applyLeafGlobals } from '../../flags.js';
import { printResponse } from '../../print-response.js';
import type { DefineCommand } from '../index.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd.description('Show which API and account the CLI will use, and check the token with the API');
  addCommonOptions(cmd);
  cmd.action(async (opts: Record<string, unknown>) => {
    applyLeafGlobals(f, opts);
    const store = await f.config();
    const name = profileName(f);
    const credential = store.credential(name);
    const connection = resolveConnection(f.globals, f.env, store.profile(name), credential);
    let account = 'not signed in';
    if (connection.token) {
      const client = await f.client();
      const me = await client.request<{ user?: { username?: string; id?: number } }>({ method: 'GET', path: 'users/me' });
      account = me.data.user?.username ?? String(me.data.user?.id ?? 'signed in');
    }
    await printResponse(f, { profile: name, api: connection.baseUrl, from: connection.source, account, credentials: store.paths.credentials });
  });
};

export default define;
