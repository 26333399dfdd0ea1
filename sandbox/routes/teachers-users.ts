/**
 * Teachers of the caller's school (add, list, update, remove, admin on/off), user search and the school's
 * event log. Invites are in routes/teachers-users/invites.ts, experimental toggles in routes/teachers-users/experimental.ts.
 */
import { randomInt } from 'node:crypto';
import { hashPassword } from '../domain/auth/password.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { callerSchoolId, requireUser, superuserMay } from '../kit/reach.js';
import { logEvent } from '../domain/schools/events.js';
import { findTeacher } from '../domain/schools/find.js';
import { fields as valueOf, pageIfAsked, parseField, pathId, toId } from '../kit/input.js';
import { jsonObject } from '../kit/json-columns.js';
import { adminCount, joinSchool, schoolsOf, setAdmin } from '../domain/schools/memberships.js';
import { generatePassword } from '../domain/pupils/names.js';
import type { UserRow } from '../domain/schools/rows.js';
import { serializeUser } from '../domain/schools/serialize.js';
import { all, one, run } from '../kit/sql.js';
import { serializeSchoolTeacher, schoolTeachers } from '../domain/schools/teachers.js';
import { experimentalHandlers } from './teachers-users/experimental.js';
import { teacherInviteHandlers } from './teachers-users/invites.js';
import { containsText } from '../kit/search.js';
import { searchUsers } from '../domain/schools/user-search.js';
import { defineRoutes } from './areas.js';
import type { Row } from '../db/rows.js';
import { reply } from '../kit/reply.js';

const random = (): number => randomInt(0, 2 ** 32) / 2 ** 32;


const createTeacher: RouteHandler<'POST users/me/school/teachers'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const { first_name = '', last_name = '', username, password: chosen, admin } = ctx.input;
  const fields = { first_name, last_name, username, password: chosen, admin, email: parseField('email', valueOf.email, ctx.input.email) };
  const existing = one<UserRow>(ctx.db, 'SELECT * FROM users WHERE (email = ? OR username = ?) AND deleted_at IS NULL', fields.email, fields.username ?? fields.email);
  if (existing) {
    const here = schoolTeachers(ctx.db, schoolId).some((t) => t.row.id === existing.id);
    throw new HttpError(409, 'Conflict', here ? `${fields.email} is already a teacher of this school` : `A user with ${fields.email} already exists; invite them to the school instead`);
  }
  const password = fields.password ?? `${generatePassword(random)}${generatePassword(random)}`;
  const now = ctx.now().toISOString();
  const { lastInsertRowid } = run(
    ctx.db,
    `INSERT INTO users (username, email, first_name, last_name, display_name, password_hash, kind, school_id, admin, permissions, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'teacher', ?, ?, '[]', ?)`,
    fields.username ?? fields.email,
    fields.email,
    fields.first_name,
    fields.last_name,
    `${fields.first_name} ${fields.last_name}`.trim(),
    hashPassword(password),
    schoolId,
    fields.admin ? 1 : 0,
    now,
  );
  const id = Number(lastInsertRowid);
  joinSchool(ctx.db, id, schoolId, { admin: fields.admin ?? false, now });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'teachers.created', { id });
  return reply(ctx, 'teacher', serializeSchoolTeacher(ctx.db, schoolId, id), { ...(fields.password ? {} : { password }) }, 201);
};

/** 409 unless the school keeps an admin after `teacherId` stops being one. */
function assertNotLastAdmin(ctx: HandlerContext, schoolId: number, teacherId: number, action: string): void {
  const teacher = schoolTeachers(ctx.db, schoolId).find((t) => t.row.id === teacherId);
  if (teacher?.admin && adminCount(ctx.db, schoolId) <= 1) {
    throw new HttpError(409, 'Conflict', `Teacher ${teacherId} is the only admin of school ${schoolId}; make another teacher admin before you ${action}`);
  }
}

function removeTeacher(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId);
  if (teacher.id === requireUser(ctx).id) throw new HttpError(409, 'Conflict', 'You cannot remove yourself from the school; ask another admin');
  assertNotLastAdmin(ctx, schoolId, teacher.id, 'remove them');
  const elsewhere = schoolsOf(ctx.db, teacher.id).filter((m) => m.school.id !== schoolId);
  run(ctx.db, 'DELETE FROM school_memberships WHERE user_id = ? AND school_id = ?', teacher.id, schoolId);
  run(ctx.db, 'DELETE FROM group_teachers WHERE user_id = ? AND group_id IN (SELECT id FROM school_groups WHERE school_id = ?)', teacher.id, schoolId);
  const next = elsewhere[0];
  if (next) {
    if (teacher.school_id === schoolId) run(ctx.db, 'UPDATE users SET school_id = ?, admin = ? WHERE id = ?', next.school.id, next.admin ? 1 : 0, teacher.id);
  } else {
    run(ctx.db, 'UPDATE users SET deleted_at = ?, admin = 0 WHERE id = ?', ctx.now().toISOString(), teacher.id);
  }
  ctx.countWrite();
  logEvent(ctx, schoolId, 'teachers.removed', { id: teacher.id, account_deleted: !next });
  return reply(ctx, 'deleted', true, { id: teacher.id, account_deleted: !next });
}

