/**
 * Which school a `users/me/school/...` write lands in. School staff write to the school they manage; a
 * superuser manages whichever school they last picked (or none), so they must name it, and the CLI
 * switches to it (`POST users/me/manageschool`) before writing.
 */
import { z } from 'zod';
import { ApiError } from '../../../core/api/errors/index.js';
import { CliError, EXIT } from '../../cli-error.js';
import type { Factory } from '../../factory.js';

const meSchema = z.object({
  user: z.looseObject({
    username: z.string().nullish(),
    superuser: z.boolean().nullish(),
    school: z.looseObject({ id: z.number().int(), name: z.string().optional(), admin: z.boolean().optional() }).nullish(),
  }),
});
const schoolSchema = z.object({ school: z.looseObject({ id: z.number().int(), name: z.string().optional() }) });

/** The school to write in, and whether the caller must switch to it first. */
export interface SchoolTarget {
  readonly schoolId: number;
  readonly schoolName: string | undefined;
  /** A superuser managing another school (or none): switch before the write. */
  readonly switchFirst: boolean;
}

const named = (name: string | undefined, id: number): string => (name ? `${name} (school ${id})` : `school ${id}`);

/**
 * Whether the signed-in user is a superuser (who must name a school for every generation), from `users/me`.
 *
 * @example
 * if (await callerIsSuperuser(c)) console.log('name the school');
 */
export async function callerIsSuperuser(c: Factory): Promise<boolean> {
  const me = meSchema.safeParse((await (await c.api()).me.show()).data);
  if (!me.success) throw new CliError('The API answered users/me without a user', EXIT.requestFailed);
  return me.data.user.superuser === true;
}

/**
 * Works out the school, reading `users/me` (and, for a superuser, the school, so an unknown id is
 * refused before anything is written). Exit 2 when a superuser names no school or staff name another
 * school; exit 4 when a teacher who is not a school admin tries, since the API would refuse.
 *
 * @example
 * const target = await targetSchool(c, 1); // { schoolId: 1, schoolName: 'Oakfield Primary School', switchFirst: true }
 */
export async function targetSchool(c: Factory, wanted: number | undefined, action: string): Promise<SchoolTarget> {
  const api = await c.api();
  const me = meSchema.safeParse((await api.me.show()).data);
  if (!me.success) throw new CliError('The API answered users/me without a user', EXIT.requestFailed);
  const { username, superuser, school } = me.data.user;
  const who = username ?? 'you';
  if (superuser) {
    if (wanted === undefined) throw new CliError(`--school: a superuser names the school to ${action} in (--school ID); nothing was sent`, EXIT.usage);
    if (school?.id === wanted) return { schoolId: wanted, schoolName: school.name, switchFirst: false };
    return { schoolId: wanted, schoolName: await schoolName(c, wanted), switchFirst: true };
  }
  if (!school) throw new CliError(`${who} is not a member of a school, so cannot ${action}; nothing was sent`, EXIT.usage);
  if (wanted !== undefined && wanted !== school.id) {
    throw new CliError(`--school ${wanted}: ${who} manages ${named(school.name, school.id)}, and can ${action} only there; nothing was sent`, EXIT.usage);
  }
  if (school.admin === false) throw new CliError(`${who} is not an admin of ${named(school.name, school.id)}; only a school admin can ${action}; nothing was sent`, EXIT.auth);
  return { schoolId: school.id, schoolName: school.name, switchFirst: false };
}

async function schoolName(c: Factory, id: number): Promise<string | undefined> {
  try {
    const found = schoolSchema.safeParse((await (await c.api()).schools.show({ id })).data);
    return found.success ? found.data.school.name : undefined;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new CliError(`--school ${id}: no such school; nothing was sent`, EXIT.usage);
    throw error;
  }
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
