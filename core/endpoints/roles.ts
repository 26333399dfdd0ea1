import type { Role } from './define.js';

/** The facts about a user the table's roles are made of (the sandbox's session user, the API's `users/me`). */
export interface RoleFacts {
  readonly superuser: boolean;
  readonly employee: boolean;
  /** `teacher`, `pupil`, `parent`, `district`, `staff`... */
  readonly kind: string | null;
  /** Admin of the school they belong to (or manage). */
  readonly admin: boolean;
  readonly districtId: number | null;
}

/**
 * Whether a user holds a role of the table (see `ROLES`): superusers hold every role; school admins are
 * teachers too; district administrators are `district` users with a district. The sandbox enforces it;
 * the CLI uses it to call only what the caller may.
 *
 * @example
 * holdsRole({ superuser: false, employee: false, kind: 'teacher', admin: true, districtId: null }, 'teacher'); // true
 */
export function holdsRole(user: RoleFacts, role: Role): boolean {
  if (role === 'public' || role === 'user' || user.superuser) return true;
  switch (role) {
    case 'pupil':
    case 'parent':
    case 'teacher':
      return user.kind === role;
    case 'admin':
      return user.kind === 'teacher' && user.admin;
    case 'district':
      return user.kind === 'district' && user.districtId !== null;
    case 'employee':
      return user.employee;
    case 'superuser':
      return false;
  }
}

/**
 * Who holds each role, in words (a 403's message, the OpenAPI document's operations). `public` needs no
 * session at all.
 *
 * @example
 * `${route} is only for ${ROLE_HOLDERS.admin}` // '... is only for school admins'
 */
export const ROLE_HOLDERS: Readonly<Record<Role, string>> = {
  public: 'anyone, without a session',
  user: 'signed-in users',
  pupil: 'pupils',
  parent: 'parents',
  teacher: 'teachers',
  admin: 'school admins',
  district: 'district administrators',
  employee: 'employees',
  superuser: 'superusers',
};
