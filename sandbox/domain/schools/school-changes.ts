/** The caller's school and schools by id: counts, edits, creating one, joining by code, choosing which to work in, join codes. */
import type { DomainContext } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { newJoinCode, normaliseCode } from './codes.js';
import { logEvent } from './events.js';
import { findSchool } from './find.js';
import { isMember, joinSchool, schoolsOf } from './memberships.js';
import type { SchoolRow } from './rows.js';
import { accountRegionFor, localeFor, schoolCreate, schoolUpdate } from './school-fields.js';
import { serializeSchool } from './serialize.js';
import { jsonObject } from '../../kit/json-columns.js';
import { findRow, requireUser, superuserMay } from '../../kit/reach.js';
import { one, run, type Db } from '../../kit/sql.js';

/**
 * A school with its pupil, teacher and group counts.
 *
 * @example
 * schoolWithCounts(db, school).pupil_count // 30
 */
export function schoolWithCounts(db: Db, school: SchoolRow): Record<string, unknown> {
  const counts = one<{ pupils: number; teachers: number; groups: number }>(
    db,
    `SELECT (SELECT COUNT(*) FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL) AS pupils,
            (SELECT COUNT(*) FROM users WHERE school_id = ? AND kind = 'teacher' AND deleted_at IS NULL) AS teachers,
            (SELECT COUNT(*) FROM school_groups WHERE school_id = ?) AS groups`,
    school.id,
    school.id,
    school.id,
  );
  return {
    ...serializeSchool(school),
    pupil_count: counts?.pupils ?? 0,
    teacher_count: counts?.teachers ?? 0,
    group_count: counts?.groups ?? 0,
  };
}

/**
 * Applies an update (checked here) to a school and returns the new row.
 *
 * @example
 * updateSchool(ctx, school, { name: 'Oakfield Primary' }).name
 */
export function updateSchool(ctx: DomainContext, school: SchoolRow, input: unknown): SchoolRow {
  const changes = schoolUpdate(input);
  const settings = changes.settings
    ? JSON.stringify({ ...jsonObject(school.settings), ...changes.settings })
    : school.settings;
  const countryCode = changes.country ?? school.country;
  run(
    ctx.db,
    'UPDATE schools SET name = ?, country = ?, region = ?, locale = ?, account_region = ?, settings = ? WHERE id = ?',
    changes.name ?? school.name,
    countryCode,
    changes.region === undefined ? school.region : changes.region,
    changes.locale ?? school.locale,
    accountRegionFor(countryCode),
    settings,
    school.id,
  );
  logEvent(ctx, school.id, 'school.updated', { fields: Object.keys(changes) });
  return findSchool(ctx.db, school.id);
}

/**
 * 404 unless the caller works in the school or reaches every school: who may edit a school by id.
 *
 * @example
 * assertOwnSchool(ctx, school);
 */
export function assertOwnSchool(ctx: DomainContext, school: SchoolRow): void {
  const user = requireUser(ctx);
  if (!superuserMay(user, 'reach every school') && user.schoolId !== school.id) throw notFound('School', school.id);
}

function requireTeacher(ctx: DomainContext, action: string): void {
  const user = requireUser(ctx);
  if (user.kind !== 'teacher' && !superuserMay(user, 'act as school staff'))
    throw new DomainError('forbidden', `Only a teacher can ${action}`);
}

/**
 * A new school (fields checked here) with the caller, a teacher, as its admin; returns its id.
 *
 * @example
 * const id = createOwnSchool(ctx, { name: 'Oakfield', country: 'GB' });
 */
