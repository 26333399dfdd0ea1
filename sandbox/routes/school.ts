/**
 * School: the caller's own school, schools by id, search, join codes, membership and addresses.
 * Addresses are in routes/school/addresses.ts and merged here.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { assertReachable, callerSchoolId, requireUser, superuserMay } from '../kit/reach.js';
import { notFound, pageIfAsked, pathId, toId } from '../kit/input.js';
import { newJoinCode, normaliseCode } from '../domain/schools/codes.js';
import { logEvent } from '../domain/schools/events.js';
import { findSchool } from '../domain/schools/find.js';
import { jsonObject } from '../kit/json-columns.js';
import { isMember, joinSchool, schoolsOf } from '../domain/schools/memberships.js';
import type { SchoolRow } from '../domain/schools/rows.js';
import { accountRegionFor, localeFor, schoolCreate, schoolUpdate } from '../domain/schools/school-fields.js';
import { schoolSearch } from '../domain/schools/school-search.js';
import { serializeSchool } from '../domain/schools/serialize.js';
import { one, run } from '../kit/sql.js';
import { addressHandlers } from './school/addresses.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

function schoolWithCounts(ctx: HandlerContext, school: SchoolRow): Record<string, unknown> {
  const counts = one<{ pupils: number; teachers: number; groups: number }>(
    ctx.db,
    `SELECT (SELECT COUNT(*) FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL) AS pupils,
            (SELECT COUNT(*) FROM users WHERE school_id = ? AND kind = 'teacher' AND deleted_at IS NULL) AS teachers,
            (SELECT COUNT(*) FROM school_groups WHERE school_id = ?) AS groups`,
    school.id,
    school.id,
    school.id,
  );
  return { ...serializeSchool(school), pupil_count: counts?.pupils ?? 0, teacher_count: counts?.teachers ?? 0, group_count: counts?.groups ?? 0 };
}

/** Applies a validated update to a school row and returns the new row. */
function updateSchool(ctx: HandlerContext, school: SchoolRow, input: unknown): SchoolRow {
  const changes = schoolUpdate(input);
  const settings = changes.settings ? JSON.stringify({ ...jsonObject(school.settings), ...changes.settings }) : school.settings;
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
  ctx.countWrite();
  logEvent(ctx, school.id, 'school.updated', { fields: Object.keys(changes) });
  return findSchool(ctx.db, school.id);
}

function requireTeacher(ctx: HandlerContext, action: string): void {
  const user = requireUser(ctx);
  if (user.kind !== 'teacher' && !superuserMay(user, 'act as school staff')) throw new HttpError(403, 'Forbidden', `Only a teacher can ${action}`);
}

function createOwnSchool(ctx: HandlerContext): HandlerResult {
  requireTeacher(ctx, 'create a school');
  const user = requireUser(ctx);
  const fields = schoolCreate(ctx.input);
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
  ctx.countWrite();
  logEvent(ctx, schoolId, 'school.created', { name: fields.name });
  return reply(ctx, 'school', serializeSchool(findSchool(ctx.db, schoolId)), {}, 201);
}

function joinWithCode(ctx: HandlerContext): HandlerResult {
  requireTeacher(ctx, 'join a school');
  const user = requireUser(ctx);
  const code = normaliseCode(String(ctx.input['code']));
  const school = one<SchoolRow>(ctx.db, 'SELECT * FROM schools WHERE code = ? AND deleted_at IS NULL', code);
  if (!school) throw new HttpError(404, 'Not found', `No school has the join code ${code}`);
  if (isMember(ctx.db, user.id, school.id)) {
    throw new HttpError(409, 'Conflict', `${user.username} is already a member of school ${school.id}`);
  }
  joinSchool(ctx.db, user.id, school.id, { admin: false, now: ctx.now().toISOString() });
  ctx.countWrite();
  logEvent(ctx, school.id, 'teacher.joined', { user_id: user.id });
  return reply(ctx, 'school', serializeSchool(school));
}

