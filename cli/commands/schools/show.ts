import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { positiveId } from '../../input/ids.js';
import { chooseFormat } from '../../output/render.js';
import type { DefineCommand } from '../define.js';
import { readCaller, signedInCaller, type Caller } from '../../read/caller.js';
import { ForbiddenError } from '../../../core/api/errors/forbidden-error.js';
import { checkedAnswer } from '../../read/records.js';
import { MAX_TAKE } from '../../../core/domain/constants.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { readSchoolView, type SchoolView } from './school-view.js';
import { renderSchoolView, type SchoolAdmin } from './show-output.js';

export interface ShowSchoolOptions {
  /** The school's id, or a key (name, URN, postcode) looked up after the local checks (cli/read/schools.ts). */
  readonly id: number | string;
}

/**
 * Shows one school with its subscriptions and seats, its unpaid invoices with totals per currency, and
 * its teacher and pupil counts, read concurrently for who the caller is (as `edshed login` found them, else
 * `GET users/me` first): a
 * superuser sees it all, the school's admin too (through the routes of their own school), its teachers
 * the school alone, each missing section marked with who may see it. Answers the view it printed.
 *
 * @example
 * const view = await runShowSchool(c, { id: 1 });
 */
export async function runShowSchool(c: Factory, options: ShowSchoolOptions): Promise<SchoolView> {
  const format = chooseFormat(c.globals, c.io.stdoutIsTTY);
  if (c.globals.fields !== undefined)
    throw new CliError(
      '--fields: schools show prints several sections; use --json and pick with jq (nothing was sent)',
      EXIT.usage,
    );
  const today = c.now().toISOString().slice(0, 10);
  const api = await c.api();
  // The reader of school keys loads only for a key: `schools show 1` starts as fast as before.
  const id =
    typeof options.id === 'number'
      ? options.id
      : await (await import('../../read/schools.js')).resolveSchool(api, options.id);
  // A person's view names the school's admins, where the caller may list them; read beside the rest.
  const read = (caller: Caller | Promise<Caller>) =>
    Promise.all([
      readSchoolView(api, id, today, caller),
      format === 'table' ? Promise.resolve(caller).then((who) => readAdmins(api, id, who)) : undefined,
    ]);
  // Who the caller is, as the sign-in found them: every read goes out at once. A role changed since
  // (the view refused, or the server's 403) is asked of `GET users/me`, and the view read again.
  const signedIn = signedInCaller(await c.connection());
  const known =
    signedIn === undefined
      ? undefined
      : await read(signedIn).catch((error: unknown) => (roleChanged(error) ? undefined : Promise.reject(error)));
  // Else the caller's read goes out first; the view reads the table's roles while it is under way.
  const [view, admins] = known ?? (await read(readCaller(api)));
  c.io.stdout.write(await renderSchoolView(view, { format, today, colors: c.colors, columns: c.io.columns, admins }));
  return view;
}

/** A refusal that a role changed since the sign-in would explain: the view's own (exit 4) or the server's 403. */
const roleChanged = (error: unknown): boolean =>
  error instanceof ForbiddenError || (error instanceof CliError && error.exitCode === EXIT.auth);

/**
 * The school's admins: a superuser lists the school's users (one page), its own admin its teachers; for
 * anyone else, or when the read fails, none are shown (undefined).
 */
async function readAdmins(api: ApiMethods, id: number, caller: Caller): Promise<readonly SchoolAdmin[] | undefined> {
  try {
    if (caller.superuser) {
      const { users } = await checkedAnswer(
        'users list',
        await api.users.list({ schoolid: id, take: MAX_TAKE }),
        'GET users',
      );
      return users.filter((u) => u.admin === true);
    }
    if (caller.school?.id === id && caller.school.admin) {
      const { teachers } = await checkedAnswer(
        'teachers list',
        await api.teachers.list(),
        'GET users/me/school/teachers',
      );
      return teachers.filter((t) => t.admin);
    }
  } catch {
    // The admins help a person; the rest of the view stands without them.
  }
  return undefined;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Show a school with its subscriptions, seats, unpaid invoices and totals, teacher and pupil counts')
    .argument('<school>', 'school id, name, URN 123456 or postcode (`edshed schools find NAME` finds one)')
    .addHelpText(
      'after',
      '\nReads GET schools/{id}, the subscriptions and the open and promised invoices at the same time, calling only\n' +
        "what the caller's role may, as edshed login found it (else, or when refused, asked first: GET users/me):\n" +
        'a superuser sees every school in full (GET schoolsubscriptions);\n' +
        'a school admin their own school in full (GET users/me/school/subscriptions); its teachers the school alone,\n' +
        'the other sections marked "not shown: for superusers and the school\'s admins only" (not_shown in JSON).\n' +
        'A table on a terminal, TSV sections (# heading) in a pipe, one JSON object with --json (amounts in minor\n' +
        'units, as the API gives them).\n\n' +
        'Examples:\n  edshed schools show 1\n  edshed schools show Oakfield   # a name, or part of one\n  edshed schools show URN100001\n  edshed schools show 1 --json | jq .invoice_totals',
    );
  // Several sections: --fields has nothing single to pick from (the global form before the noun is refused in runShowSchool).
  addCommonOptions(cmd, new Set(['fields']));
  cmd.action(async (idArg: string) => {
    const c = leafFactory(f, cmd);
    await runShowSchool(c, { id: /^\s*\d+\s*$/.test(idArg) ? positiveId(idArg, 'school id', 'a school id') : idArg });
  });
};

export default define;
