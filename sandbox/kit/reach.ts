/**
 * The one access policy: who reaches which school's rows. The server has already checked the table's
 * role; these checks come after it, in every handler. A row of a school the caller does not reach answers
 * 404 exactly as a missing one does, so ids of other schools do not leak.
 *
 * | caller                        | school rows (pupils, groups, homework...) | billing rows (invoices, subscriptions, store) |
 * |-------------------------------|-------------------------------------------|-----------------------------------------------|
 * | superuser                     | every school                              | every school                                  |
 * | employee (sales staff)        | their own school                          | every school                                  |
 * | district administrator        | their own school and their district's     | their own school                              |
 * | school admin, teacher         | their own school                          | their own school                              |
 * | pupil, parent                 | their own school                          | their own school                              |
 */
import type { HandlerContext, SessionUser } from './handler.js';
import { DomainError, notFound } from '../domain/errors.js';
import type { DomainContext } from '../domain/context.js';
import type { Reach } from '../../core/endpoints/index.js';
import { all, one, type Db } from './sql.js';
import type { Row } from '../db/rows.js';

/**
 * What a superuser may do beyond what the table's roles say, each power named and decided here, so every
 * check of the superuser flag is one of these (`superuserMay(user, 'reach every school')`).
 */
const SUPERUSER_MAY = {
  /** Rows, users and records of any school or district; choosing the school or district a call acts on. */
  'reach every school': true,
  /** Records whose reach is `superuser` (the table's superuser-only collections). */
  'reach superuser records': true,
  /** What a teacher or school admin may do, in any school: change any group or homework, see all of a school's homework, read the event log. */
  'act as school staff': true,
  /** A school's join code and integrations, in search results. */
  'see join codes': true,
  /** Every resource file, whatever the school's subscription. */
  'download any resource': true,
} as const satisfies Readonly<Record<string, boolean>>;

/** One thing a superuser may do (see `SUPERUSER_MAY`). */
export type SuperuserPower = keyof typeof SUPERUSER_MAY;

/**
 * Whether `user` is a superuser and superusers may do `power`: the one place the superuser flag is read.
 *
 * @example
 * if (superuserMay(user, 'act as school staff') || user.admin) return; // anyone else must teach the group
 */
export function superuserMay(user: Pick<SessionUser, 'superuser'> | null, power: SuperuserPower): boolean {
  return user !== null && user.superuser && SUPERUSER_MAY[power];
}

/** What a row is about: school administration, or billing (where sales staff see every school). */
export type Purpose = 'school' | 'billing';

/** Superusers and sales staff (employees): they see every school's billing. */
export function isStaff(user: SessionUser | null): boolean {
  return user !== null && (superuserMay(user, 'reach every school') || user.employee);
}

/**
 * Whether `user` reaches rows of `schoolId` for `purpose` (the table above).
 *
 * @example
 * mayReach(db, user, 2, 'billing'); // true for an employee, false for a teacher of school 1
 */
export function mayReach(db: Db, user: SessionUser | null, schoolId: number | null, purpose: Purpose): boolean {
  if (!user || schoolId === null) return false;
  if (superuserMay(user, 'reach every school') || (purpose === 'billing' && user.employee)) return true;
  if (user.schoolId === schoolId) return true;
  if (purpose === 'school' && user.districtId !== null) {
    return (
      one<Pick<Row<'schools'>, 'district_id'>>(db, 'SELECT district_id FROM schools WHERE id = ?', schoolId)
        ?.district_id === user.districtId
    );
  }
  return false;
}

/**
 * The schools whose rows `user` reaches for `purpose` (the table above, as a list for SQL): `'all'` for
 * superusers (and sales staff for billing), else their own school and, for school rows, their district's.
 *
 * @example
 * reachableSchools(db, districtAdmin, 'school'); // [2, 3]
 */
export function reachableSchools(db: Db, user: SessionUser | null, purpose: Purpose): 'all' | number[] {
  if (!user) return [];
  if (superuserMay(user, 'reach every school') || (purpose === 'billing' && user.employee)) return 'all';
  const ids = user.schoolId === null ? [] : [user.schoolId];
  if (purpose === 'school' && user.districtId !== null) {
    for (const id of all<Pick<Row<'schools'>, 'id'>>(
      db,
      'SELECT id FROM schools WHERE district_id = ?',
      user.districtId,
    ))
      if (!ids.includes(id.id)) ids.push(id.id);
  }
  return ids;
}

/**
 * What a finder throws when it finds nothing: a label (`'Invoice'`, answering `notFound(label, id)`, "Invoice
 * 12 not found") or, where the reply names the row otherwise, the error itself (made only when needed).
 */
export type Missing = string | (() => DomainError);

const missingError = (missing: Missing, id: number | string): DomainError =>
  typeof missing === 'string' ? notFound(missing, id) : missing();