function manageSchool(ctx: HandlerContext): HandlerResult {
  const user = requireUser(ctx);
  const schoolId = toId(ctx.input['schoolId'], 'School');
  const school = findSchool(ctx.db, schoolId);
  const member = schoolsOf(ctx.db, user.id).find((m) => m.school.id === schoolId);
  const district = user.districtId !== null && school.district_id === user.districtId;
  if (!member && !superuserMay(user, 'reach every school') && !district) throw notFound('School', schoolId);
  run(ctx.db, 'UPDATE users SET school_id = ?, admin = ? WHERE id = ?', schoolId, member?.admin ? 1 : 0, user.id);
  ctx.countWrite();
  return reply(ctx, 'school', serializeSchool(school));
}

function setCode(ctx: HandlerContext, schoolId: number, code: string | null): HandlerResult {
  const school = findSchool(ctx.db, schoolId);
  run(ctx.db, 'UPDATE schools SET code = ? WHERE id = ?', code, school.id);
  ctx.countWrite();
  logEvent(ctx, school.id, code === null ? 'school.code_removed' : 'school.code_generated');
  return reply(ctx, 'code', code, { school: serializeSchool(findSchool(ctx.db, school.id)) });
}

function existenceByCode(ctx: HandlerContext, code: string, schoolId?: number): HandlerResult {
  const school = one<SchoolRow>(ctx.db, 'SELECT * FROM schools WHERE code = ? AND deleted_at IS NULL', normaliseCode(code));
  const exists = school !== undefined && (schoolId === undefined || school.id === schoolId);
  return reply(ctx, 'exists', exists, { school: exists && school ? { id: school.id, name: school.name, country: school.country } : null });
}

const ownSchoolHandlers = {
  'POST users/me/school': createOwnSchool,
  'PUT users/me/school': (ctx) => reply(ctx, 'school', serializeSchool(updateSchool(ctx, findSchool(ctx.db, callerSchoolId(ctx)), ctx.input))),
  'POST users/me/joinschool': joinWithCode,
  'GET schools/{id}': (ctx) => {
    const school = findSchool(ctx.db, pathId(ctx, 'School'));
    assertReachable(ctx, school.id, 'School', school.id);
    return reply(ctx, 'school', schoolWithCounts(ctx, school));
  },
  'PATCH schools/{id}': (ctx) => {
    const school = findSchool(ctx.db, pathId(ctx, 'School'));
    const user = requireUser(ctx);
    if (!superuserMay(user, 'reach every school') && user.schoolId !== school.id) throw notFound('School', school.id);
    return reply(ctx, 'school', serializeSchool(updateSchool(ctx, school, ctx.input)));
  },
  'GET users/me/schools': (ctx) => {
    const user = requireUser(ctx);
    const schools = schoolsOf(ctx.db, user.id).map(({ school, admin }) => ({ ...serializeSchool(school), admin, current: school.id === user.schoolId }));
    return reply(ctx, 'schools', schools, { total: schools.length });
  },
  'POST users/me/manageschool': manageSchool,
  'GET schools': (ctx) => {
    const { schools, total } = schoolSearch(ctx, { q: ctx.input.q, subscribed: ctx.input.subscribed, dfeSchools: ctx.input.dfe_schools, page: pageIfAsked(ctx) });
    return reply(ctx, 'schools', schools, { total });
  },
  'POST schools/existence': (ctx) => existenceByCode(ctx, String(ctx.input['code']), toId(ctx.input['schoolId'], 'School')),
  'GET schools/existence': (ctx) => existenceByCode(ctx, String(ctx.input['code'])),
  'POST users/me/school/code': (ctx) => setCode(ctx, callerSchoolId(ctx), newJoinCode(ctx.db)),
  'DELETE users/me/school/code': (ctx) => setCode(ctx, callerSchoolId(ctx), null),
  'POST superuser/schools/{id}/generatecode': (ctx) => setCode(ctx, pathId(ctx, 'School'), newJoinCode(ctx.db)),
} satisfies PartialHandlerMap;

export const schoolHandlers = defineRoutes('school', { ...ownSchoolHandlers, ...addressHandlers });
