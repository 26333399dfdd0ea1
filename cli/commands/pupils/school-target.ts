/**
 * Which school a `users/me/school/...` write lands in. School staff write to the school they manage; a
 * superuser manages whichever school they last picked (or none), so they must name it, and the CLI
 * switches to it (`POST users/me/manageschool`) before writing.
 */
import { ApiError } from '../../../core/api/errors/index.js';
import { SCHOOL } from '../../../core/shapes/school.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { answerShaped, meUser } from '../../read/records.js';

/** A school the caller manages, as `users/me` names it. */
export interface ManagedSchool {
  readonly id: number;
  readonly name: string | undefined;
}

/** The school to write in, and whether the caller must switch to it first. */
export interface SchoolTarget {
  readonly schoolId: number;
  readonly schoolName: string | undefined;
  /** A superuser managing another school (or none): switch before the write. */
  readonly switchFirst: boolean;
  /** The school the caller managed before (none: null), to switch back to afterwards. */
  readonly previous?: ManagedSchool | null;
}

const named = (name: string | undefined, id: number): string => (name ? `${name} (school ${id})` : `school ${id}`);

/**
 * Works out the school, reading `users/me` (and, for a superuser, the school, so an unknown id is
 * refused before anything is written). Every refusal here comes after that read, so none is exit 2 (which
 * means no request at all); each message says what was read. Exit 1 when a superuser names no school or an
 * unknown one; exit 4 (not allowed) when staff name another school, belong to none, or are not its admin.
 *
 * @example
 * const target = await targetSchool(c, 1); // { schoolId: 1, schoolName: 'Oakfield Primary School', switchFirst: true }
 */
export async function targetSchool(c: Factory, wanted: number | undefined, action: string): Promise<SchoolTarget> {
  const api = await c.api();
  const { username, superuser, school } = await meUser((await api.me.show()).data);
  const who = username ?? 'you';
  const read = `(read GET users/me); nothing was written`;
  if (superuser) {
    if (wanted === undefined)
      throw new CliError(
        `--school: ${who} is a superuser, who names the school to ${action} in: --school ID ${read}`,
        EXIT.requestFailed,
      );
    if (school?.id === wanted) return { schoolId: wanted, schoolName: school.name, switchFirst: false };
    const previous = school ? { id: school.id, name: school.name } : null;
    return { schoolId: wanted, schoolName: await schoolName(c, wanted), switchFirst: true, previous };
  }
  if (!school) throw new CliError(`${who} is not a member of a school, so cannot ${action} ${read}`, EXIT.auth);
  if (wanted !== undefined && wanted !== school.id) {
    throw new CliError(
      `--school ${wanted}: ${who} manages ${named(school.name, school.id)}, and can ${action} only there ${read}`,
      EXIT.auth,
    );
  }
  if (school.admin === false)
    throw new CliError(
      `${who} is not an admin of ${named(school.name, school.id)}; only a school admin can ${action} ${read}`,
      EXIT.auth,
    );
  return { schoolId: school.id, schoolName: school.name, switchFirst: false };
}

async function schoolName(c: Factory, id: number): Promise<string | undefined> {
  let data: unknown;
  try {
    data = (await (await c.api()).schools.show({ id })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      throw new CliError(
        `--school ${id}: no such school (GET schools/${id} answered 404); nothing was written`,
        EXIT.requestFailed,
      );
    throw error;
  }
  // The name is for notes only: an answer without one leaves the school named by its id.
  return answerShaped(data, 'school', SCHOOL, `GET schools/${id}`).then(
    (school) => school.name,
    () => undefined,
  );
}

/**
 * The school in words, for notes.
 *
 * @example
 * describeSchool({ schoolId: 1, schoolName: 'Oakfield Primary School', switchFirst: false }) // 'Oakfield Primary School (school 1)'
 */
export function describeSchool(target: SchoolTarget): string {
  return named(target.schoolName, target.schoolId);
}
