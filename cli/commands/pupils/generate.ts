import type { Command } from 'commander';
import { MAX_PUPIL_BATCH } from '../../../core/domain/constants.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput, type OutputPlan } from '../../output/plan.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { parseWholeNumber } from '../../input/whole-number.js';
import { checkOutputFile } from '../../write/atomic-file.js';
import { printDryRun } from '../../write/dry-run.js';
import { HintedError } from '../../write/hinted-error.js';
import { addCuratedBulk, runCuratedBulk } from '../../bulk/curated.js';
import { addWriteOptions, writeFlags, type WriteFlags } from '../../write/options.js';
import { sendWrite } from '../../write/send.js';
import type { DefineCommand } from '../define.js';
import { createdPupils, credentialRows, printPupils, PUPIL_FIELDS, type CreatedPupil } from './credentials.js';
import { passwordsNote, saveCredentials } from './credentials-file.js';
import { targetGroup, type GroupTarget } from './group-target.js';
import { describeSchool, targetSchool, type SchoolTarget } from './school-target.js';
import { inSchool, switchRequest } from './school-switch.js';

/** Most pupils one call may generate: the table's limit (the spec names none); the API checks again. */
export const MAX_GENERATE = MAX_PUPIL_BATCH;

export interface PupilsGenerateOptions extends WriteFlags {
  readonly amount: number;
  /** Required for a superuser; school staff may only name their own school. */
  readonly school?: number | undefined;
  /** A group of that school the new pupils join. */
  readonly group?: number | undefined;
  /** The CSV of usernames and initial passwords (mode 0600; not replaced unless `force`). */
  readonly out?: string | undefined;
  readonly force?: boolean | undefined;
  /** Print the passwords on stdout too. */
  readonly showPasswords?: boolean | undefined;
  /** A bulk run: where the new pupils and passwords go instead of `out` (its file, appended), and the run id for the audit log. */
  readonly bulk?:
    { readonly runId: string; readonly save: (pupils: readonly CreatedPupil[]) => Promise<void> } | undefined;
}

/** Every check that needs no request, before the first one: exit 2 and nothing sent on a bad option. */
async function checkOptions(c: Factory, options: PupilsGenerateOptions): Promise<OutputPlan> {
  const { amount, out, showPasswords } = options;
  if (options.force && out === undefined)
    throw new CliError('--force goes with --out FILE; nothing was sent', EXIT.usage);
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_GENERATE) {
    throw new CliError(
      `--amount: expected a whole number from 1 to ${MAX_GENERATE}, got ${amount}; nothing was sent`,
      EXIT.usage,
    );
  }
  if (out !== undefined) await checkOutputFile(out, '--out', { force: options.force === true });
  if (!showPasswords && c.globals.fields?.split(',').some((name) => name.trim() === 'password')) {
    throw new CliError(
      '--fields password: passwords go to --out FILE, or to stdout with --show-passwords; nothing was sent',
      EXIT.usage,
    );
  }
  const shown = PUPIL_FIELDS.filter(
    (name) => (name !== 'password' || showPasswords) && (name !== 'group' || options.group !== undefined),
  );
  return planOutput(c, { write: true, knownFields: shown, command: 'pupils generate' });
}

