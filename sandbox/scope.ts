/**
 * School scope: which school a caller works in, and whether a row of some school is theirs to reach.
 *
 * The server has already checked the table's role. These checks come after it: a school admin or teacher
 * reaches only their own school's rows, and a row of another school answers 404 exactly as a missing one
 * does, so ids of other schools do not leak. Superusers reach every school; a district administrator
 * reaches the schools of their district.
 */
import { HttpError, type HandlerContext, type SessionUser } from './handler.js';
import { notFound } from './input.js';
import { one } from './school-admin/sql.js';

/**
 * The signed-in caller, or 401 (public endpoints only reach this without a token).
 *
 * @example
 * const user = requireUser(ctx);
 */
export function requireUser(ctx: HandlerContext): SessionUser {
  if (!ctx.user) throw new HttpError(401, 'Unauthorised', 'Sign in to use this call');
  return ctx.user;
}

/**
 * The school the caller currently works in (`users/me/school/...`), or 404 when they have none: a superuser
 * without a school picks one with `POST users/me/manageschool` or imitates a school user.
 *
 * @example
 * const schoolId = callerSchoolId(ctx);
 */
export function callerSchoolId(ctx: HandlerContext): number {
  const user = requireUser(ctx);
  if (user.schoolId === null) {
    throw new HttpError(404, 'Not found', `User ${user.username} is not a member of a school`);
  }
  return user.schoolId;
}

/**
 * The school filter for looking up one row by id: `null` for superusers (every school), the caller's
 * school otherwise.
 *
 * @example
 * const pupil = findPupil(ctx.db, id, rowScope(ctx));
 */
export function rowScope(ctx: HandlerContext): number | null {
  const user = requireUser(ctx);
  return user.superuser ? null : callerSchoolId(ctx);
}

/**
 * Whether the caller may reach rows of `schoolId`.
 *
 * @example
 * if (!canReachSchool(ctx, row.school_id)) throw notFound('Group', row.id);
 */
export function canReachSchool(ctx: HandlerContext, schoolId: number | null): boolean {
  const user = ctx.user;
  if (!user || schoolId === null) return false;
  if (user.superuser) return true;
  if (user.schoolId === schoolId) return true;
  if (user.districtId !== null) {
    const row = one<{ district_id: number | null }>(ctx.db, 'SELECT district_id FROM schools WHERE id = ?', schoolId);
    if (row?.district_id === user.districtId) return true;
  }
  return false;
}

/**
 * Throws 404 unless the caller reaches `schoolId` (a row of another school reads as missing).
 *
 * @example
 * assertReachable(ctx, group.school_id, 'Group', group.id);
 */
export function assertReachable(ctx: HandlerContext, schoolId: number | null, label: string, id: number | string): void {
  if (!canReachSchool(ctx, schoolId)) throw notFound(label, id);
}
