import * as z from 'zod/mini';

/** 0/1 and true/false both occur in user payloads; null means unset. */
const truthy = z.nullish(z.union([z.boolean(), z.number()]));
const text = z.nullish(z.string());

// zod/mini: the site loads this module, and mini's functions trim to the parts used (see core/node/config-store.ts).
/** The fields of a user the shell reads to derive access (O §3, §6); other fields are kept. */
export const ACCESS_USER_SCHEMA = z.looseObject({
  superuser: truthy,
  tester: truthy,
  permissions: z.nullish(z.array(z.string())),
  spelling_access_level: text,
  literacy_access_level: text,
  edshed_access_level: text,
  has_number: truthy,
  has_phonics: truthy,
  imitatingUser: z.optional(z.unknown()),
  school: z.nullish(
    z.looseObject({
      teacher: truthy,
      admin: truthy,
      account_region: text,
      settings: z.nullish(z.looseObject({ fontPreference: text })),
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
  superuser: false, tester: false, spelling: false, fullSpelling: false, literacy: false, fullLiteracy: false,
  number: false, phonics: false, premium: false, teacher: false, admin: false, pupil: false, imitating: false,
  accountRegion: null, fontPreference: null,
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
