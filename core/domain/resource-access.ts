import type { AccessUser } from './access.js';

/** The literacy access levels that make a member: the resources are theirs while the level is one of these. */
export const LITERACY_MEMBER_LEVELS = ['full', 'trial'] as const;

/**
 * What a visitor may do with a resource's files: `download` them; `sign-in` first (no one signed in); or
 * `join`, a membership with literacy access being what is missing.
 */
export type ResourceAccess = 'download' | 'sign-in' | 'join';

/** The fields of a user (O §6) the rule reads; the user has been checked already (core's ACCESS_USER_SCHEMA or the site's user schema). */
export type ResourceAccessUser = Pick<AccessUser, 'superuser' | 'literacy_access_level'>;

/**
 * Who may have a resource's files: anyone signed in for a FREE resource; for the others, a member (literacy
 * access level full or trial) or a superuser. Plain field reads, no schema: the site calls it on the first
 * visit of a resource page, and the sandbox on every file request.
 *
 * @example
 * resourceAccess(null, 'free')                                 // 'sign-in'
 * resourceAccess({ literacy_access_level: null }, 'free')      // 'download'
 * resourceAccess({ literacy_access_level: null }, 'members')   // 'join'
 * resourceAccess({ literacy_access_level: 'trial' }, 'members') // 'download'
 * resourceAccess({ superuser: 1 }, 'members')                  // 'download'
 */
export function resourceAccess(
  user: ResourceAccessUser | null | undefined,
  availability: string | null | undefined,
): ResourceAccess {
  if (user === null || user === undefined) return 'sign-in';
  if (availability === 'free' || Boolean(user.superuser)) return 'download';
  const level = user.literacy_access_level;
  return (LITERACY_MEMBER_LEVELS as readonly (string | null | undefined)[]).includes(level) ? 'download' : 'join';
}
