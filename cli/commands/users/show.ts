import type { Command } from 'commander';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { printResponse } from '../../output/print-response.js';
import { chooseFormat } from '../../output/render.js';
import { readSchool } from '../../read/schools.js';
import { checkedAnswer } from '../../read/records.js';
import { together } from '../../read/together.js';
import { lookupUser, readUser, userKey, USER_NAMED_BY } from '../../read/users.js';
import type { DefineCommand } from '../define.js';
import { renderUserView, type UserView } from './user-view.js';

/** The terminal's width when it says none (a pipe): the width a person reads on. */
const COLUMNS = 80;

/**
 * Shows one user for a person (superusers): looks up an email or username (one request; an id needs
 * none), then reads their session and school together. `--json` prints the user as the API answered.
 * Answers what it read.
 *
 * @example
 * await runShowUser(c, { user: 'teacher@oakfield.sandbox.test' });
 */
export async function runShowUser(c: Factory, options: { readonly user: string }): Promise<UserView> {
  const format = chooseFormat(c.globals, c.io.stdoutIsTTY);
  const key = userKey(options.user);
  const api = await c.api();
  const found = await lookupUser(api, key);
  const user = found.user ?? (await readUser(api, found.id));
  const [{ session }, school] = await together([
    checkedAnswer('users session', await api.users.session({ id: user.id }), `GET superuser/users/${user.id}/session`),
    user.school_id === null ? Promise.resolve(null) : readSchool(api, user.school_id),
  ] as const);
  const view = { user, session, school };
  // A person at a terminal (or `--format table`) reads the view; --json prints the API's user as it came,
  // and TSV (a pipe), CSV and NDJSON the user as one record.
  if (format === 'json') c.io.stdout.write(`${JSON.stringify(user, null, 2)}\n`);
  else if (format === 'table') c.io.stdout.write(renderUserView(view, c.io.columns ?? COLUMNS));
  else await printResponse(c, { user }, 'user', { format });
  return view;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Show a user for a person: role, school, email, last seen (by id, email or username)')
    .argument('<user>', `${USER_NAMED_BY} (a number is the id)`)
    .addHelpText(
      'after',
      '\nAn email or username is looked up with GET users?q= (one request, the exact match; several or none: exit 2),\n' +
        'then GET superuser/users/{id}/session and the school are read together (role: superuser).\n' +
        'At most 30 lines, none wider than the terminal; --json prints the user as the API answered, and\n' +
        'in a pipe (or with --format tsv, csv, ndjson) the user is one record, as a list prints it.\n\n' +
        'Examples:\n  edshed users show 3\n  edshed users show teacher@oakfield.sandbox.test\n  edshed users show teacher2a --json',
    );
  addCommonOptions(cmd, new Set(['fields']));
  cmd.action(async (text: string) => {
    await runShowUser(leafFactory(f, cmd), { user: text });
  });
};

export default define;
