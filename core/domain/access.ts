import * as z from 'zod/mini';
import { replySchema } from '../shapes/schema.js';
import { MY_SCHOOL } from '../shapes/school.js';
import type { SessionUser } from '../shapes/types.js';
import { SESSION_USER } from '../shapes/user.js';

/** The schema of a shape as the object it is, each key with its value's type (replySchema builds it from the shape). */
type ObjectSchemaOf<T> = z.ZodMiniObject<{ -readonly [K in keyof T]-?: z.ZodMiniType<T[K]> }, z.core.$loose>;

// zod/mini: the site loads this module, and mini's functions trim to the parts used (see core/node/config-store.ts).
const USER = replySchema(SESSION_USER) as ObjectSchemaOf<SessionUser>;
const SCHOOL = replySchema(MY_SCHOOL) as ObjectSchemaOf<NonNullable<SessionUser['school']>>;

/** A flag of the shape (a boolean) as users arrive: the real API answers 0 or 1 as often as true or false. */
const flag = z.nullish(z.union([z.boolean(), z.number()]));
/** An access level of the real API that the sandbox's user does not answer: text, only some values grant. */
const level = z.nullish(z.string());

/**
 * The fields of a user the shell reads to derive access (O §3, §6), from core's SESSION_USER shape; other
 * fields are kept. Tolerant where users differ from the shape: any field may be missing or null (a user
 * stored by an older release, a partial user), and the differences below.
 */
export const ACCESS_USER_SCHEMA = z.looseObject({
  // Flags: 0/1 as well as booleans.
  superuser: flag,
  tester: flag,
  permissions: z.nullish(USER.shape.permissions),
  // The real API's levels are not limited to the shape's (full, trial): any text, and only those grant.
  literacy_access_level: level,
  // The real API's levels and product flags, which the sandbox's user does not answer (O §6).
  spelling_access_level: level,
  edshed_access_level: level,
  has_number: flag,
  has_phonics: flag,
  // Only whether someone is imitating is read, not who.
  imitatingUser: z.optional(z.unknown()),
  school: z.nullish(
    z.looseObject({
      // Flags: 0/1 as well as booleans.
      teacher: flag,
      admin: flag,
      account_region: z.nullish(SCHOOL.shape.account_region),
      // The shape's settings are any JSON object; the font preference is read as text.
      settings: z.nullish(z.looseObject({ fontPreference: level })),
    }),
  ),
});
export type AccessUser = z.input<typeof ACCESS_USER_SCHEMA>;

export interface AccessFlags {
  readonly superuser: boolean;
  readonly tester: boolean;
  readonly spelling: boolean;
  readonly fullSpelling: boolean;
  readonly literacy: boolean;
  readonly fullLiteracy: boolean;
  readonly number: boolean;
  readonly phonics: boolean;
  readonly premium: boolean;
  readonly teacher: boolean;
  readonly admin: boolean;
  readonly pupil: boolean;
  readonly imitating: boolean;
  readonly accountRegion: string | null;
  readonly fontPreference: string | null;
}

const NONE: AccessFlags = {
  superuser: false,
  tester: false,
  spelling: false,
  fullSpelling: false,
  literacy: false,
  fullLiteracy: false,
  number: false,
  phonics: false,
  premium: false,
  teacher: false,
  admin: false,
  pupil: false,
  imitating: false,
  accountRegion: null,
  fontPreference: null,
};

/**
 * Derives the access flags of a user (O §6); no user (signed out) has none. The user is validated first,
 * so a wrongly typed field throws a ZodError instead of granting anything.
 * - spelling needs the spelling permission; full spelling also needs spelling level 'full';
 * - literacy: superuser or the litshed permission; full literacy: superuser or literacy level 'full';
 * - number and phonics: from the permissions list when it is present (even empty), else has_number / has_phonics;
 * - premium: a school and edshed level 'full' or 'trial';
 * - teacher: a school with its teacher flag; admin: teacher and admin; pupil: a school and not teacher;
 * - imitating: an impersonated user is set.
 *
 * @example
 * accessFlags({ permissions: ['spelling'], spelling_access_level: 'full', school: { teacher: 1 } })
 * // { spelling: true, fullSpelling: true, teacher: true, pupil: false, ... }
 */
export function accessFlags(input: unknown): AccessFlags {
  if (input === null || input === undefined) return NONE;
  const user = ACCESS_USER_SCHEMA.parse(input);
  const superuser = Boolean(user.superuser);
  const permissions = user.permissions ?? null;
  const has = (permission: string): boolean => permissions?.includes(permission) ?? false;
  const school = user.school ?? null;
  const teacher = school !== null && Boolean(school.teacher);
  const spelling = has('spelling');
  const literacy = superuser || has('litshed');
  return {
    superuser,
    tester: Boolean(user.tester),
    spelling,
    fullSpelling: spelling && user.spelling_access_level === 'full',
    literacy,
    fullLiteracy: superuser || user.literacy_access_level === 'full',
    number: permissions ? has('number') : Boolean(user.has_number),
    phonics: permissions ? has('phonics') : Boolean(user.has_phonics),
    premium: school !== null && (user.edshed_access_level === 'full' || user.edshed_access_level === 'trial'),
    teacher,
    admin: teacher && Boolean(school?.admin),
    pupil: school !== null && !teacher,
    imitating: user.imitatingUser !== undefined && user.imitatingUser !== null,
    accountRegion: school?.account_region ?? null,
    fontPreference: school?.settings?.fontPreference ?? null,
  };
}