function setTeacherAdmin(admin: boolean) {
  return (ctx: HandlerContext): HandlerResult => {
    const schoolId = callerSchoolId(ctx);
    const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId);
    if (!admin) assertNotLastAdmin(ctx, schoolId, teacher.id, 'remove their admin rights');
    setAdmin(ctx.db, teacher.id, schoolId, admin, ctx.now().toISOString());
    ctx.countWrite();
    logEvent(ctx, schoolId, admin ? 'teachers.admin_granted' : 'teachers.admin_removed', { id: teacher.id });
    return reply(ctx, 'teacher', serializeSchoolTeacher(ctx.db, schoolId, teacher.id));
  };
}

const teacherHandlers = {
  'POST users/me/school/teachers': createTeacher,
  'GET users/me/school/teachers': (ctx) => {
    const teachers = schoolTeachers(ctx.db, callerSchoolId(ctx)).map((t) => ({ ...serializeUser(t.row), admin: t.admin }));
    return reply(ctx, 'teachers', teachers, { total: teachers.length });
  },
  'PATCH users/me/school/teachers/{id}': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId);
    const fields = { ...ctx.input, email: ctx.input.email === undefined ? undefined : parseField('email', valueOf.email, ctx.input.email) };
    const first = fields.first_name ?? teacher.first_name;
    const last = fields.last_name ?? teacher.last_name;
    run(ctx.db, 'UPDATE users SET first_name = ?, last_name = ?, display_name = ?, email = ? WHERE id = ?', first, last, fields.display_name ?? `${first} ${last}`.trim(), fields.email ?? teacher.email, teacher.id);
    ctx.countWrite();
    return reply(ctx, 'teacher', serializeSchoolTeacher(ctx.db, schoolId, teacher.id));
  },
  'DELETE users/me/school/teachers/{id}': removeTeacher,
  'GET events': (ctx) => {
    const user = requireUser(ctx);
    if (!superuserMay(user, 'act as school staff') && user.kind !== 'teacher') throw new HttpError(403, 'Forbidden', 'Only school staff can read the event log');
    const rows = superuserMay(user, 'reach every school') && user.schoolId === null
      ? all<Row<'school_events'>>(ctx.db, 'SELECT * FROM school_events ORDER BY id DESC LIMIT 100')
      : all<Row<'school_events'>>(ctx.db, 'SELECT * FROM school_events WHERE school_id = ? ORDER BY id DESC LIMIT 100', callerSchoolId(ctx));
    const events = rows.map((e) => ({ ...e, data: jsonObject(e.data) }));
    return reply(ctx, 'events', events, { total: events.length });
  },
  'GET users': (ctx) => {
    const q = typeof ctx.input['q'] === 'string' ? ctx.input['q'] : '';
    const schoolId = ctx.input['schoolid'] === undefined ? null : toId(ctx.input['schoolid'], 'School');
    const { users, total } = searchUsers(ctx, { text: q, schoolId, page: pageIfAsked(ctx) });
    return reply(ctx, 'users', users, { total });
  },
  'GET users/me/school/users': (ctx) => {
    const q = typeof ctx.input['q'] === 'string' ? ctx.input['q'] : '';
    const { users, total } = searchUsers(ctx, { text: q, schoolId: callerSchoolId(ctx) });
    return reply(ctx, 'users', users, { total });
  },
  'GET search': (ctx) => {
    const text = (ctx.input.q ?? ctx.input.search ?? '').trim();
    const schools = all<Pick<Row<'schools'>, 'id' | 'name' | 'country'>>(ctx.db, `SELECT id, name, country FROM schools WHERE deleted_at IS NULL AND (${containsText('name')} OR ${containsText('code')}) ORDER BY id LIMIT 50`, text, text);
    return reply(ctx, 'schools', schools, { users: searchUsers(ctx, { text }).users });
  },
  'PUT teachers/{id}/admin': setTeacherAdmin(true),
  'DELETE teachers/{id}/admin': setTeacherAdmin(false),
} satisfies PartialHandlerMap;

export const teachersUsersHandlers = defineRoutes('teachers-users', { ...teacherHandlers, ...teacherInviteHandlers, ...experimentalHandlers });

