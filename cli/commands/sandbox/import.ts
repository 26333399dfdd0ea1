import { existsSync, statSync, accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';
import { positiveId } from '../../input/ids.js';
import { driverRefusal } from '../../../sandbox/db/driver-support.js';

const HELP = `
Copies chosen schools of the signed-in API (a superuser's: production, say) into a sandbox database file,
to rehearse on: the schools, their users, addresses, groups and links, subscriptions, invoices (states,
totals, currency, dates, numbers, PO references kept as they are) and their credits, saved cards (as
sandbox test cards of their brand) and cancellations, and the reference data whole (countries, products,
scopes, plans, sales people, districts). It sends GET only (its client refuses anything else), and waits
out a 429 as its Retry-After says, showing the wait. What no GET route gives (subscription members,
district allocations) is not copied: the manifest lists it, with why.
Names, usernames, emails, addresses and free text are replaced by keyed pseudonyms (HMAC of the key in
sandbox-import.key beside the credentials, 0600, never in the copy); every email ends in .invalid. A field
of a reply the import's manifest does not know fails the import, naming it. Records outside the chosen
schools that the copy points to become stubs, listed in the manifest printed at the end.
The copy keeps the sandbox's sign-in account: superuser, password sandbox. Ctrl-C (exit 130) or an
error leaves FILE as it was, or absent, and no temporary file beside it.
Pseudonymised data is still personal data: keep copies short-lived, and delete FILE when done.

Examples:
  edshed sandbox import --school 12 --school 40 --school 41 --db rehearsal.db
  edshed sandbox import --school 12 --db rehearsal.db --refresh     # replace school 12 in the copy
  edshed sandbox start --db rehearsal.db --port 8788                # serve the copy`;

export interface SandboxImportOptions {
  readonly schools: readonly number[];
  readonly db: string;
  readonly refresh: boolean;
  /** The pseudonym key file; default sandbox-import.key in the config directory. */
  readonly key?: string;
}

/** The local checks of the --db path: exit 2, nothing sent. */
function checkDbPath(path: string, refresh: boolean): void {
  if (path === '') throw new CliError('--db: give a file name; nothing was sent', EXIT.usage);
  if (path === ':memory:')
    throw new CliError(
      '--db: give a file (a copy in memory would be gone when the import ends); nothing was sent',
      EXIT.usage,
    );
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new CliError(`--db ${path}: its folder ${dir} does not exist; nothing was sent`, EXIT.usage);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new CliError(`--db ${path}: its folder ${dir} is not writable; nothing was sent`, EXIT.usage);
  }
  const exists = existsSync(path);
  if (exists && statSync(path).isDirectory())
    throw new CliError(`--db ${path}: is a folder; give a file; nothing was sent`, EXIT.usage);
  if (exists && !refresh)
    throw new CliError(
      `--db ${path}: the file exists; pass --refresh to replace the chosen schools in it, or choose another file; nothing was sent`,
      EXIT.usage,
    );
  if (!exists && refresh)
    throw new CliError(
      `--db ${path}: --refresh replaces schools of an existing copy, and there is none; leave --refresh out to make one; nothing was sent`,
      EXIT.usage,
    );
}

/**
 * Imports the chosen schools into FILE (every local check first: exit 2 with nothing sent) and prints the
 * manifest; answers it.
 *
 * @example
 * await runSandboxImport(c, { schools: [1, 2], db: 'rehearsal.db', refresh: false });
 */
export async function runSandboxImport(c: Factory, options: SandboxImportOptions) {
  checkDbPath(options.db, options.refresh);
  const refusal = driverRefusal();
  if (refusal !== undefined) throw new CliError(refusal, EXIT.requestFailed);
  const [{ configDir }, key, run] = await Promise.all([
    import('../../../core/node/paths.js'),
    import('../../sandbox-import/key.js'),
    import('../../sandbox-import/run.js'),
  ]);
  const keyFile = options.key ?? key.defaultKeyFile(configDir(c.env));
  let secret: Buffer;
  try {
    secret = key.loadOrCreateKey(keyFile, { create: options.key === undefined });
  } catch (error) {
    if (error instanceof key.KeyFileError) throw new CliError(error.message, EXIT.usage);
    throw error;
  }
  const connection = await c.connection();
  if (!connection.token)
    throw new CliError(
      'sandbox import reads as a superuser: sign in with edshed login first; nothing was sent',
      EXIT.auth,
    );
  return run.importSchools(c, { ...options, secret, baseUrl: connection.baseUrl, token: connection.token });
}

function collectSchool(value: string, previous: number[]): number[] {
  const id = positiveId(value, '--school', 'a school id');
  if (previous.includes(id)) throw new CliError(`--school ${id} is given twice; nothing was sent`, EXIT.usage);
  return [...previous, id];
}

/** `edshed sandbox import`: chosen schools of the signed-in API into a pseudonymised sandbox database. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Copy chosen schools of the signed-in API (GET only) into a pseudonymised sandbox database file')
    .option('--school <id>', 'a school to copy (repeatable)', collectSchool, [])
    .requiredOption('--db <file>', 'the copy: a new sandbox database file (or, with --refresh, an existing copy)')
    .option('--refresh', 'replace exactly the chosen schools in an existing copy, in one transaction')
    .option(
      '--key <file>',
      'the pseudonym key file, 64 hex digits (default: sandbox-import.key beside the credentials, made on first use)',
    )
    .addHelpText('after', HELP);
  const taken = new Set(['format', 'fields']);
  addCommonOptions(cmd, taken);
  cmd.action(async () => {
    const opts = cmd.opts<{ school: number[]; db: string; refresh?: boolean; key?: string }>();
    if (opts.school.length === 0)
      throw new CliError(
        '--school: give at least one school id (--school 12 --school 40); nothing was sent',
        EXIT.usage,
      );
    const c = leafFactory(f, cmd, taken);
    await runSandboxImport(c, {
      schools: opts.school,
      db: opts.db,
      refresh: opts.refresh === true,
      ...(opts.key === undefined ? {} : { key: opts.key }),
    });
  });
};

export default define;
