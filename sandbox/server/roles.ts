import type { Endpoint, Role } from '../../core/endpoints/index.js';
import { holdsRole } from '../../core/endpoints/roles.js';
import type { SessionUser } from '../kit/handler.js';

/**
 * Routes an imitation session may call although they are superuser-only: the imitated user is not a
 * superuser, yet must be able to hand the session back.
 */
const IMITATION_EXITS = new Set<string>(['DELETE imitateuser/{id}']);

/**
 * Whether a user holds a role of the table (core/endpoints/roles.ts, shared with the CLI).
 *
 * @example
 * hasRole({ ...teacher, admin: true }, 'teacher'); // true
 */
export function hasRole(user: SessionUser, role: Role): boolean {
  return holdsRole(user, role);
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
