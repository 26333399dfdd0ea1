import type { Endpoint, Role } from '../../core/endpoints/index.js';
import type { SessionUser } from '../kit/handler.js';

/**
 * Routes an imitation session may call although they are superuser-only: the imitated user is not a
 * superuser, yet must be able to hand the session back.
 */
const IMITATION_EXITS = new Set<string>(['DELETE imitateuser/{id}']);

/**
 * Whether a user holds a role of the table. Superusers pass every check; school admins are teachers too;
 * district administrators are `district` users with a district.
 *
 * @example
 * hasRole({ ...teacher, admin: true }, 'teacher'); // true
 */
export function hasRole(user: SessionUser, role: Role): boolean {
  if (role === 'public' || role === 'user' || user.superuser) return true;
  switch (role) {
    case 'pupil':
      return user.kind === 'pupil';
    case 'parent':
      return user.kind === 'parent';
    case 'teacher':
      return user.kind === 'teacher';
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
 * The role check the server runs before a handler, including the imitation exit.
 *
 * @example
 * if (!mayCall(user, endpoint)) throw new HttpError(403, 'Forbidden', ...);
 */
export function mayCall(user: SessionUser, endpoint: Endpoint): boolean {
  return hasRole(user, endpoint.role) || (user.imitatedBy !== null && IMITATION_EXITS.has(endpoint.route));
}
