/**
 * Generated pupils and their initial passwords: read from the API's answer, written to the one file
 * meant to hold them, and shown on stdout without the passwords unless asked.
 */
import type { Pupil } from '../../../core/shapes/types.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import type { OutputPlan } from '../../output/plan.js';
import { render } from '../../output/render.js';
import type { Row } from '../../output/rows.js';

/** The columns of a generated pupil as printed and saved (`password` only where passwords go). */
export const PUPIL_FIELDS = [
  'username',
  'password',
  'school_id',
  'school_username',
  'display_name',
  'group',
  'id',
] as const;

/** The keys of a pupil (core's PUPIL shape) the credentials hold: the columns besides the group's name. */
type CredentialKey = Exclude<(typeof PUPIL_FIELDS)[number], 'group'>;
const CREDENTIAL_KEYS: readonly string[] = PUPIL_FIELDS.filter((name) => name !== 'group');

/** A generated pupil, as far as the credentials go. */
export type CreatedPupil = Pick<Pupil, CredentialKey>;

/**
 * The pupils an answer says were created, with their passwords, checked against the reply of `pupils
 * generate` (core's PUPIL shape); exit 1 when the answer has no pupils or they lack what the credentials
 * hold. The pupils exist once the API answered, so a difference elsewhere (a pupil's stages, the total)
 * does not lose their passwords: it is passed over.
 *
 * @example
 * await createdPupils({ pupils: [{ id: 40, username: 's1.plucky', password: 'comet42', ... }], total: 1 })
 */
export async function createdPupils(data: unknown): Promise<CreatedPupil[]> {
  const [{ tableEntry }, { replyProblems }] = await Promise.all([
    import('../../table/table-nouns.js'),
    import('../../../core/shapes/schema.js'),
  ]);
  const problems = replyProblems((await tableEntry('pupils generate')).reply ?? {}, data);
  const needed = problems.filter(
    (p) => /^pupils(\.\d+)?$/.test(p.path) || CREDENTIAL_KEYS.includes(p.path.replace(/^pupils\.\d+\./, '')),
  );
  const pupils = (data as { readonly pupils?: readonly CreatedPupil[] } | null)?.pupils;
  if (needed.length > 0 || !pupils || pupils.length === 0) {
    throw new CliError(
      'The API answered without the list of pupils it created; see them with `edshed pupils list`',
      EXIT.requestFailed,
    );
  }
  return [...pupils];
}

/**
 * One row per pupil in the order of PUPIL_FIELDS; `password` is left out unless `withPasswords`, and
 * `group` unless a group name is given.
 *
 * @example
 * credentialRows(pupils, { withPasswords: true, group: 'Class 3' })[0] // { username, password, ..., group: 'Class 3', id }
 */
export function credentialRows(
  pupils: readonly CreatedPupil[],
  options: { readonly withPasswords: boolean; readonly group?: string | undefined },
): Row[] {
  return pupils.map((p) => ({
    username: p.username,
    ...(options.withPasswords ? { password: p.password ?? '' } : {}),
    school_id: p.school_id ?? null,
    school_username: p.school_username ?? null,
    display_name: p.display_name ?? null,
    ...(options.group === undefined ? {} : { group: options.group }),
    id: p.id,
  }));
}

/**
 * The credentials file's text: CSV through the output layer, passwords shown on purpose (this file is
 * the one place they are written).
 *
 * @example
 * await credentialsCsv(pupils) // 'username,password,school_id,...\ns1.pluckyp,comet42,1,...\n'
 */
export async function credentialsCsv(pupils: readonly CreatedPupil[], group?: string): Promise<string> {
  return render(credentialRows(pupils, { withPasswords: true, group }), { format: 'csv', revealSecrets: true });
}

/**
 * Prints the pupils' rows on stdout in the planned format; passwords are shown as they are only when
 * the user asked (`reveal`), otherwise the rows carry none.
 *
 * @example
 * await printPupils(c, plan, credentialRows(pupils, { withPasswords: false }), false);
 */
export async function printPupils(c: Factory, plan: OutputPlan, rows: readonly Row[], reveal: boolean): Promise<void> {
  const layout = {
    ...(plan.fields ? { fields: plan.fields } : {}),
    ...(c.io.columns ? { columns: c.io.columns } : {}),
  };
  c.io.stdout.write(
    await render(
      { pupils: rows },
      { format: plan.format, responseKey: 'pupils', colors: c.colors, revealSecrets: reveal, ...layout },
    ),
  );
}