/**
 * The row `sql` finds by `id` (and any `more` parameters after it), or 404 when there is none: the finder
 * for rows that belong to no school (products, plans, store items, countries...), which anyone the endpoint
 * table lets in may read, and for rows found within one already found (a subscription's schedule).
 * `findReachable` is this finder with the access policy on top.
 *
 * @example
 * const product = findRow<ProductRow>(db, 'Product', 'SELECT * FROM products WHERE id = ? AND deleted_at IS NULL', 4);
 * const schedule = findRow<ScheduleRow>(db, 'Schedule', 'SELECT * FROM card_schedules WHERE id = ? AND subscription_id = ?', 3, sub.id);
 * const invite = findRow<InviteRow>(db, () => new DomainError('not-found', 'No invite has this code'), INVITE_SQL, code);
 */
export function findRow<T>(db: Db, missing: Missing, sql: string, id: number | string, ...more: readonly unknown[]): T {
  const row = one<T>(db, sql, id, ...more);
  if (row === undefined) throw missingError(missing, id);
  return row;
}

/** What a row must satisfy, besides existing, for `findReachable` to find it. */
export interface FindOptions<T> {
  /** 'billing' for billing rows, where sales staff reach every school; 'school' when left out. */
  readonly purpose?: Purpose;
  /**
   * The school the row must belong to as well: a pupil added to a group must be of the group's school.
   * A row of another school reads as missing, like one the caller does not reach.
   */
  readonly inSchool?: number;
  /** The schools the row belongs to besides its `school_id` (a teacher's other schools, from school_memberships). */
  readonly alsoIn?: (row: T) => readonly number[];
  /** The row's school, for a row without a `school_id` column (a school is its own: `(school) => school.id`). */
  readonly schoolOf?: (row: T) => number | null;
}

/** A row that carries its school, or the options that say where its school is. */
type Schooled = { readonly school_id: number | null };
type SchooledBy<T> = FindOptions<T> & { readonly schoolOf: (row: T) => number | null };

/**
 * Whether `user` reaches `row` (one of its schools, under `mayReach`) and the row meets `options`:
 * `findReachable`'s test, for lists that filter rows already read.
 *
 * @example
 * rows.filter((row) => reachesRow(db, user, row));
 */
export function reachesRow<T extends Schooled>(
  db: Db,
  user: SessionUser | null,
  row: T,
  options?: FindOptions<T>,
): boolean;
export function reachesRow<T>(db: Db, user: SessionUser | null, row: T, options: SchooledBy<T>): boolean;
export function reachesRow<T>(db: Db, user: SessionUser | null, row: T, options: FindOptions<T> = {}): boolean {
  const fits = (school: number | null): boolean =>
    (options.inSchool === undefined || school === options.inSchool) &&
    mayReach(db, user, school, options.purpose ?? 'school');
  const school = options.schoolOf ? options.schoolOf(row) : (row as T & Schooled).school_id;
  return fits(school) || (options.alsoIn?.(row) ?? []).some(fits);
}

/**
 * The row `sql` finds by `id`, or 404 when there is none or `user` does not reach its school for the
 * purpose (another school's row reads as missing). The one finder for rows of a school: their `school_id`,
 * or `schoolOf` for a row that names its school otherwise (a school itself). It takes the database and the
 * caller, not the HTTP context, so domain modules can use it too. A row with no school (`school_id` NULL)
 * is reached by nobody, superusers included.
 *
 * @example
 * const hive = findReachable<HiveRow>(ctx.db, ctx.user, 'Hive', 'SELECT * FROM hives WHERE id = ?', id);
 * const pupil = findReachable<UserRow>(db, user, 'Pupil', PUPIL_SQL, 12, { inSchool: group.school_id });
 * const invoice = findReachable<InvoiceRow>(db, user, 'Invoice', 'SELECT * FROM invoices WHERE id = ?', 12, { purpose: 'billing' });
 */
export function findReachable<T extends Schooled>(
  db: Db,
  user: SessionUser | null,
  missing: Missing,
  sql: string,
  id: number,
  options?: FindOptions<T>,
): T;
export function findReachable<T>(
  db: Db,
  user: SessionUser | null,
  missing: Missing,
  sql: string,
  id: number,
  options: SchooledBy<T>,
): T;
export function findReachable<T>(
  db: Db,
  user: SessionUser | null,
  missing: Missing,
  sql: string,
  id: number,
  options: FindOptions<T> = {},
): T {
  const row = findRow<T>(db, missing, sql, id);
  if (!reachesRow(db, user, row, options as SchooledBy<T>)) throw missingError(missing, id);
  return row;
}

/** A user named in a path, as far as reaching them goes. */
export type NamedUser = Pick<Row<'users'>, 'id' | 'school_id' | 'parent_id'>;

/**
 * Whether `caller` reaches a user named in a path under `reach` (see `REACHES` in core/endpoints/define.ts):
 * themselves, their parent, the teachers and admins of their school and its district's administrators,
 * superusers; anyone under `everyone`, superusers only under `superuser`.
 *
 * @example
 * mayReachUser(db, teacherOfSchool1, { id: 40, school_id: 2, parent_id: null }, 'own'); // false
 */
