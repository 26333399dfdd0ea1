import { HttpError, type HandlerContext, type SessionUser } from '../handler.js';
import { notFound } from '../input.js';

/** Superusers and sales staff see every school's billing; everyone else only their own school's. */
export function isStaff(user: SessionUser | null): boolean {
  return user !== null && (user.superuser || user.employee);
}

/**
 * The caller's own school, for the `users/me/school/...` calls.
 *
 * @example
 * const schoolId = ownSchool(ctx);
 */
export function ownSchool(ctx: HandlerContext): number {
  const schoolId = ctx.user?.schoolId ?? null;
  if (schoolId === null) throw new HttpError(404, 'Not found', 'You are not a member of a school');
  return schoolId;
}

/**
 * Refuses a row of another school with the same 404 as a missing row, so ids do not leak.
 *
 * @example
 * assertSchool(ctx, invoice.school_id, 'Invoice', invoice.id);
 */
export function assertSchool(ctx: HandlerContext, schoolId: number, entity: string, id: number | string): void {
  if (isStaff(ctx.user)) return;
  if (ctx.user?.schoolId !== schoolId) throw notFound(entity, id);
}

/**
 * The school a `schools/{id}/...` call names, checked to exist and to be the caller's (unless staff).
 *
 * @example
 * const schoolId = schoolParam(ctx);
 */
export function schoolParam(ctx: HandlerContext, name = 'id'): number {
  const text = ctx.params[name] ?? '';
  const id = Number(text);
  const row = /^\d+$/.test(text) ? ctx.db.prepare('SELECT id FROM schools WHERE id = ? AND deleted_at IS NULL').get(id) : undefined;
  if (row === undefined) throw notFound('School', text);
  assertSchool(ctx, id, 'School', id);
  return id;
}

/** The caller's user id, or null for a public call. */
export function callerId(ctx: HandlerContext): number | null {
  return ctx.user?.imitatedBy ?? ctx.user?.id ?? null;
}