export function createOwnSchool(ctx: DomainContext, input: unknown): number {
  requireTeacher(ctx, 'create a school');
  const user = requireUser(ctx);
  const fields = schoolCreate(input);
  const now = ctx.now().toISOString();
  const { lastInsertRowid } = run(
    ctx.db,
    `INSERT INTO schools (name, code, country, region, locale, account_region, settings, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    fields.name,
    newJoinCode(ctx.db),
    fields.country,
    fields.region ?? null,
    fields.locale ?? localeFor(fields.country),
    accountRegionFor(fields.country),
    JSON.stringify(fields.settings ?? {}),
    now,
  );
  const schoolId = Number(lastInsertRowid);
  joinSchool(ctx.db, user.id, schoolId, { admin: true, now });
  logEvent(ctx, schoolId, 'school.created', { name: fields.name });
  return schoolId;
}

const SCHOOL_BY_CODE = 'SELECT * FROM schools WHERE code = ? AND deleted_at IS NULL';

function schoolByCode(db: Db, code: string): SchoolRow | undefined {
  return one<SchoolRow>(db, SCHOOL_BY_CODE, normaliseCode(code));
}

/**
 * Makes the caller, a teacher, a member of the school with the join code (404 for no such code, 409 for
 * a member already); returns the school.
 *
 * @example
 * joinWithCode(ctx, 'abc-123').id
 */
export function joinWithCode(ctx: DomainContext, rawCode: string): SchoolRow {
  requireTeacher(ctx, 'join a school');
  const user = requireUser(ctx);
  const code = normaliseCode(rawCode);
  const school = findRow<SchoolRow>(
    ctx.db,
    () => new DomainError('not-found', `No school has the join code ${code}`),
    SCHOOL_BY_CODE,
    code,
  );
  if (isMember(ctx.db, user.id, school.id)) {
    throw new DomainError('conflict', `${user.username} is already a member of school ${school.id}`);
  }
  joinSchool(ctx.db, user.id, school.id, { admin: false, now: ctx.now().toISOString() });
  logEvent(ctx, school.id, 'teacher.joined', { user_id: user.id });
  return school;
}

/**
 * Makes school `schoolId` the one the caller works in: one of theirs, of their district, or any for a
 * superuser (404 otherwise); returns it.
 *
 * @example
 * manageSchool(ctx, 2).id // 2
 */
export function manageSchool(ctx: DomainContext, schoolId: number): SchoolRow {
  const user = requireUser(ctx);
  const school = findSchool(ctx.db, schoolId);
  const member = schoolsOf(ctx.db, user.id).find((m) => m.school.id === schoolId);
  const district = user.districtId !== null && school.district_id === user.districtId;
  if (!member && !superuserMay(user, 'reach every school') && !district) throw notFound('School', schoolId);
  run(ctx.db, 'UPDATE users SET school_id = ?, admin = ? WHERE id = ?', schoolId, member?.admin ? 1 : 0, user.id);
  return school;
}

/**
 * Gives the school a new join code (`generate`) or removes its code; returns the code and the school.
 *
 * @example
 * setJoinCode(ctx, 1, true).code // 'QX7-PLM'
 */
export function setJoinCode(
  ctx: DomainContext,
  schoolId: number,
  generate: boolean,
): { code: string | null; school: SchoolRow } {
  const school = findSchool(ctx.db, schoolId);
  const code = generate ? newJoinCode(ctx.db) : null;
  run(ctx.db, 'UPDATE schools SET code = ? WHERE id = ?', code, school.id);
  logEvent(ctx, school.id, code === null ? 'school.code_removed' : 'school.code_generated');
  return { code, school: findSchool(ctx.db, school.id) };
}

/**
 * Whether a school has the join code (and is school `schoolId`, when given), with the school's name.
 *
 * @example
 * codeExists(db, 'abc-123') // { exists: true, school: { id: 1, name: 'Oakfield', country: 'GB' } }
 */
export function codeExists(
  db: Db,
  code: string,
  schoolId?: number,
): { exists: boolean; school: { id: number; name: string; country: string } | null } {
  const school = schoolByCode(db, code);
  const exists = school !== undefined && (schoolId === undefined || school.id === schoolId);
  return { exists, school: exists && school ? { id: school.id, name: school.name, country: school.country } : null };
}