export function mayReachUser(db: Db, caller: SessionUser | null, user: NamedUser, reach: Reach): boolean {
  if (reach === 'everyone') return true;
  if (!caller) return false;
  if (superuserMay(caller, 'reach every school')) return true;
  if (reach === 'superuser') return false;
  if (caller.id === user.id || user.parent_id === caller.id) return true;
  return (caller.kind === 'teacher' || caller.kind === 'district') && mayReach(db, caller, user.school_id, 'school');
}

/**
 * The user a path names (`users/{id}/lists`), or 404 when there is none or the caller does not reach them
 * under `reach` (another school's user reads as missing).
 *
 * @example
 * const owner = findReachableUser(ctx, ctx.params.id, ctx.endpoint.reach);
 */
export function findReachableUser(ctx: HandlerContext, raw: string, reach: Reach): NamedUser {
  const user = /^\d+$/.test(raw)
    ? one<NamedUser>(
        ctx.db,
        'SELECT id, school_id, parent_id FROM users WHERE id = ? AND deleted_at IS NULL',
        Number(raw),
      )
    : undefined;
  if (!user || !mayReachUser(ctx.db, ctx.user, user, reach)) throw notFound('User', raw);
  return user;
}

/**
 * Throws 404 unless the school or group a path names exists and the caller reaches its school (any one
 * under `everyone`).
 *
 * @example
 * assertNamedReachable(ctx, 'group', ctx.params.id, ctx.endpoint.reach);
 */
export function assertNamedReachable(ctx: HandlerContext, kind: 'school' | 'group', raw: string, reach: Reach): void {
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const row =
    kind === 'school'
      ? one<{ school_id: number }>(
          ctx.db,
          'SELECT id AS school_id FROM schools WHERE id = ? AND deleted_at IS NULL',
          id,
        )
      : one<Pick<Row<'school_groups'>, 'school_id'>>(ctx.db, 'SELECT school_id FROM school_groups WHERE id = ?', id);
  const reached =
    row !== undefined &&
    (reach === 'everyone' ||
      (reach !== 'superuser' && mayReach(ctx.db, ctx.user, row.school_id, 'school')) ||
      superuserMay(ctx.user, 'reach every school'));
  if (!reached) throw notFound(kind === 'school' ? 'School' : 'Group', raw);
}

/**
 * The signed-in caller, or 401 (public endpoints only reach this without a token).
 *
 * @example
 * const user = requireUser(ctx);
 */
export function requireUser(ctx: Pick<DomainContext, 'user'>): SessionUser {
  if (!ctx.user) throw new DomainError('unauthorised', 'Sign in to use this call');
  return ctx.user;
}

/**
 * The school the caller currently works in (`users/me/school/...`), or 404 when they have none: a superuser
 * without a school picks one with `POST users/me/manageschool` or imitates a school user.
 *
 * @example
 * const schoolId = callerSchoolId(ctx);
 */
export function callerSchoolId(ctx: Pick<DomainContext, 'user'>): number {
  const user = requireUser(ctx);
  if (user.schoolId === null) {
    throw new DomainError('not-found', `User ${user.username} is not a member of a school`);
  }
  return user.schoolId;
}

/**
 * The school a `users/me/school/...` read acts on: the one the caller names (`schoolId`), which only a
 * superuser may do (a read of any school without switching theirs, a write), else the caller's own.
 *
 * @example
 * const schoolId = chosenSchoolId(ctx, ctx.input['schoolId']);
 */
export function chosenSchoolId(ctx: HandlerContext, requested: unknown): number {
  if (typeof requested === 'number' && superuserMay(requireUser(ctx), 'reach every school')) return requested;
  return callerSchoolId(ctx);
}

/**
 * Whether the caller reaches school rows of `schoolId`.
 *
 * @example
 * if (!canReachSchool(ctx, row.school_id)) throw notFound('Group', row.id);
 */
export function canReachSchool(ctx: HandlerContext, schoolId: number | null): boolean {
  return mayReach(ctx.db, ctx.user, schoolId, 'school');
}

/**
 * The school a `schools/{id}/...` billing call names, checked to exist and to be reached by the caller.
 *
 * @example
 * const schoolId = schoolParam(ctx);
 */
export function schoolParam(ctx: HandlerContext, name = 'id'): number {
  const text = ctx.params[name] ?? '';
  const missing = (): DomainError => notFound('School', text);
  if (!/^\d+$/.test(text)) throw missing();
  const school = findReachable<Pick<Row<'schools'>, 'id'>>(
    ctx.db,
    ctx.user,
    missing,
    'SELECT id FROM schools WHERE id = ? AND deleted_at IS NULL',
    Number(text),
    {
      purpose: 'billing',
      schoolOf: (row) => row.id,
    },
  );
  return school.id;
}

/** The caller's user id (the superuser's own when imitating), or null for a public call. */
export function callerId(ctx: Pick<DomainContext, 'user'>): number | null {
  return ctx.user?.imitatedBy ?? ctx.user?.id ?? null;
}