/** Adds the new pupils to the group; returns the error instead of throwing, since they exist either way. */
async function joinGroup(
  c: Factory,
  group: GroupTarget,
  pupils: readonly CreatedPupil[],
  idempotencyKey: string,
): Promise<unknown> {
  const request = buildRequest(
    tableEndpoint('groups add-pupils'),
    { id: group.id, pupils: pupils.map((p) => p.id) },
    { idempotencyKey },
  );
  return sendWrite(c, request).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/**
 * Generates pupil accounts with made-up names in a school, optionally into a group. The answer's
 * initial passwords go to `out` (and stdout only with `showPasswords`); stdout lists the usernames.
 * Every local check and every read comes before the first write. Returns the pupils created.
 *
 * @example
 * await runPupilsGenerate(c, { amount: 30, school: 1, group: 5, out: 'class-3.csv' });
 */
export async function runPupilsGenerate(c: Factory, options: PupilsGenerateOptions): Promise<CreatedPupil[]> {
  const plan = await checkOptions(c, options);
  const school = await targetSchool(c, options.school, 'generate pupils');
  const group = options.group === undefined ? undefined : await targetGroup(c, options.group, school);
  const prefix = options.idempotencyKey ?? `edshed-cli-${globalThis.crypto.randomUUID()}`;
  const generate = buildRequest(
    tableEndpoint('pupils generate'),
    { amount: options.amount },
    { idempotencyKey: `${prefix}-generate` },
  );
  const note = (line: string) => (c.globals.quiet ? undefined : c.io.stderr.write(`${line}\n`));
  if (options.dryRun) {
    if (school.switchFirst) await printDryRun(c, switchRequest(school.schoolId));
    await printDryRun(c, generate);
    if (group) note(`Then the new pupils would be added to group ${group.id} (${group.name}).`);
    if (school.switchFirst)
      note(
        school.previous
          ? `Then the school you manage would be switched back to school ${school.previous.id}.`
          : 'You manage no school now, and would manage this one after.',
      );
    return [];
  }
  return inSchool(c, school, { runId: options.bulk?.runId }, ({ stopping }) =>
    generateIn(c, { ...options, school, group, plan, prefix, generate, stopping }),
  );
}

/** What `generateIn` works with: the options, checked and read. */
interface Generation extends Omit<PupilsGenerateOptions, 'school' | 'group'> {
  readonly school: SchoolTarget;
  readonly group: GroupTarget | undefined;
  readonly plan: OutputPlan;
  readonly prefix: string;
  readonly generate: ReturnType<typeof buildRequest>;
  /** Ctrl-C asked to stop: the pupils generated are saved and shown, the group join not started. */
  readonly stopping: () => boolean;
}

/** Generates in the school now managed, joins the group, saves and prints the passwords. */
async function generateIn(c: Factory, options: Generation): Promise<CreatedPupil[]> {
  const { school, group, plan, prefix, generate } = options;
  const note = (line: string) => (c.globals.quiet ? undefined : c.io.stderr.write(`${line}\n`));
  const run = options.bulk ? { runId: options.bulk.runId } : {};
  if (options.stopping()) throw new CliError('interrupted; no pupils were generated', EXIT.interrupted);
  const generated = await sendWrite(c, generate, run);
  const pupils = await createdPupils(generated.data);
  const stopped =
    group !== undefined && options.stopping()
      ? new CliError('interrupted before adding them', EXIT.interrupted)
      : undefined;
  const groupError = group && !stopped ? await joinGroup(c, group, pupils, `${prefix}-group`) : stopped;
  const joined = group !== undefined && groupError === undefined;
  // An empty group cell, not a missing column, when joining failed: --fields group was checked up front.
  const groupName = group === undefined ? undefined : joined ? group.name : '';
  await options.bulk?.save(pupils);
  if (options.out !== undefined)
    await saveCredentials(c, { out: options.out, force: options.force === true, pupils, group: groupName, prefix });
  await printPupils(
    c,
    plan,
    credentialRows(pupils, { withPasswords: options.showPasswords === true, group: groupName }),
    options.showPasswords === true,
  );
  const count = `${pupils.length} pupil${pupils.length === 1 ? '' : 's'}`;
  const where = `${describeSchool(school)}${joined ? `, in group ${group.name}` : ''}`;
  note(
    generated.replayed
      ? `The API replayed its first answer to this idempotency key: the same ${count} in ${where}, none new.`
      : `Generated ${count} in ${where}.`,
  );
  note(passwordsNote({ out: options.out, showPasswords: options.showPasswords === true, prefix, pupils }));
  if (group && !joined) {
    const ids = pupils.map((p) => p.id).join(',');
    throw new HintedError(
      groupError,
      `The pupils were created but not added to group ${group.id}: \`edshed groups add-pupils ${group.id} --pupils ${ids}\` adds them.`,
    );
  }
  return pupils;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Generate pupil accounts with made-up names; their initial passwords go to a private CSV file')
    .requiredOption('--amount <n>', `how many pupils, 1 to ${MAX_GENERATE}`)
    .option('--school <id>', 'the school (required for a superuser; staff generate in their own school)')
    .option('--group <id>', 'a group (class) of that school the new pupils join')
    .option('--out <file>', 'write usernames and initial passwords to this CSV (mode 0600; the only copy)')
    .option('--force', 'with --out: replace the file if it exists')
    .option('--show-passwords', 'also print the initial passwords on stdout');
  addWriteOptions(cmd, { destructive: false });
  addCuratedBulk(cmd, {
    usage: '[options] --from FILE --out FILE',
    columns: 'amount, school and group',
    optional: ['--amount'],
    yes: true,
  });
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    "\nThe initial passwords are in the API's answer only: without --out or --show-passwords they are not kept.\n\nExamples:\n  edshed pupils generate --amount 30 --out class-3.csv\n  edshed pupils generate --amount 30 --school 12 --group 5 --out class-3.csv   # as a superuser\n  edshed pupils generate --from classes.csv --out passwords.csv   # one call per row (columns amount,school,group)\n\nA superuser generates in the school they manage: with --school naming another, it is switched there for the call\n(POST users/me/manageschool) and back afterwards, also after a failure or Ctrl-C.\n\nWith --from, rows run one at a time (each switching there and back) and every row's pupils are\nappended to --out as it completes (mode 0600, flushed to disk), so a crash loses none: resume with edshed runs resume ID.",
  );
  cmd.action(async (opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    const id = (flag: string, value: unknown) =>
      value === undefined ? undefined : parseWholeNumber(String(value), flag);
    const write = writeFlags(opts);
    if (opts.from !== undefined) {
      const out = opts.out as string | undefined;
      if (out === undefined)
        throw new CliError(
          "--from needs --out FILE: every row's pupils and initial passwords are appended there (the only copy); nothing was sent",
          EXIT.usage,
        );
      if (!write.dryRun) await checkOutputFile(out, '--out', { force: opts.force === true });
      const command = async () => (await import('./generate-bulk.js')).generateBulkCommand(out, opts.force === true);
      await runCuratedBulk(c, opts, write, {
        command,
        defaults: { amount: opts.amount, school: opts.school, group: opts.group },
        refuse: [['showPasswords', '--show-passwords']],
      });
      return;
    }
    await runPupilsGenerate(c, {
      amount: parseWholeNumber(String(opts.amount), '--amount', { max: MAX_GENERATE }),
      school: id('--school', opts.school),
      group: id('--group', opts.group),
      out: opts.out as string | undefined,
      force: opts.force === true,
      showPasswords: opts.showPasswords === true,
      ...write,
    });
  });
};

export default define;
